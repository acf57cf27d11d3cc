/**
 * The pacing of per-project event subscriptions (reference §10): with N projects a round costs N
 * requests, so the rounds are paced to a budget of requests a minute (the share of the quota that
 * idle watching may spend), and projects with recent events are read more often than quiet ones.
 * Pure functions over a small state kept in the watch cursor, so the service's clock drives them.
 */

/** One subscription: its sync token (null before the first 412), when it last had events and was read. */
export interface ProjectSubscription {
  /** Sync token; null until the first read handed one out. */
  s: string | null;
  /** When the last event came (epoch ms; 0 for never). */
  e: number;
  /** When it was last read (epoch ms; 0 for never). */
  r: number;
  /**
   * Set on the subscription of a task in no project (reference §10: no project stream covers it);
   * absent on a project's. Both kinds share the rounds: each costs one request a round.
   */
  t?: 1;
}

/** Everything the rounds remember between reads. */
export interface RoundsState {
  readonly projects: Record<string, ProjectSubscription>;
  /** Requests the rounds may still spend now (a token bucket refilled at the budget's rate). */
  credit: number;
  /** When `credit` was last refilled. */
  creditAt: number;
}

/** A project with an event this recently counts as busy. */
export const BUSY_WINDOW_MS = 60_000;
/** How often a busy project is read. A burst in one project is seen within about this long. */
export const BUSY_INTERVAL_MS = 2_000;
/** The shortest quiet round: a handful of projects need not be read more than every 5 s. */
export const MIN_QUIET_INTERVAL_MS = 5_000;
/**
 * While some project is busy the rounds may spend this many times the idle budget (busy reads on
 * top of the quiet round); idle watching stays within the budget itself.
 */
export const BUSY_BUDGET_FACTOR = 3;
/**
 * Unused credit kept, in seconds of budget: reads late by this much (a slow answer, a loaded
 * process) are made up, and no more than that is ever spent at once.
 */
const CREDIT_SECONDS = 30;

/** How long a quiet project waits between reads: one round of `count` projects at `perMinute`. */
export function quietIntervalMs(count: number, perMinute: number): number {
  if (perMinute <= 0) return Number.POSITIVE_INFINITY;
  return Math.max(MIN_QUIET_INTERVAL_MS, Math.ceil((count * 60_000) / perMinute));
}

function isBusy(subscription: ProjectSubscription, now: number): boolean {
  return subscription.e > 0 && now - subscription.e < BUSY_WINDOW_MS;
}

/**
 * The projects to read now, earliest due first (a busy project is due 2 s after its last read, a
 * quiet one a round after it), as many as the
 * credit allows; new subscriptions (no token yet) are taken whatever the credit, since until they
 * have a token nothing of the project is watched. Spends the credit it hands out. `everything`
 * takes every project (a run is about to end).
 *
 * @example
 * ```ts
 * const due = dueProjects(state, Date.now(), 150);
 * ```
 */
export function dueProjects(
  state: RoundsState,
  now: number,
  perMinute: number,
  everything = false,
): string[] {
  const entries = Object.entries(state.projects);
  if (everything) return entries.map(([gid]) => gid);
  const quiet = quietIntervalMs(entries.length, perMinute);
  const anyBusy = entries.some(([, subscription]) => isBusy(subscription, now));
  const rate = (perMinute * (anyBusy ? BUSY_BUDGET_FACTOR : 1)) / 60_000;
  const elapsed = Math.max(0, now - state.creditAt);
  state.credit = Math.min(state.credit + elapsed * rate, Math.max(1, rate * CREDIT_SECONDS * 1000));
  state.creditAt = now;
  const fresh = entries.filter(([, subscription]) => subscription.s === null).map(([gid]) => gid);
  // Earliest due first: a busy project is due sooner and so read more often, but a quiet one that
  // has waited its round is never starved by many busy ones.
  const overdue = entries
    .filter(([, subscription]) => subscription.s !== null)
    .map(([gid, subscription]) => ({
      gid,
      dueAt: subscription.r + (isBusy(subscription, now) ? BUSY_INTERVAL_MS : quiet),
    }))
    .filter((entry) => entry.dueAt <= now)
    .sort((a, b) => a.dueAt - b.dueAt);
  const picked: string[] = [...fresh];
  for (const entry of overdue) {
    if (state.credit < 1) break;
    state.credit -= 1;
    picked.push(entry.gid);
  }
  return picked;
}

/**
 * How long until some project is due again (or the credit allows the next read), at least 250 ms.
 *
 * @example
 * ```ts
 * const waitMs = nextDueInMs(state, Date.now(), 150);
 * ```
 */
export function nextDueInMs(state: RoundsState, now: number, perMinute: number): number {
  const entries = Object.values(state.projects);
  if (entries.length === 0) return MIN_QUIET_INTERVAL_MS;
  const quiet = quietIntervalMs(entries.length, perMinute);
  let soonest = Number.POSITIVE_INFINITY;
  for (const subscription of entries) {
    if (subscription.s === null) return 250;
    const interval = isBusy(subscription, now) ? BUSY_INTERVAL_MS : quiet;
    soonest = Math.min(soonest, subscription.r + interval - now);
  }
  const anyBusy = entries.some((subscription) => isBusy(subscription, now));
  const rate = (perMinute * (anyBusy ? BUSY_BUDGET_FACTOR : 1)) / 60_000;
  const forCredit = state.credit >= 1 || rate <= 0 ? 0 : (1 - state.credit) / rate;
  return Math.max(250, Math.ceil(Math.max(soonest, forCredit)));
}
