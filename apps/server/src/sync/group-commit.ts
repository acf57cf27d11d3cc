/** A write waiting for its group's commit. */
interface Pending<W> {
  readonly write: W;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** How a `GroupCommit` commits and sizes its groups. */
export interface GroupCommitOptions<W> {
  /** Commits writes together, in the order given, in one transaction: all of them or none. */
  readonly commit: (writes: readonly W[]) => Promise<void>;
  /** A write's share of a group (its records). */
  readonly weight: (write: W) => number;
  /** A group stops growing once it weighs this much (a single heavier write still goes alone). */
  readonly maxWeight: number;
}

/**
 * Group commit: writes submitted while a commit is running wait for it and then go together in
 * the next one, so concurrent writers share one transaction (and, for a sync, one upsert of each
 * collection) instead of paying one each, and a lone writer waits for nobody. Each `submit`
 * resolves once its write is durable. A group that fails is retried one write at a time, so a
 * write's failure is its own and the others of its group still commit.
 *
 * @example
 * ```ts
 * const pages = new GroupCommit({ commit: (writes) => db.transaction((tx) => writeAll(tx, writes)), weight: (w) => w.records.length, maxWeight: 10_000 });
 * await pages.submit(page); // durable from here on
 * ```
 */
export class GroupCommit<W> {
  readonly #options: GroupCommitOptions<W>;
  readonly #queue: Pending<W>[] = [];
  #draining = false;

  constructor(options: GroupCommitOptions<W>) {
    this.#options = options;
  }

  /** Resolves when `write` is committed; rejects with its commit's error. */
  submit(write: W): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ write, resolve, reject });
      if (!this.#draining) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#draining = true;
    try {
      while (this.#queue.length > 0) {
        const group = this.#nextGroup();
        try {
          await this.#options.commit(group.map((entry) => entry.write));
          for (const entry of group) entry.resolve();
        } catch (error) {
          if (group.length === 1) {
            group[0]!.reject(error);
            continue;
          }
          for (const entry of group) {
            try {
              await this.#options.commit([entry.write]);
              entry.resolve();
            } catch (alone) {
              entry.reject(alone);
            }
          }
        }
      }
    } finally {
      this.#draining = false;
    }
  }

  #nextGroup(): Pending<W>[] {
    const group = [this.#queue.shift()!];
    let weight = this.#options.weight(group[0]!.write);
    while (this.#queue.length > 0) {
      const next = this.#options.weight(this.#queue[0]!.write);
      if (weight + next > this.#options.maxWeight) break;
      group.push(this.#queue.shift()!);
      weight += next;
    }
    return group;
  }
}
