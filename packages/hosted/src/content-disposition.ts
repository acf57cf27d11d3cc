/** One `name=value` parameter of a header, the value unquoted (quoted-pair escapes undone). */
function parameters(header: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of header.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    const value = match[2] === undefined ? match[3]!.trim() : match[2].replace(/\\(.)/g, '$1');
    if (!found.has(name)) found.set(name, value);
  }
  return found;
}

/** An RFC 5987 value `charset'language'percent-encoded`, decoded; undefined when it is not one we can read. */
function decodeExtended(value: string): string | undefined {
  const match = /^([A-Za-z0-9!#$&+\-^_`{}~]+)'[^']*'(.*)$/.exec(value);
  if (!match) return undefined;
  const charset = match[1]!.toLowerCase();
  if (charset !== 'utf-8' && charset !== 'iso-8859-1') return undefined;
  const bytes: number[] = [];
  // Escapes become their byte; anything else (which a lenient sender may leave raw) its UTF-8 bytes.
  for (const token of match[2]!.match(/%[0-9A-Fa-f]{2}|[\s\S]/gu) ?? []) {
    if (token.length === 3 && token.startsWith('%')) bytes.push(Number.parseInt(token.slice(1), 16));
    else bytes.push(...Buffer.from(token, 'utf8'));
  }
  return Buffer.from(bytes).toString(charset === 'utf-8' ? 'utf8' : 'latin1');
}

/**
 * The file name a `Content-Disposition` header gives (RFC 6266): `filename*` (RFC 5987, UTF-8 or
 * ISO-8859-1) when present and readable, else `filename` (quoted or not). Never throws; a header
 * without a name gives undefined.
 *
 * @example
 * ```ts
 * filenameFromContentDisposition(`attachment; filename="R_sum_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`); // 'Résumé.pdf'
 * ```
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const found = parameters(header);
  const extended = found.get('filename*');
  const decoded = extended === undefined ? undefined : decodeExtended(extended);
  const name = decoded ?? found.get('filename');
  return name === undefined || name === '' ? undefined : name;
}
