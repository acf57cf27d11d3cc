/** One structured log event of an attempt (Config API `LogEvent`). */
export interface AttemptLogEvent {
  /** Epoch milliseconds. */
  timestamp: number;
  level: 'debug' | 'error' | 'info' | 'trace' | 'warn';
  message: string;
  logSource: 'destination' | 'source' | 'platform' | 'replication-orchestrator';
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/**
 * Renders an event as one line of the "formatted" log style (`logLines`).
 *
 * @example
 * ```ts
 * formatLogLine({ timestamp: 0, level: 'info', logSource: 'platform', message: 'Starting' });
 * // '1970-01-01 00:00:00 platform > INFO Starting'
 * ```
 */
export function formatLogLine(event: AttemptLogEvent): string {
  const date = new Date(event.timestamp);
  const stamp = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(
    date.getUTCHours(),
  )}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${stamp} ${event.logSource} > ${event.level.toUpperCase()} ${event.message}`;
}

/** What an attempt's log is generated from. */
export interface AttemptLogInput {
  jobId: number;
  connectionId: string;
  attemptNumber: number;
  start: number;
  /** When the attempt ended, or `undefined` while it runs. */
  end: number | undefined;
  outcome: 'running' | 'succeeded' | 'failed' | 'cancelled';
  streams: Array<{ name: string; records: number; table?: string }>;
  extraLines: string[];
  failureMessage?: string;
  failureSource?: AttemptLogEvent['logSource'];
}

/**
 * Builds the log of one attempt as events: a start line, any scripted lines, one read line per
 * stream, and a closing line that depends on the outcome. Only events up to `now` are included,
 * so the log of a running attempt grows as the clock advances.
 *
 * @example
 * ```ts
 * attemptLogEvents({ jobId: 1, connectionId: 'c', attemptNumber: 0, start: 0, end: 10, outcome: 'succeeded', streams: [], extraLines: [] }, 10);
 * ```
 */
export function attemptLogEvents(input: AttemptLogInput, now: number): AttemptLogEvent[] {
  const events: AttemptLogEvent[] = [
    {
      timestamp: input.start,
      level: 'info',
      logSource: 'platform',
      message: `Starting sync attempt ${input.attemptNumber} of job ${input.jobId} for connection ${input.connectionId}`,
    },
  ];
  input.extraLines.forEach((message, position) => {
    events.push({ timestamp: input.start + position + 1, level: 'info', logSource: 'platform', message });
  });
  if (input.outcome === 'succeeded' && input.end !== undefined) {
    const span = Math.max(0, input.end - input.start);
    input.streams.forEach((stream, position) => {
      const at = input.start + Math.floor((span * (position + 1)) / (input.streams.length + 1));
      events.push({
        timestamp: at,
        level: 'info',
        logSource: 'source',
        message: `Read ${stream.records} records from stream ${stream.name}`,
      });
      if (stream.table !== undefined) {
        events.push({
          timestamp: at,
          level: 'info',
          logSource: 'destination',
          message: `Wrote ${stream.records} records to ${stream.table}`,
        });
      }
    });
    const total = input.streams.reduce((sum, stream) => sum + stream.records, 0);
    events.push({
      timestamp: input.end,
      level: 'info',
      logSource: 'platform',
      message: `Sync attempt ${input.attemptNumber} succeeded: ${total} records committed`,
    });
  } else if (input.outcome === 'failed' && input.end !== undefined) {
    events.push({
      timestamp: input.end,
      level: 'error',
      logSource: input.failureSource ?? 'source',
      message: `Sync attempt ${input.attemptNumber} failed: ${input.failureMessage ?? 'unknown failure'}`,
    });
  } else if (input.outcome === 'cancelled' && input.end !== undefined) {
    events.push({
      timestamp: input.end,
      level: 'warn',
      logSource: 'platform',
      message: `Sync attempt ${input.attemptNumber} was cancelled`,
    });
  }
  return events.filter((event) => event.timestamp <= now).sort((a, b) => a.timestamp - b.timestamp);
}
