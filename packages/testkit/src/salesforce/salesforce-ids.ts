const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SUFFIX = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
const ID_PATTERN = /^[a-zA-Z0-9]{15}(?:[A-Z0-5]{3})?$/;

/**
 * The 3-character suffix that turns a case-sensitive 15-character id into the case-insensitive
 * 18-character form: one character per 5-character chunk, encoding which of its letters are
 * upper case (Salesforce's published algorithm).
 *
 * @example
 * ```ts
 * idChecksum('001000000000001'); // 'AAA'
 * ```
 */
export function idChecksum(id15: string): string {
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk += 1) {
    let flags = 0;
    for (let i = 0; i < 5; i += 1) {
      const c = id15.charCodeAt(chunk * 5 + i);
      if (c >= 65 && c <= 90) flags |= 1 << i;
    }
    suffix += SUFFIX[flags];
  }
  return suffix;
}

/**
 * An 18-character record id: key prefix, a fixed instance part, the index in base 62 and the
 * checksum suffix. Same prefix and index, same id.
 *
 * @example
 * ```ts
 * salesforceId('003', 42); // '003Dn000000000gAAA'-like, 18 chars, starts with the Contact prefix
 * ```
 */
export function salesforceId(prefix: string, index: number): string {
  let digits = '';
  let n = index;
  for (let i = 0; i < 6; i += 1) {
    digits = BASE62[n % 62] + digits;
    n = Math.floor(n / 62);
  }
  const id15 = `${prefix}Dn0000${digits}`;
  return id15 + idChecksum(id15);
}

/**
 * The 18-character form of a 15- or 18-character id, or undefined when the text is not an id
 * (wrong length or characters, or an 18-character id whose suffix does not match).
 *
 * @example
 * ```ts
 * normalizeId('001Dn0000000001'); // '001Dn0000000001AAA'-like
 * normalizeId('xyz'); // undefined
 * ```
 */
export function normalizeId(text: string): string | undefined {
  if (!ID_PATTERN.test(text)) return undefined;
  const id15 = text.slice(0, 15);
  const full = id15 + idChecksum(id15);
  if (text.length === 18 && text !== full) return undefined;
  return full;
}
