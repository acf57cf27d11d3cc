import { childJobs, type SyncJobKey } from '@conduit/connector-kit';
import { AuthenticationError, CursorExpiredError, NotFoundError } from '@conduit/protocol';
import type { Clock } from '../clock';
import type { Logger } from '../logging/logger';
import { collectionLayout } from '../search/collection-layout';
import { searchRecordId } from '../search/indexed-document';
import type { SearchCollection, SearchIndexWriter } from '../search/search-index-writer';
import type { SqlDatabase, SqlExecutor } from '../store/sql-database';
import { GroupCommit } from './group-commit';
import { LeaseLostError } from './lease-lost-error';
import { publicSyncError } from './public-sync-error';
import { removeWithChildren } from './remove-with-children';
import type { SyncConfig } from './sync-config';
import type { ClaimedRun, PendingJob, SyncRepository } from './sync-repository';
import type { SyncUpstream } from './sync-upstream';

/** Told after each page a run commits (logging, tests). */
export interface SyncPageEvent {
  readonly runId: string;
  readonly kind: string;
  readonly parent: string;
  readonly records: number;
  /** Pages this process committed in the run so far. */
  readonly pages: number;
}

/** What a run needs. */
export interface SyncRunDependencies {
  readonly db: SqlDatabase;
  readonly repository: SyncRepository;
  readonly writer: SearchIndexWriter;
  readonly upstream: SyncUpstream;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly config: SyncConfig;
  /** This process's lease owner id. */
  readonly owner: string;
  /** Called when the upstream refused the connector's credentials (after a refresh attempt). */
  readonly onCredentialsRefused: () => Promise<void>;
  /** Called after each committed page; throwing stops the run as a crash would. */
  readonly onPage?: (event: SyncPageEvent) => void | Promise<void>;
  /**
   * Called once every listing is done and swept, before the outcome is recorded: the scheduler
   * drains the connector's change stream here, so what the run reports includes deletions it could
   * not list.
   */
  readonly beforeFinish?: () => Promise<void>;
}

/** How a run that got to its end went. */
export interface SyncRunReport {
  readonly succeeded: boolean;
  readonly pages: number;
  readonly records: number;
  readonly swept: number;
}

/**
 * Records per write transaction at most: pages that arrive while one commits are written together
 * in the next (group commit), up to this many records. Large enough to amortise a transaction's
 * fixed cost (lease check, feed lock, vocabulary and statistics updates) over many pages, small
 * enough to keep a transaction short and its memory a few pages.
 */
const MAX_RECORDS_PER_COMMIT = 5_000;

/** A fetched page, waiting to be written with the listing's new offset. */
interface PageWrite {
  readonly jobId: number;
  readonly entity: string;
  readonly live: readonly unknown[];
  /** Ids of records the page says were deleted. */
  readonly deleted: readonly string[];
  readonly children: readonly SyncJobKey[];
  readonly nextOffset: string | null;
  readonly records: number;
}

/** Wakes the workers waiting for new listings or for the last one in flight to end. */
class Signal {
  #waiters: (() => void)[] = [];

  wait(): Promise<void> {
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  notify(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}

/**
 * Executes one leased run of a connector's sync to its end: walks the upstream hierarchy from the
 * run's pending listings (a resumed run continues each listing at its stored offset), several at a
 * time, and commits every page in one transaction with the listing's new offset and the listings
 * it leads to, after checking the lease. When no listing is left it sweeps the records the run did
 * not see (full runs; the always-complete entities on incremental ones) and records the outcome.
 *
 * Resolves with the report once the run is finished; rejects (leaving the run resumable) when it
 * was aborted, lost its lease or the store failed.
 *
 * @example
 * ```ts
 * const run = await repository.claim(owner, clock.now(), config.leaseMs);
 * if (run) await executeSyncRun(run, dependencies, shutdown.signal);
 * ```
 */
export async function executeSyncRun(
  run: ClaimedRun,
  deps: SyncRunDependencies,
  signal: AbortSignal,
): Promise<SyncRunReport> {
  const { db, repository, writer, config, clock, owner } = deps;
  const controller = new AbortController();
  const stop = (reason: unknown) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const onOuterAbort = () => stop(signal.reason);
  if (signal.aborted) stop(signal.reason);
  signal.addEventListener('abort', onOuterAbort, { once: true });
  const heartbeat = setInterval(
    () => {
      repository.renew(run.id, owner, clock.now(), config.leaseMs).then(
        (held) => {
          if (!held) stop(new LeaseLostError(run.id));
        },
        (error: unknown) =>
          deps.logger.warn('sync lease renewal failed', { run_id: run.id, error: error as Error }),
      );
    },
    Math.max(50, Math.floor(config.leaseMs / 3)),
  );
  heartbeat.unref?.();

  const { plan, searchableFields } = deps.upstream;
  const collections = new Map<string, SearchCollection>();
  const collectionOf = async (tx: SqlExecutor, entity: string) => {
    let collection = collections.get(entity);
    if (!collection) {
      collection = await writer.collection(
        tx,
        run.connectorId,
        entity,
        collectionLayout(searchableFields[entity] ?? {}),
      );
      collections.set(entity, collection);
    }
    return collection;
  };
  const transaction = async <T>(work: (tx: SqlExecutor) => Promise<T>) => {
    try {
      return await db.transaction(async (tx) => {
        await repository.assertLease(tx, run.id, owner, clock.now(), config.leaseMs);
        return work(tx);
      });
    } catch (error) {
      // A collection created inside a rolled-back transaction does not exist: look it up again.
      collections.clear();
      throw error;
    }
  };

  // Pages of the concurrent listings are written together (one upsert per collection and one
  // transaction for all of them), each with its listing's new offset, so a crash loses or repeats
  // none: a page is either committed with its offset or not at all, and then fetched again.
  const pageWrites = new GroupCommit<PageWrite>({
    weight: (write) => write.records,
    maxWeight: MAX_RECORDS_PER_COMMIT,
    commit: (writes) =>
      transaction(async (tx) => {
        // Consecutive pages of one entity become one upsert; a page that deletes writes what
        // came before it first, so records change in the order the pages arrived.
        const upserts = new Map<string, unknown[]>();
        const flush = async () => {
          for (const [entity, live] of upserts) {
            await writer.upsert(tx, await collectionOf(tx, entity), live, run.generation);
          }
          upserts.clear();
        };
        for (const write of writes) {
          const live = upserts.get(write.entity);
          if (live) live.push(...write.live);
          else upserts.set(write.entity, [...write.live]);
          if (write.deleted.length > 0) {
            await flush();
            await removeWithChildren(tx, { writer, plan, collectionOf }, write.entity, write.deleted);
          }
        }
        await flush();
        const children = writes.flatMap((write) => write.children);
        if (children.length > 0) await repository.addJobs(tx, run.id, children);
        for (const write of writes) {
          await repository.completePage(tx, write.jobId, write.nextOffset, write.records);
        }
      }),
  });

  let pages = 0;
  let records = 0;
  try {
    // The first listing; on a resumed run it exists already and is left as it is.
    await transaction((tx) => repository.addJobs(tx, run.id, [plan.root]));

    const queue: PendingJob[] = [];
    const taken = new Set<number>();
    const changed = new Signal();
    controller.signal.addEventListener('abort', () => changed.notify(), { once: true });
    let inFlight = 0;
    let refilling: Promise<void> | undefined;
    const refill = () => {
      refilling ??= repository
        .pendingJobs(run.id, [...taken], Math.max(64, config.concurrency * 8))
        .then((jobs) => {
          for (const job of jobs) {
            if (taken.has(job.id)) continue;
            taken.add(job.id);
            queue.push(job);
          }
        })
        .finally(() => {
          refilling = undefined;
        });
      return refilling;
    };

    const processJob = async (job: PendingJob): Promise<void> => {
      const entity = plan.listings[job.kind]!.entity;
      let offset = job.nextOffset;
      let restarted = false;
      for (;;) {
        controller.signal.throwIfAborted();
        const context = { pageSize: config.pageSize, modifiedSince: run.modifiedSince };
        let page: Awaited<ReturnType<SyncUpstream['page']>>;
        try {
          page = await deps.upstream.page(job, offset, context, controller.signal);
        } catch (error) {
          // Offsets expire upstream: a listing resumed too late starts over (writes are idempotent).
          if (error instanceof CursorExpiredError && offset !== null && !restarted) {
            offset = null;
            restarted = true;
            continue;
          }
          // The parent went away while the run went on (deleted upstream after it was listed): its
          // children are gone with it, and so is it. Not a failed listing.
          const parentEntity = plan.listings[job.kind]!.parentEntity;
          if (error instanceof NotFoundError && parentEntity !== undefined && job.parent !== '') {
            await transaction(async (tx) => {
              await removeWithChildren(tx, { writer, plan, collectionOf }, parentEntity, [job.parent]);
              await repository.completePage(tx, job.id, null, 0);
            });
            changed.notify();
            return;
          }
          throw error;
        }
        const children = childJobs(plan, job.kind, page.records);
        const isDeleted = plan.listings[job.kind]!.deleted;
        const tombstones = isDeleted === undefined ? [] : page.records.filter((record) => isDeleted(record));
        const live =
          tombstones.length === 0 ? page.records : page.records.filter((record) => !isDeleted?.(record));
        await pageWrites.submit({
          jobId: job.id,
          entity,
          live,
          deleted: tombstones.map(searchRecordId).filter((id): id is string => id !== undefined),
          children,
          nextOffset: page.nextOffset,
          records: page.records.length,
        });
        pages += 1;
        records += page.records.length;
        changed.notify();
        try {
          await deps.onPage?.({
            runId: run.id,
            kind: job.kind,
            parent: job.parent,
            records: page.records.length,
            pages,
          });
        } catch (error) {
          // An observer's failure stops the run as a crash would: tests inject crashes here.
          stop(error);
          throw error;
        }
        if (page.nextOffset === null) return;
        offset = page.nextOffset;
      }
    };

    const worker = async (): Promise<void> => {
      for (;;) {
        controller.signal.throwIfAborted();
        if (queue.length === 0) await refill();
        const job = queue.shift();
        if (!job) {
          if (inFlight === 0) return;
          await changed.wait();
          continue;
        }
        inFlight += 1;
        try {
          await processJob(job);
        } catch (error) {
          if (controller.signal.aborted) throw controller.signal.reason;
          if (error instanceof LeaseLostError) {
            stop(error);
            throw error;
          }
          if (error instanceof AuthenticationError) {
            stop(error);
            throw error;
          }
          const message = publicSyncError(error);
          deps.logger.warn('sync listing failed', {
            run_id: run.id,
            kind: job.kind,
            parent: job.parent,
            error: error as Error,
          });
          await repository.failJob(
            run.id,
            owner,
            job.id,
            `${job.kind}${job.parent === '' ? '' : ` of ${job.parent}`}: ${message}`,
          );
        } finally {
          inFlight -= 1;
          taken.delete(job.id);
          changed.notify();
        }
      }
    };

    const workers = Array.from({ length: config.concurrency }, () => worker());
    const settled = await Promise.allSettled(workers);
    const failure = settled.find((result) => result.status === 'rejected');
    if (failure) throw (failure as PromiseRejectedResult).reason;

    // Every listing is done or failed: sweep what was listed completely, then record the outcome.
    const failed = await repository.failedJobs(run.id);
    const incomplete = new Map<string, string>();
    for (const job of failed) {
      for (const entity of plan.listings[job.kind]?.incompleteOnFailure ?? plan.entities) {
        if (!incomplete.has(entity)) incomplete.set(entity, job.error);
      }
    }
    const completed = plan.entities.filter((entity) => !incomplete.has(entity));
    const completeEveryRun = new Set(plan.completeEveryRun ?? []);
    let swept = 0;
    for (const entity of completed) {
      if (run.mode !== 'full' && !completeEveryRun.has(entity)) continue;
      swept += await transaction(async (tx) =>
        writer.sweep(tx, await collectionOf(tx, entity), run.generation),
      );
    }
    await deps.beforeFinish?.();
    const succeeded = failed.length === 0;
    await repository.finish(run, owner, clock.now(), {
      succeeded,
      error: succeeded
        ? null
        : `${failed.length} listing${failed.length === 1 ? '' : 's'} failed; first: ${failed[0]!.error}`,
      completed,
      failed: incomplete,
    });
    return { succeeded, pages, records, swept };
  } catch (error) {
    if (error instanceof AuthenticationError) {
      // The credentials were refused even after a refresh: nothing can go on until they change.
      await deps.onCredentialsRefused();
      await repository.abandon(
        run,
        owner,
        clock.now(),
        `the upstream refused the credentials (${error.status ?? 'no status'}); the connector must be authorized again`,
      );
      return { succeeded: false, pages, records, swept: 0 };
    }
    throw error;
  } finally {
    clearInterval(heartbeat);
    signal.removeEventListener('abort', onOuterAbort);
  }
}
