import type { CloudSimulatorState } from './cloud-simulator-state';
import { splitSyncMode } from './connection-sync-modes';
import { type DestinationIoOptions, writeJobPayload } from './destination-io';
import type { CloudJobRecord, CloudWrittenTable } from './job-engine';
import { compareCursor } from './job-factory';
import type { CloudConnectionStateRecord, StreamStateEntry } from './simulator-records';
import { valueAt } from './table-columns';

/**
 * What happens when a job succeeds: its records are written to the destination, then the
 * connection's state moves on (incremental streams remember their highest cursor; a clear or
 * reset forgets the state).
 *
 * @example
 * ```ts
 * const engine = new JobEngine(clock, (job) => completeJob(state, job, {}));
 * ```
 */
export async function completeJob(
  state: CloudSimulatorState,
  job: CloudJobRecord,
  options: DestinationIoOptions,
): Promise<CloudWrittenTable[]> {
  const lastAttempt = job.plan.attempts.at(-1);
  const extractedAt = job.createdAt + (lastAttempt?.start ?? 0);
  const tables = await writeJobPayload(
    job.payload,
    { jobId: job.jobId, extractedAt, generationId: job.payload.generationId, kind: job.payload.kind },
    options,
  );
  if (job.payload.kind === 'clear') {
    state.connectionStates.delete(job.connectionId);
  } else {
    advanceState(state, job);
  }
  return tables;
}

function advanceState(state: CloudSimulatorState, job: CloudJobRecord): void {
  const current = state.connectionStates.get(job.connectionId);
  // Global and legacy states belong to other connector kinds; the simulator leaves them alone.
  if (current && current.stateType !== 'stream' && current.stateType !== 'not_set') return;
  const entries: StreamStateEntry[] = current?.stateType === 'stream' ? [...(current.streamState ?? [])] : [];
  let changed = false;
  for (const stream of job.payload.streams) {
    const [sourceMode] = splitSyncMode(stream.syncMode);
    if (sourceMode !== 'incremental' || stream.cursorField.length === 0) continue;
    const key = stream.cursorField.join('.');
    const index = entries.findIndex(
      (entry) =>
        entry.streamDescriptor.name === stream.name && entry.streamDescriptor.namespace === stream.namespace,
    );
    let highest = index >= 0 ? entries[index]?.streamState?.[key] : undefined;
    for (const record of stream.records) {
      const value = valueAt(record, stream.cursorField);
      if (
        value !== null &&
        value !== undefined &&
        (highest === undefined || compareCursor(value, highest) > 0)
      ) {
        highest = value;
      }
    }
    if (highest === undefined) continue;
    const entry: StreamStateEntry = {
      streamDescriptor: {
        name: stream.name,
        ...(stream.namespace === undefined ? {} : { namespace: stream.namespace }),
      },
      streamState: { [key]: highest },
    };
    if (index >= 0) entries[index] = entry;
    else entries.push(entry);
    changed = true;
  }
  if (!changed) return;
  const next: CloudConnectionStateRecord = { stateType: 'stream', streamState: entries };
  state.connectionStates.set(job.connectionId, next);
}
