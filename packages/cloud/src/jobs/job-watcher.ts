import { PlatformApiError } from '../errors/platform-api-error';
import { parsePlatformTime } from '../http/parse-platform-time';
import { PlatformApi } from '../http/platform-api';
import { type JobResponse, JobResponseSchema } from '../http/wire-schemas';
import { isFinalJobStatus } from './job-status';
import type { PollingClock } from './polling-clock';
import { pollDelayMs, type ResolvedPollingOptions } from './polling-options';

/** One wait for one job. */
export interface JobWatch {
  jobId: number;
  /** The job's creation time on the server (from `startTime`), if known: needed for batching. */
  createdAt?: number | undefined;
  /**
   * When (by the polling clock) the caller last read the job's status, e.g. from `POST /jobs`; the
   * first poll then waits the initial interval from that moment instead of going out at once.
   */
  lastObservedAt?: number | undefined;
  /** How long to wait, in milliseconds. */
  timeoutMs: number;
  /** Receives every status read, so the caller's cached job stays current. */
  onSnapshot: (job: JobResponse) => void;
  signal?: AbortSignal | undefined;
}

/** How a wait ended. */
export interface JobWatchOutcome {
  status: string;
  /** True when the timeout ran out before the job was final. */
  timedOut: boolean;
  /** When (by the polling clock) the returned status was read. */
  observedAt: number;
}

interface Waiter {
  watch: JobWatch;
  createdAt: number | undefined;
  startedAt: number;
  deadline: number;
  observations: number;
  nextAt: number;
  resolve: (outcome: JobWatchOutcome) => void;
  reject: (error: unknown) => void;
  detach: () => void;
}

const listPageSize = 100;
// Server timestamps may be printed without their fraction; starting the listing a little early
// costs nothing and keeps a job whose `startTime` was rounded down from being missed.
const createdAtSlackMs = 1_000;

/**
 * Polls jobs for their waiters, one polling loop per workspace. Each waiter has its own schedule
 * (see `pollDelayMs`) and deadline; the loop sleeps until the earliest one is due. When several
 * jobs are due together, one `GET /jobs?workspaceIds=…&createdAtStart=…&orderBy=createdAt|ASC`
 * listing reads them all (every waiter it covers is refreshed, due or not, so schedules align and
 * later rounds stay shared); jobs the listing misses, or a lone job, are read with
 * `GET /jobs/{id}`. If the server refuses the listing's filters, the watcher falls back to
 * per-job reads for good. Internal: `SyncResult.waitForCompletion` is the public face.
 *
 * @example
 * ```ts
 * const outcome = await watcher.watch({ jobId, lastObservedAt: clock.now(), timeoutMs: 300_000, onSnapshot });
 * ```
 */
export class JobWatcher {
  readonly #api: PlatformApi;
  readonly #workspaceId: string;
  readonly #clock: PollingClock;
  readonly #options: ResolvedPollingOptions;
  readonly #waiters = new Set<Waiter>();
  #running = false;
  #wake: AbortController | undefined;
  #wakeAt = Number.POSITIVE_INFINITY;
  #batchRefused = false;
  /** Listing pages the last batched round needed, to judge whether batching still pays. */
  #pagesPerListing = 1;

  constructor(api: PlatformApi, workspaceId: string, clock: PollingClock, options: ResolvedPollingOptions) {
    this.#api = api;
    this.#workspaceId = workspaceId;
    this.#clock = clock;
    this.#options = options;
  }

  /** How many waits are in progress. */
  get pending(): number {
    return this.#waiters.size;
  }

  /** Waits until the job is final or the timeout runs out; rejects on a failed read or an abort. */
  watch(watch: JobWatch): Promise<JobWatchOutcome> {
    const { signal } = watch;
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<JobWatchOutcome>((resolve, reject) => {
      const startedAt = this.#clock.now();
      const deadline = startedAt + Math.max(0, watch.timeoutMs);
      const seen = watch.lastObservedAt;
      const firstAt =
        seen === undefined ? startedAt : Math.max(startedAt, seen + pollDelayMs(this.#options, 1));
      const waiter: Waiter = {
        watch,
        createdAt: watch.createdAt,
        startedAt,
        deadline,
        observations: seen === undefined ? 0 : 1,
        nextAt: Math.min(firstAt, deadline),
        resolve: (outcome) => {
          waiter.detach();
          resolve(outcome);
        },
        reject: (error) => {
          waiter.detach();
          reject(error);
        },
        detach: () => {
          this.#waiters.delete(waiter);
          signal?.removeEventListener('abort', onAbort);
        },
      };
      const onAbort = () => waiter.reject(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiters.add(waiter);
      if (waiter.nextAt < this.#wakeAt) this.#wake?.abort();
      if (!this.#running) {
        this.#running = true;
        // Started on the next microtask, so waits registered together are polled together.
        queueMicrotask(() => {
          this.#run().catch((error: unknown) => {
            for (const other of [...this.#waiters]) other.reject(error);
          });
        });
      }
    });
  }

  async #run(): Promise<void> {
    try {
      while (this.#waiters.size > 0) {
        const now = this.#clock.now();
        const due = [...this.#waiters].filter((waiter) => waiter.nextAt <= now);
        if (due.length > 0) {
          await this.#poll(due, now);
          continue;
        }
        const wakeAt = Math.min(...[...this.#waiters].map((waiter) => waiter.nextAt));
        const wake = new AbortController();
        this.#wake = wake;
        this.#wakeAt = wakeAt;
        try {
          await this.#clock.sleep(wakeAt - now, wake.signal);
        } catch (error) {
          // Woken early by a new waiter that is due sooner: recompute. Anything else is the
          // clock failing, which no waiter can outlive.
          if (!wake.signal.aborted) throw error;
        } finally {
          this.#wake = undefined;
          this.#wakeAt = Number.POSITIVE_INFINITY;
        }
      }
    } finally {
      this.#running = false;
    }
  }

  async #poll(due: Waiter[], checkedAt: number): Promise<void> {
    const snapshots = new Map<number, JobResponse>();
    const failures = new Map<number, unknown>();
    const dueIds = [...new Set(due.map((waiter) => waiter.watch.jobId))];

    // Jobs whose creation time is known can be found in a listing; the others are read alone.
    const listable = [
      ...new Set(due.filter((waiter) => waiter.createdAt !== undefined).map((waiter) => waiter.watch.jobId)),
    ];
    if (this.#shouldList(listable.length)) {
      try {
        await this.#list(due, listable, snapshots);
      } catch (error) {
        // A server that rejects the filters will keep rejecting them; anything else (an outage
        // that outlasted the retries) may pass, and the per-job reads below get their own chance.
        if (error instanceof PlatformApiError && error.status >= 400 && error.status < 500) {
          this.#batchRefused = true;
        }
      }
    }
    const missing = dueIds.filter((jobId) => !snapshots.has(jobId));
    await Promise.all(
      missing.map(async (jobId) => {
        try {
          snapshots.set(
            jobId,
            await this.#api.request({
              path: PlatformApi.path('jobs', jobId),
              schema: JobResponseSchema,
              resource: { type: 'job', id: String(jobId) },
            }),
          );
        } catch (error) {
          failures.set(jobId, error);
        }
      }),
    );

    for (const waiter of [...this.#waiters]) {
      const failure = failures.get(waiter.watch.jobId);
      if (failure !== undefined && due.includes(waiter)) {
        waiter.reject(failure);
        continue;
      }
      const snapshot = snapshots.get(waiter.watch.jobId);
      if (snapshot) this.#apply(waiter, snapshot, checkedAt);
    }
  }

  #shouldList(listableJobs: number): boolean {
    if (!this.#options.batch || this.#batchRefused || listableJobs < 2) return false;
    // A listing pays while it needs fewer requests than reading each due job alone.
    return this.#pagesPerListing < listableJobs;
  }

  async #list(due: Waiter[], listable: number[], snapshots: Map<number, JobResponse>): Promise<void> {
    const wanted = new Set(listable);
    // From the oldest due job on: awaited jobs created later are refreshed on the way for free.
    const known = due
      .filter((waiter) => wanted.has(waiter.watch.jobId))
      .map((waiter) => waiter.createdAt)
      .filter((createdAt): createdAt is number => createdAt !== undefined);
    const since = new Date(Math.min(...known) - createdAtSlackMs).toISOString();
    const pinned = {
      workspaceIds: this.#workspaceId,
      createdAtStart: since,
      orderBy: 'createdAt|ASC',
    };
    const listing = this.#api.pages(
      {
        collectionPath: '/jobs',
        query: { ...pinned, limit: String(listPageSize), offset: '0' },
        pinned,
      },
      JobResponseSchema,
    );
    const waiting = new Set([...this.#waiters].map((waiter) => waiter.watch.jobId));
    let pages = 0;
    for await (const page of listing.pages()) {
      pages += 1;
      for (const job of page.data) {
        if (!waiting.has(job.jobId)) continue;
        snapshots.set(job.jobId, job);
        wanted.delete(job.jobId);
      }
      // Oldest first from the oldest awaited job: once every due job has been seen, the rest of
      // the listing can only hold newer jobs nobody is due to check.
      if (wanted.size === 0) break;
    }
    this.#pagesPerListing = Math.max(1, pages);
  }

  #apply(waiter: Waiter, snapshot: JobResponse, checkedAt: number): void {
    waiter.watch.onSnapshot(snapshot);
    if (waiter.createdAt === undefined && snapshot.startTime !== undefined) {
      try {
        waiter.createdAt = parsePlatformTime(snapshot.startTime);
      } catch {
        // Without a creation time this job is read alone; the wait itself is unaffected.
      }
    }
    waiter.observations += 1;
    if (isFinalJobStatus(snapshot.status)) {
      waiter.resolve({ status: snapshot.status, timedOut: false, observedAt: checkedAt });
    } else if (checkedAt >= waiter.deadline) {
      waiter.resolve({ status: snapshot.status, timedOut: true, observedAt: checkedAt });
    } else {
      waiter.nextAt = Math.min(checkedAt + pollDelayMs(this.#options, waiter.observations), waiter.deadline);
    }
  }
}
