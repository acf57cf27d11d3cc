import type { AttemptRecord } from '../http/attempt-record';

/**
 * The full log text of an attempt: structured logs become one `[<epoch ms>] <level>: <message>`
 * line per event; formatted logs are their lines; no logs give `""`.
 *
 * @example
 * ```ts
 * formatAttemptLog({ attempt, logs: { events: [{ timestamp: 1, level: 'INFO', message: 'Starting' }] } });
 * // '[1] info: Starting'
 * ```
 */
export function formatAttemptLog(info: Pick<AttemptRecord, 'logs'>): string {
  const logs = info.logs;
  if (!logs) return '';
  if (logs.events) {
    return logs.events
      .map((event) => `[${event.timestamp}] ${event.level.toLowerCase()}: ${event.message}`)
      .join('\n');
  }
  if (logs.logLines) return logs.logLines.join('\n');
  return '';
}
