/** Characters RFC 5987 allows unencoded in `filename*` besides letters and digits. */
const ATTR_CHAR = /[!#$&+\-.^_`|~A-Za-z0-9]/;

function encodeExtended(value: string): string {
  let encoded = '';
  // Buffer's UTF-8 encoder turns a lone surrogate into U+FFFD, where encodeURIComponent would throw.
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded +=
      byte < 0x80 && ATTR_CHAR.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/**
 * A `Content-Disposition: attachment` value for a file name, safe by RFC 6266: a quoted ASCII
 * `filename` (anything outside printable ASCII, quotes, backslashes and `%` replaced by `_`, so no
 * recipient can misread it and no header can be split), plus `filename*=UTF-8''…` with the exact
 * name whenever the ASCII one had to change. A missing or blank name becomes `download`.
 *
 * @example
 * ```ts
 * attachmentDisposition('report.pdf'); // 'attachment; filename="report.pdf"'
 * attachmentDisposition('Résumé "final".pdf');
 * // 'attachment; filename="R_sum_ _final_.pdf"; filename*=UTF-8\'\'R%C3%A9sum%C3%A9%20%22final%22.pdf'
 * ```
 */
export function attachmentDisposition(filename: string | undefined): string {
  const name = (filename ?? '').trim() || 'download';
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/gu, '_');
  return fallback === name
    ? `attachment; filename="${fallback}"`
    : `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtended(name)}`;
}
