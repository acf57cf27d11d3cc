import { sanitizeForTerminal } from './text-width';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One JSON value as a short, single-line table cell: a reference object shows its name (or gid),
 * a list of references shows their names, anything else nested shows as compact JSON. Text is
 * sanitised for the terminal.
 *
 * @example
 * ```ts
 * formatCell({ gid: '1', name: 'Ada' }); // 'Ada'
 * formatCell(null); // ''
 * formatCell([{ gid: '1' }, { gid: '2' }]); // '1, 2'
 * ```
 */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return sanitizeForTerminal(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (Array.isArray(value)) {
    if (value.every((item) => isRecord(item) && ('name' in item || 'gid' in item))) {
      return value.map((item) => formatCell(item)).join(', ');
    }
    if (value.every((item) => item === null || typeof item !== 'object'))
      return value.map(formatCell).join(', ');
    return sanitizeForTerminal(JSON.stringify(value));
  }
  if (isRecord(value)) {
    const label = typeof value.name === 'string' && value.name !== '' ? value.name : value.gid;
    if (typeof label === 'string') return sanitizeForTerminal(label);
    return sanitizeForTerminal(JSON.stringify(value));
  }
  return sanitizeForTerminal(String(value));
}
