import { ValidationError } from '@conduit/protocol';

/**
 * Where a failure came from, in the Config API's `FailureReason.failureOrigin` values.
 *
 * @example
 * ```ts
 * sim.scriptJob(connectionId, { finalStatus: 'failed', attempts: [{ failureOrigin: 'destination' }] });
 * ```
 */
export type CloudFailureOrigin =
  | 'source'
  | 'destination'
  | 'replication'
  | 'persistence'
  | 'airbyte_platform'
  | 'normalization'
  | 'dbt'
  | 'unknown';

/**
 * What kind of failure it was, in the Config API's `FailureReason.failureType` values.
 *
 * @example
 * ```ts
 * sim.scriptJob(connectionId, { finalStatus: 'failed', attempts: [{ failureType: 'config_error' }] });
 * ```
 */
export type CloudFailureType =
  | 'config_error'
  | 'system_error'
  | 'manual_cancellation'
  | 'refresh_schema'
  | 'heartbeat_timeout'
  | 'destination_timeout'
  | 'transient_error';

/**
 * How one attempt of a job goes.
 *
 * @example
 * ```ts
 * const attempt: CloudAttemptPlan = { durationMs: 30_000, outcome: 'failed', failureMessage: 'HTTP 500 from the API' };
 * ```
 */
export interface CloudAttemptPlan {
  /** Simulated milliseconds the attempt runs; `Infinity` keeps it running forever. */
  durationMs?: number;
  /** Defaults: `failed` for every attempt but the last, the job's final status for the last. */
  outcome?: 'succeeded' | 'failed' | 'cancelled';
  /** Reported records instead of the real count (the data written is unaffected). */
  recordsSynced?: number;
  /** Reported bytes instead of the real count. */
  bytesSynced?: number;
  failureMessage?: string;
  failureType?: CloudFailureType;
  failureOrigin?: CloudFailureOrigin;
  /** Extra lines for this attempt's log, after the start line. */
  logLines?: string[];
}

/**
 * A reported status replacing the real one during a window, e.g. a status no client knows.
 *
 * @example
 * ```ts
 * sim.scriptJob(connectionId, { statusOverrides: [{ fromMs: 2_000, untilMs: 4_000, status: 'paused' }] });
 * ```
 */
export interface CloudStatusOverride {
  /** Start of the window, in simulated ms after the job was created. */
  fromMs: number;
  /** End of the window (exclusive); open-ended when absent. */
  untilMs?: number;
  status: string;
}

/**
 * The final state a job reaches; `incomplete` means it stalls there and never finishes.
 *
 * @example
 * ```ts
 * sim.scriptJob(connectionId, { finalStatus: 'incomplete' }); // never finishes
 * ```
 */
export type CloudJobFinalStatus = 'succeeded' | 'failed' | 'cancelled' | 'incomplete';

/**
 * How a job will go, driven by the simulated clock: `pending` for `pendingMs`, optionally
 * `queued`, then each attempt `running` for its duration with `incomplete` between a failed
 * attempt and the next, then the final status.
 *
 * @example
 * ```ts
 * // two failures, then success on the third attempt
 * const plan: CloudJobPlan = { attempts: [{ failureMessage: 'boom' }, {}, { outcome: 'succeeded' }] };
 * ```
 */
export interface CloudJobPlan {
  /** Defaults to 1 000. */
  pendingMs?: number;
  /** Defaults to 0 (no `queued` phase). */
  queuedMs?: number;
  /** Default duration of an attempt; defaults to 10 000. */
  attemptDurationMs?: number;
  /** Time spent `incomplete` between attempts; defaults to 5 000. */
  retryDelayMs?: number;
  /** Defaults to the last attempt's outcome, or `succeeded`. */
  finalStatus?: CloudJobFinalStatus;
  /** Defaults to a single attempt. */
  attempts?: CloudAttemptPlan[];
  statusOverrides?: CloudStatusOverride[];
  /** Shape of the attempt logs the Config API returns; defaults to `structured`. */
  logFormat?: 'structured' | 'formatted';
}

/** A status segment of a compiled plan, in ms after job creation. */
export interface TimelineSegment {
  status: string;
  from: number;
  until: number;
}

/** An attempt of a compiled plan, in ms after job creation. */
export interface CompiledAttempt {
  /** 0-based position. */
  index: number;
  start: number;
  /** `Infinity` for an attempt that never ends. */
  end: number;
  outcome: 'succeeded' | 'failed' | 'cancelled';
  plan: CloudAttemptPlan;
}

/** A plan turned into a timeline. */
export interface CompiledJobPlan {
  segments: TimelineSegment[];
  attempts: CompiledAttempt[];
  /** The final status, or `undefined` when the job never finishes. */
  finalStatus: 'succeeded' | 'failed' | 'cancelled' | undefined;
  /** When the final status is reached, in ms after creation. */
  finalOffset: number | undefined;
  statusOverrides: CloudStatusOverride[];
  logFormat: 'structured' | 'formatted';
}

const invalid = (field: string, message: string): ValidationError =>
  new ValidationError(`Invalid job plan: ${field} ${message}`, {
    details: [{ field, message, error_code: 'invalid_param' }],
  });

function duration(value: number | undefined, fallback: number, field: string, allowInfinity = false): number {
  const result = value ?? fallback;
  if (Number.isNaN(result) || result < 0 || (!allowInfinity && !Number.isFinite(result))) {
    throw invalid(field, allowInfinity ? 'must be >= 0 or Infinity' : 'must be a finite number >= 0');
  }
  return result;
}

/**
 * Turns a {@link CloudJobPlan} into a timeline of statuses and attempts, validating it.
 *
 * @example
 * ```ts
 * compileJobPlan({ pendingMs: 0, attemptDurationMs: 5_000 }).finalOffset; // 5000
 * ```
 */
export function compileJobPlan(plan: CloudJobPlan): CompiledJobPlan {
  const pendingMs = duration(plan.pendingMs, 1_000, 'pendingMs');
  const queuedMs = duration(plan.queuedMs, 0, 'queuedMs');
  const attemptMs = duration(plan.attemptDurationMs, 10_000, 'attemptDurationMs', true);
  const retryMs = duration(plan.retryDelayMs, 5_000, 'retryDelayMs');
  const attemptPlans = plan.attempts ?? [{}];
  if (attemptPlans.length === 0) throw invalid('attempts', 'must not be empty');

  const lastPlan = attemptPlans.at(-1) as CloudAttemptPlan;
  const finalStatus: CloudJobFinalStatus =
    plan.finalStatus ?? (lastPlan.outcome === undefined ? 'succeeded' : lastPlan.outcome);
  const expectedLast: CompiledAttempt['outcome'] =
    finalStatus === 'succeeded' ? 'succeeded' : finalStatus === 'cancelled' ? 'cancelled' : 'failed';
  if (lastPlan.outcome !== undefined && lastPlan.outcome !== expectedLast) {
    throw invalid('attempts', `last outcome ${lastPlan.outcome} contradicts finalStatus ${finalStatus}`);
  }

  const segments: TimelineSegment[] = [];
  const attempts: CompiledAttempt[] = [];
  let now = 0;
  const push = (status: string, length: number): void => {
    if (length > 0) segments.push({ status, from: now, until: now + length });
    now += length;
  };
  push('pending', pendingMs);
  push('queued', queuedMs);
  for (let index = 0; index < attemptPlans.length; index += 1) {
    const attemptPlan = attemptPlans[index] as CloudAttemptPlan;
    const isLast = index === attemptPlans.length - 1;
    const outcome = attemptPlan.outcome ?? (isLast ? expectedLast : 'failed');
    if (!isLast && outcome !== 'failed') {
      throw invalid(`attempts[${index}].outcome`, 'only the last attempt may succeed or be cancelled');
    }
    const length = duration(attemptPlan.durationMs, attemptMs, `attempts[${index}].durationMs`, true);
    if (!Number.isFinite(length) && !isLast) {
      throw invalid(`attempts[${index}].durationMs`, 'only the last attempt may run forever');
    }
    attempts.push({ index, start: now, end: now + length, outcome, plan: attemptPlan });
    push('running', length);
    if (!Number.isFinite(now)) {
      return compiled(segments, attempts, undefined, undefined, plan);
    }
    if (!isLast) push('incomplete', retryMs);
  }
  if (finalStatus === 'incomplete') {
    segments.push({ status: 'incomplete', from: now, until: Number.POSITIVE_INFINITY });
    return compiled(segments, attempts, undefined, undefined, plan);
  }
  segments.push({ status: finalStatus, from: now, until: Number.POSITIVE_INFINITY });
  return compiled(segments, attempts, finalStatus, now, plan);
}

function compiled(
  segments: TimelineSegment[],
  attempts: CompiledAttempt[],
  finalStatus: CompiledJobPlan['finalStatus'],
  finalOffset: number | undefined,
  plan: CloudJobPlan,
): CompiledJobPlan {
  for (const [index, override] of (plan.statusOverrides ?? []).entries()) {
    if (typeof override.status !== 'string' || override.status === '') {
      throw invalid(`statusOverrides[${index}].status`, 'must be a non-empty string');
    }
    duration(override.fromMs, 0, `statusOverrides[${index}].fromMs`);
    if (override.untilMs !== undefined && override.untilMs <= override.fromMs) {
      throw invalid(`statusOverrides[${index}].untilMs`, 'must be after fromMs');
    }
  }
  return {
    segments,
    attempts,
    finalStatus,
    finalOffset,
    statusOverrides: [...(plan.statusOverrides ?? [])],
    logFormat: plan.logFormat ?? 'structured',
  };
}
