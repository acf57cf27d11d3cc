import { ValidationError } from '@conduit/protocol';

const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '"': '\\"',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/**
 * A string as a quoted SOQL literal, escaped by SOQL's rules (backslash, quotes and control
 * characters), so a caller's value can never end the literal and add SOQL of its own.
 *
 * @example
 * ```ts
 * soqlString("O'Brien"); // "'O\\'Brien'"
 * soqlString("x' OR Name != 'y"); // "'x\\' OR Name != \\'y'" — still one literal
 * ```
 */
export function soqlString(value: string): string {
  let out = "'";
  for (const char of value) out += ESCAPES[char] ?? char;
  return `${out}'`;
}

/**
 * An ISO 8601 instant as an unquoted SOQL datetime literal (`2024-05-01T10:00:00Z`), or a
 * `ValidationError` naming the param.
 *
 * @example
 * ```ts
 * soqlDateTime('2024-05-01T12:00:00+02:00', 'modified_since'); // '2024-05-01T10:00:00Z'
 * ```
 */
export function soqlDateTime(value: string, param: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) {
    throw new ValidationError(`${param}: must be an ISO 8601 date-time`, {
      code: 'invalid_param',
      status: 400,
      details: [
        { field: `params.${param}`, message: 'must be an ISO 8601 date-time', error_code: 'invalid_param' },
      ],
    });
  }
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}
