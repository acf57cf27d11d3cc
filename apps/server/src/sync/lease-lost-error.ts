import { ConduitError } from '@conduit/protocol';

/**
 * The run's lease passed to another process (this one stalled past its expiry) or the run is gone
 * (its connector was deleted): whatever this process was about to write is rolled back.
 *
 * @example
 * ```ts
 * if ((await tx.execute(renewal, values)) === 0) throw new LeaseLostError(runId);
 * ```
 */
export class LeaseLostError extends ConduitError {
  override readonly name: string = 'LeaseLostError';

  constructor(runId: string) {
    super(`sync run ${runId} is no longer leased to this process`, { code: 'sync_lease_lost' });
  }
}
