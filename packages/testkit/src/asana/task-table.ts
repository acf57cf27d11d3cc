/** Marks "no row" in an index column (no parent, no assignee, no project). */
export const NO_ROW = -1;
/** Marks "no date" in a day-number column. */
export const NO_DAY = -2147483648;

/** `resource_subtype` values of tasks, by their code in {@link TaskTable.subtype}. */
export const TASK_SUBTYPES = ['default_task', 'milestone', 'approval'] as const;
/** `approval_status` values, by their code in {@link TaskTable.approval}. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'changes_requested'] as const;
/** `assignee_status` values, by their code in {@link TaskTable.assigneeStatus}. */
export const ASSIGNEE_STATUSES = ['inbox', 'today', 'upcoming', 'later'] as const;

/** Bits of {@link TaskTable.flags}. */
export const TaskFlag = { completed: 1, deleted: 2, likedByMe: 4 } as const;

/** The scalar columns of one task, as {@link TaskTable.append} takes them. */
export interface TaskColumns {
  gid: number;
  workspace: number;
  project: number;
  section: number;
  parent: number;
  assignee: number;
  createdBy: number;
  createdAt: number;
  modifiedAt: number;
  completedAt: number;
  dueOn: number;
  dueAt: number;
  startOn: number;
  subtype: number;
  approval: number;
  assigneeStatus: number;
  flags: number;
  numLikes: number;
}

const INITIAL_CAPACITY = 1024;
/** Where {@link TaskTable.gidOf} splits a gid into halves that print fast. */
const GID_SPLIT = 100_000_000;

/**
 * Tasks stored column by column in typed arrays. A 200,000-task project costs about 15 MB here,
 * where plain objects with materialised JSON would cost well over a gigabyte; full records are
 * built only for the page being served. Names and notes are not stored at all: they are derived
 * from the index on demand (or kept in a sparse override map when set explicitly).
 */
export class TaskTable {
  count = 0;
  gid = new Float64Array(INITIAL_CAPACITY);
  workspace = new Int32Array(INITIAL_CAPACITY);
  /** Home project and section (row indices); further memberships live in a sparse map. */
  project = new Int32Array(INITIAL_CAPACITY);
  section = new Int32Array(INITIAL_CAPACITY);
  parent = new Int32Array(INITIAL_CAPACITY);
  assignee = new Int32Array(INITIAL_CAPACITY);
  createdBy = new Int32Array(INITIAL_CAPACITY);
  /** Epoch milliseconds; NaN means null. */
  createdAt = new Float64Array(INITIAL_CAPACITY);
  modifiedAt = new Float64Array(INITIAL_CAPACITY);
  completedAt = new Float64Array(INITIAL_CAPACITY);
  dueAt = new Float64Array(INITIAL_CAPACITY);
  /** Days since the epoch; {@link NO_DAY} means null. */
  dueOn = new Int32Array(INITIAL_CAPACITY);
  startOn = new Int32Array(INITIAL_CAPACITY);
  subtype = new Uint8Array(INITIAL_CAPACITY);
  approval = new Uint8Array(INITIAL_CAPACITY);
  assigneeStatus = new Uint8Array(INITIAL_CAPACITY);
  flags = new Uint8Array(INITIAL_CAPACITY);
  numLikes = new Uint8Array(INITIAL_CAPACITY);
  private readonly byGid = new Map<number, number>();

  /** Adds a task and returns its row index. */
  append(row: TaskColumns): number {
    if (this.count === this.gid.length) this.grow(this.count * 2);
    const i = this.count;
    this.gid[i] = row.gid;
    this.workspace[i] = row.workspace;
    this.project[i] = row.project;
    this.section[i] = row.section;
    this.parent[i] = row.parent;
    this.assignee[i] = row.assignee;
    this.createdBy[i] = row.createdBy;
    this.createdAt[i] = row.createdAt;
    this.modifiedAt[i] = row.modifiedAt;
    this.completedAt[i] = row.completedAt;
    this.dueOn[i] = row.dueOn;
    this.dueAt[i] = row.dueAt;
    this.startOn[i] = row.startOn;
    this.subtype[i] = row.subtype;
    this.approval[i] = row.approval;
    this.assigneeStatus[i] = row.assigneeStatus;
    this.flags[i] = row.flags;
    this.numLikes[i] = row.numLikes;
    this.byGid.set(row.gid, i);
    this.count += 1;
    return i;
  }

  /** Row index of a gid, or {@link NO_ROW}. Deleted rows are still found; callers check the flag. */
  indexOf(gid: string): number {
    if (!/^\d{1,16}$/.test(gid)) return NO_ROW;
    return this.byGid.get(Number(gid)) ?? NO_ROW;
  }

  gidOf(index: number): string {
    const gid = this.gid[index] ?? 0;
    // Gids are 16-digit integers, past the small-integer range: String() takes V8's slow path for
    // doubles, which showed as a quarter of a list page. Two 8-digit halves print as integers;
    // anything else (never produced by the dataset) still goes through String().
    const high = Math.floor(gid / GID_SPLIT);
    const low = gid - high * GID_SPLIT;
    if (!(high >= 1 && high < GID_SPLIT && Number.isInteger(low) && low >= 0 && low < GID_SPLIT)) {
      return String(gid);
    }
    return `${high}${String(low).padStart(8, '0')}`;
  }

  isDeleted(index: number): boolean {
    return ((this.flags[index] ?? 0) & TaskFlag.deleted) !== 0;
  }

  isCompleted(index: number): boolean {
    return ((this.flags[index] ?? 0) & TaskFlag.completed) !== 0;
  }

  setFlag(index: number, flag: number, on: boolean): void {
    const current = this.flags[index] ?? 0;
    this.flags[index] = on ? current | flag : current & ~flag;
  }

  /** Trims spare capacity once generation is done, so a big dataset does not keep ~2x its size. */
  compact(): void {
    this.grow(Math.max(this.count, 1));
  }

  private grow(capacity: number): void {
    const resize = <T extends Float64Array | Int32Array | Uint8Array>(
      array: T,
      make: (n: number) => T,
    ): T => {
      const next = make(capacity);
      next.set(array.subarray(0, Math.min(this.count, capacity)));
      return next;
    };
    this.gid = resize(this.gid, (n) => new Float64Array(n));
    this.workspace = resize(this.workspace, (n) => new Int32Array(n));
    this.project = resize(this.project, (n) => new Int32Array(n));
    this.section = resize(this.section, (n) => new Int32Array(n));
    this.parent = resize(this.parent, (n) => new Int32Array(n));
    this.assignee = resize(this.assignee, (n) => new Int32Array(n));
    this.createdBy = resize(this.createdBy, (n) => new Int32Array(n));
    this.createdAt = resize(this.createdAt, (n) => new Float64Array(n));
    this.modifiedAt = resize(this.modifiedAt, (n) => new Float64Array(n));
    this.completedAt = resize(this.completedAt, (n) => new Float64Array(n));
    this.dueAt = resize(this.dueAt, (n) => new Float64Array(n));
    this.dueOn = resize(this.dueOn, (n) => new Int32Array(n));
    this.startOn = resize(this.startOn, (n) => new Int32Array(n));
    this.subtype = resize(this.subtype, (n) => new Uint8Array(n));
    this.approval = resize(this.approval, (n) => new Uint8Array(n));
    this.assigneeStatus = resize(this.assigneeStatus, (n) => new Uint8Array(n));
    this.flags = resize(this.flags, (n) => new Uint8Array(n));
    this.numLikes = resize(this.numLikes, (n) => new Uint8Array(n));
  }
}
