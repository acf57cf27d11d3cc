/**
 * A SOQL refusal with the error code the real API uses and the position of the offending token.
 * The message takes Salesforce's long form: the query line, a caret under the token,
 * `ERROR at Row:R:Column:C`, then the reason.
 *
 * @example
 * ```ts
 * throw new SoqlError('MALFORMED_QUERY', 'unexpected token: FRM', soql, 16);
 * ```
 */
export class SoqlError extends Error {
  readonly errorCode: string;
  readonly reason: string;

  constructor(errorCode: string, reason: string, soql?: string, offset?: number) {
    super(soql === undefined || offset === undefined ? reason : longForm(reason, soql, offset));
    this.name = 'SoqlError';
    this.errorCode = errorCode;
    this.reason = reason;
  }
}

function longForm(reason: string, soql: string, offset: number): string {
  const before = soql.slice(0, Math.max(0, offset));
  const row = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const column = offset - lineStart + 1;
  const lineEnd = soql.indexOf('\n', lineStart);
  const line = soql.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
  return `\n${line}\n${' '.repeat(column - 1)}^\nERROR at Row:${row}:Column:${column}\n${reason}`;
}
