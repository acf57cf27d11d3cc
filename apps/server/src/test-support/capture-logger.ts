import { createJsonLogger, type Logger } from '../logging/logger';

/** A JSON logger whose lines are kept for assertions. */
export interface CapturedLogs {
  readonly logger: Logger;
  readonly lines: string[];
  /** The lines parsed. */
  entries(): Record<string, unknown>[];
}

/**
 * A debug-level JSON logger writing into memory.
 *
 * @example
 * ```ts
 * const logs = captureLogs();
 * expect(logs.entries().some((entry) => entry.msg === 'request')).toBe(true);
 * ```
 */
export function captureLogs(): CapturedLogs {
  const lines: string[] = [];
  return {
    logger: createJsonLogger({ level: 'debug', write: (line) => lines.push(line) }),
    lines,
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
