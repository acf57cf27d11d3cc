import { SoqlError } from './soql-error';

/** Kinds of SOQL tokens. */
export type SoqlTokenKind = 'ident' | 'string' | 'number' | 'date' | 'datetime' | 'punct' | 'eof';

/**
 * One token: its kind, the source text, the decoded value (strings unescaped, numbers parsed,
 * datetimes as epoch ms) and its offset in the query.
 *
 * @example
 * ```ts
 * tokenizeSoql("Name = 'a\\'b'")[2]; // { kind: 'string', text: "'a\\'b'", value: "a'b", ... }
 * ```
 */
export interface SoqlToken {
  kind: SoqlTokenKind;
  text: string;
  value: string | number;
  /** For strings: the characters between the quotes, escapes intact (LIKE needs `\%`, `\_`). */
  raw?: string;
  offset: number;
}

const PUNCT = ['!=', '<>', '<=', '>=', '=', '<', '>', '(', ')', ',', '.'];
const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  N: '\n',
  r: '\r',
  R: '\r',
  t: '\t',
  T: '\t',
  b: '\b',
  B: '\b',
  f: '\f',
  F: '\f',
  '"': '"',
  "'": "'",
  '\\': '\\',
  // Only meaningful in LIKE patterns; elsewhere they stand for the character itself.
  _: '_',
  '%': '%',
};

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isIdentStart = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_');
const isIdentPart = (c: string | undefined): boolean => isIdentStart(c) || isDigit(c);

function digitsAt(text: string, at: number, count: number): boolean {
  for (let i = 0; i < count; i += 1) if (!isDigit(text[at + i])) return false;
  return true;
}

/** Length of a `YYYY-MM-DD` date at `at`, or 0. */
function dateLength(text: string, at: number): number {
  return digitsAt(text, at, 4) &&
    text[at + 4] === '-' &&
    digitsAt(text, at + 5, 2) &&
    text[at + 7] === '-' &&
    digitsAt(text, at + 8, 2)
    ? 10
    : 0;
}

/** Length of the `Thh:mm:ss[.sss](Z|±hh:mm)` part after a date, or 0. */
function timeLength(text: string, at: number): number {
  if (
    !(
      text[at] === 'T' &&
      digitsAt(text, at + 1, 2) &&
      text[at + 3] === ':' &&
      digitsAt(text, at + 4, 2) &&
      text[at + 6] === ':' &&
      digitsAt(text, at + 7, 2)
    )
  ) {
    return 0;
  }
  let end = at + 9;
  if (text[end] === '.') {
    end += 1;
    while (isDigit(text[end])) end += 1;
  }
  if (text[end] === 'Z' || text[end] === 'z') return end + 1 - at;
  if (
    (text[end] === '+' || text[end] === '-') &&
    digitsAt(text, end + 1, 2) &&
    text[end + 3] === ':' &&
    digitsAt(text, end + 4, 2)
  ) {
    return end + 6 - at;
  }
  return 0;
}

function readString(soql: string, start: number): SoqlToken {
  let value = '';
  let i = start + 1;
  while (i < soql.length) {
    const c = soql[i] as string;
    if (c === "'") {
      return {
        kind: 'string',
        text: soql.slice(start, i + 1),
        value,
        raw: soql.slice(start + 1, i),
        offset: start,
      };
    }
    if (c === '\\') {
      const next = soql[i + 1];
      if (next === 'u' || next === 'U') {
        const hex = soql.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
          throw new SoqlError(
            'MALFORMED_QUERY',
            `Invalid string literal '${soql.slice(start + 1, i + 6)}'. Illegal escape sequence '\\${next}${hex}'`,
            soql,
            i,
          );
        }
        value += String.fromCharCode(Number.parseInt(hex, 16));
        i += 6;
        continue;
      }
      const decoded = next === undefined ? undefined : SIMPLE_ESCAPES[next];
      if (decoded === undefined) {
        throw new SoqlError(
          'MALFORMED_QUERY',
          `Invalid string literal '${soql.slice(start + 1, i + 2)}'. Illegal escape sequence '\\${next ?? ''}'`,
          soql,
          i,
        );
      }
      value += decoded;
      i += 2;
      continue;
    }
    value += c;
    i += 1;
  }
  throw new SoqlError(
    'MALFORMED_QUERY',
    `line 1:${start} mismatched character '<EOF>' expecting '''`,
    soql,
    start,
  );
}

/**
 * Splits SOQL into tokens. Whitespace separates; keywords are identifiers (SOQL keywords are
 * case-insensitive, the parser compares them upper-cased); `LAST_N_DAYS:30` is one identifier;
 * dates and datetimes are literals of their own, unquoted as SOQL wants them.
 *
 * @example
 * ```ts
 * tokenizeSoql('SELECT Id FROM Account').map((t) => t.text); // ['SELECT', 'Id', 'FROM', 'Account', '']
 * ```
 */
export function tokenizeSoql(soql: string): SoqlToken[] {
  const tokens: SoqlToken[] = [];
  let i = 0;
  while (i < soql.length) {
    const c = soql[i] as string;
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') {
      i += 1;
      continue;
    }
    if (c === "'") {
      const token = readString(soql, i);
      tokens.push(token);
      i += token.text.length;
      continue;
    }
    if (isIdentStart(c)) {
      let end = i + 1;
      while (isIdentPart(soql[end])) end += 1;
      // Date functions with a count: `LAST_N_DAYS:30`.
      if (soql[end] === ':' && isDigit(soql[end + 1])) {
        end += 1;
        while (isDigit(soql[end])) end += 1;
      }
      const text = soql.slice(i, end);
      tokens.push({ kind: 'ident', text, value: text, offset: i });
      i = end;
      continue;
    }
    if (isDigit(c) || ((c === '-' || c === '+') && isDigit(soql[i + 1]))) {
      const date = isDigit(c) ? dateLength(soql, i) : 0;
      if (date > 0) {
        const time = timeLength(soql, i + date);
        const text = soql.slice(i, i + date + time);
        if (time > 0) {
          const ms = Date.parse(text);
          if (Number.isNaN(ms))
            throw new SoqlError(
              'MALFORMED_QUERY',
              `line 1:${i} no viable alternative at character '${text}'`,
              soql,
              i,
            );
          tokens.push({ kind: 'datetime', text, value: ms, offset: i });
        } else {
          if (Number.isNaN(Date.parse(`${text}T00:00:00Z`))) {
            throw new SoqlError(
              'MALFORMED_QUERY',
              `line 1:${i} no viable alternative at character '${text}'`,
              soql,
              i,
            );
          }
          tokens.push({ kind: 'date', text, value: text, offset: i });
        }
        i += date + time;
        continue;
      }
      let end = i + 1;
      while (isDigit(soql[end])) end += 1;
      if (soql[end] === '.' && isDigit(soql[end + 1])) {
        end += 1;
        while (isDigit(soql[end])) end += 1;
      }
      const text = soql.slice(i, end);
      tokens.push({ kind: 'number', text, value: Number(text), offset: i });
      i = end;
      continue;
    }
    const punct = PUNCT.find((p) => soql.startsWith(p, i));
    if (punct !== undefined) {
      tokens.push({ kind: 'punct', text: punct, value: punct, offset: i });
      i += punct.length;
      continue;
    }
    throw new SoqlError('MALFORMED_QUERY', `line 1:${i} no viable alternative at character '${c}'`, soql, i);
  }
  tokens.push({ kind: 'eof', text: '', value: '', offset: soql.length });
  return tokens;
}
