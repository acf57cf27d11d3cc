/** A compact resource as events name it. */
export interface AsanaEventResource {
  gid: string;
  resource_type: string;
  name?: string;
}

/**
 * One change as Asana's Events API reports it (spec: `EventResponse`), plus the gids of the
 * resources whose subscriptions see it: a task's event is seen by the task itself, its parent
 * task, each project it is in and its workspace, as a subscription to a project "will contain
 * events for tasks contained within the project" while a subtask outside the project is seen only
 * through its parent.
 */
export interface AsanaEvent {
  /** Position in the log: events are served in this order. */
  readonly seq: number;
  readonly createdAt: number;
  readonly userGid: string | null;
  readonly resource: AsanaEventResource;
  readonly action: 'changed' | 'added' | 'removed' | 'deleted' | 'undeleted';
  /** For added/removed: what the resource was added to or removed from. */
  readonly parent: AsanaEventResource | null;
  /** For changed: which field changed and how. */
  readonly change?: { readonly field: string; readonly action: 'changed' | 'added' | 'removed' };
  readonly scopes: readonly string[];
}

/**
 * The simulator's event history: every mutation of the dataset appends here, and `/events` reads
 * it through sync tokens. Kept in memory for the simulator's life; a sync token that is too old
 * (or issued before {@link AsanaEventLog.expireTokens}) answers 412, as Asana's do.
 *
 * @example
 * ```ts
 * sim.data.events.since('1204306707626567', 0, 100).events.map((event) => event.action);
 * ```
 */
export class AsanaEventLog {
  readonly #events: AsanaEvent[] = [];
  /** Tokens issued before the current epoch are expired. */
  #epoch = 0;

  /** The sequence number of the latest event (0 before any). */
  get head(): number {
    return this.#events.length;
  }

  /** The current token epoch. */
  get epoch(): number {
    return this.#epoch;
  }

  /** @internal Appends an event; returns it. */
  append(event: Omit<AsanaEvent, 'seq'>): AsanaEvent {
    const stored = { ...event, seq: this.#events.length + 1 };
    this.#events.push(stored);
    return stored;
  }

  /**
   * Expires every sync token issued so far (the next `/events` call with one answers 412 with a
   * fresh token), for tests of the resync path.
   */
  expireTokens(): void {
    this.#epoch += 1;
  }

  /**
   * The events of `scope` after position `after`, at most `max`; `position` is where the next read
   * starts (the last event returned, or the head when fewer than `max` matched).
   */
  since(
    scope: string,
    after: number,
    max: number,
  ): { events: AsanaEvent[]; position: number; hasMore: boolean } {
    const events: AsanaEvent[] = [];
    for (let index = after; index < this.#events.length; index += 1) {
      const event = this.#events[index]!;
      if (!event.scopes.includes(scope)) continue;
      if (events.length === max) return { events, position: events.at(-1)!.seq, hasMore: true };
      events.push(event);
    }
    return { events, position: this.#events.length, hasMore: false };
  }
}
