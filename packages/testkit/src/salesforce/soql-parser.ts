import { SoqlError } from './soql-error';
import { type SoqlToken, tokenizeSoql } from './soql-lexer';

/** A dotted field path (`Account.Owner.Name`) and where it starts in the query. */
export interface SoqlFieldPath {
  parts: string[];
  offset: number;
}

/** One item of the SELECT list. */
export type SoqlSelectItem =
  | { kind: 'field'; path: SoqlFieldPath }
  | { kind: 'fields'; which: 'STANDARD' | 'ALL' | 'CUSTOM'; offset: number }
  | { kind: 'count'; offset: number };

/** A literal on the right of a comparison. */
export type SoqlValue =
  | { kind: 'string'; value: string; raw: string; offset: number }
  | { kind: 'number'; value: number; text: string; offset: number }
  | { kind: 'boolean'; value: boolean; offset: number }
  | { kind: 'null'; offset: number }
  | { kind: 'date'; value: string; offset: number }
  | { kind: 'datetime'; value: number; offset: number }
  | { kind: 'dateLiteral'; name: string; n: number | undefined; offset: number };

/** Comparison operators (`<>` is read as `!=`). */
export type SoqlOperator = '=' | '!=' | '<' | '>' | '<=' | '>=';

/** A WHERE condition. */
export type SoqlCondition =
  | { kind: 'and' | 'or'; items: SoqlCondition[] }
  | { kind: 'not'; item: SoqlCondition }
  | { kind: 'compare'; field: SoqlFieldPath; op: SoqlOperator; value: SoqlValue }
  | { kind: 'in'; field: SoqlFieldPath; negated: boolean; values: SoqlValue[] }
  | { kind: 'like'; field: SoqlFieldPath; value: SoqlValue };

/** One ORDER BY key. */
export interface SoqlOrderItem {
  field: SoqlFieldPath;
  descending: boolean;
  nullsLast: boolean;
}

/**
 * A parsed SOQL query (the subset the simulator serves).
 *
 * @example
 * ```ts
 * parseSoql('SELECT Id FROM Account LIMIT 5').limit; // 5
 * ```
 */
export interface SoqlQuery {
  text: string;
  select: SoqlSelectItem[];
  from: { name: string; offset: number };
  where: SoqlCondition | undefined;
  orderBy: SoqlOrderItem[];
  limit: number | undefined;
  offset: number | undefined;
  /** Offset of the LIMIT number, for errors about it. */
  limitOffset: number | undefined;
}

/** Date functions that take no count. */
const DATE_LITERALS = new Set([
  'YESTERDAY',
  'TODAY',
  'TOMORROW',
  'LAST_WEEK',
  'THIS_WEEK',
  'NEXT_WEEK',
  'LAST_MONTH',
  'THIS_MONTH',
  'NEXT_MONTH',
  'LAST_90_DAYS',
  'NEXT_90_DAYS',
  'THIS_YEAR',
  'LAST_YEAR',
  'NEXT_YEAR',
]);
/** Date functions written `NAME:n`. */
const COUNTED_DATE_LITERALS = new Set([
  'LAST_N_DAYS',
  'NEXT_N_DAYS',
  'LAST_N_WEEKS',
  'NEXT_N_WEEKS',
  'LAST_N_MONTHS',
  'NEXT_N_MONTHS',
]);
const COMPARISONS = new Set(['=', '!=', '<>', '<', '>', '<=', '>=']);
/** Words that end a clause; they cannot be field names. */
const RESERVED = new Set([
  'SELECT',
  'FROM',
  'WHERE',
  'AND',
  'OR',
  'NOT',
  'ORDER',
  'BY',
  'LIMIT',
  'OFFSET',
  'IN',
  'LIKE',
  'NULL',
  'TRUE',
  'FALSE',
  'ASC',
  'DESC',
  'NULLS',
  'GROUP',
  'HAVING',
  'WITH',
  'FOR',
]);

class Parser {
  private at = 0;

  constructor(
    private readonly soql: string,
    private readonly tokens: SoqlToken[],
  ) {}

  private peek(ahead = 0): SoqlToken {
    return this.tokens[Math.min(this.at + ahead, this.tokens.length - 1)] as SoqlToken;
  }

  private next(): SoqlToken {
    const token = this.peek();
    if (token.kind !== 'eof') this.at += 1;
    return token;
  }

  private unexpected(token: SoqlToken = this.peek()): SoqlError {
    return new SoqlError(
      'MALFORMED_QUERY',
      `unexpected token: ${token.kind === 'eof' ? '<EOF>' : token.text}`,
      this.soql,
      token.offset,
    );
  }

  private isKeyword(word: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.kind === 'ident' && token.text.toUpperCase() === word;
  }

  private expectKeyword(word: string): SoqlToken {
    if (!this.isKeyword(word)) throw this.unexpected();
    return this.next();
  }

  private isPunct(text: string): boolean {
    const token = this.peek();
    return token.kind === 'punct' && token.text === text;
  }

  private expectPunct(text: string): SoqlToken {
    if (!this.isPunct(text)) throw this.unexpected();
    return this.next();
  }

  parse(): SoqlQuery {
    this.expectKeyword('SELECT');
    const select = this.selectList();
    this.expectKeyword('FROM');
    const fromToken = this.next();
    if (fromToken.kind !== 'ident' || RESERVED.has(fromToken.text.toUpperCase()))
      throw this.unexpected(fromToken);
    let where: SoqlCondition | undefined;
    if (this.isKeyword('WHERE')) {
      this.next();
      where = this.condition();
    }
    const orderBy: SoqlOrderItem[] = [];
    if (this.isKeyword('ORDER')) {
      this.next();
      this.expectKeyword('BY');
      do {
        if (orderBy.length > 0) this.next();
        orderBy.push(this.orderItem());
      } while (this.isPunct(','));
    }
    let limit: number | undefined;
    let limitOffset: number | undefined;
    if (this.isKeyword('LIMIT')) {
      this.next();
      const token = this.integer();
      limit = token.value as number;
      limitOffset = token.offset;
    }
    let offset: number | undefined;
    if (this.isKeyword('OFFSET')) {
      this.next();
      offset = this.integer().value as number;
    }
    if (this.peek().kind !== 'eof') throw this.unexpected();
    return {
      text: this.soql,
      select,
      from: { name: fromToken.text, offset: fromToken.offset },
      where,
      orderBy,
      limit,
      offset,
      limitOffset,
    };
  }

  private integer(): SoqlToken {
    const token = this.next();
    if (
      token.kind !== 'number' ||
      !Number.isInteger(token.value) ||
      (token.value as number) < 0 ||
      token.text.startsWith('+')
    ) {
      throw this.unexpected(token);
    }
    return token;
  }

  private selectList(): SoqlSelectItem[] {
    const items: SoqlSelectItem[] = [];
    do {
      if (items.length > 0) this.next();
      items.push(this.selectItem());
    } while (this.isPunct(','));
    return items;
  }

  private selectItem(): SoqlSelectItem {
    const token = this.peek();
    if (token.kind === 'ident' && this.peek(1).kind === 'punct' && this.peek(1).text === '(') {
      const word = token.text.toUpperCase();
      if (word === 'FIELDS') {
        this.next();
        this.next();
        const which = this.next();
        const kind = which.text.toUpperCase();
        if (which.kind !== 'ident' || (kind !== 'STANDARD' && kind !== 'ALL' && kind !== 'CUSTOM'))
          throw this.unexpected(which);
        this.expectPunct(')');
        return { kind: 'fields', which: kind, offset: token.offset };
      }
      if (word === 'COUNT') {
        this.next();
        this.next();
        this.expectPunct(')');
        return { kind: 'count', offset: token.offset };
      }
    }
    if (this.isPunct('(')) {
      throw new SoqlError(
        'MALFORMED_QUERY',
        'Child relationship subqueries are not supported by this simulator',
        this.soql,
        token.offset,
      );
    }
    return { kind: 'field', path: this.fieldPath() };
  }

  private fieldPath(): SoqlFieldPath {
    const first = this.next();
    if (first.kind !== 'ident' || RESERVED.has(first.text.toUpperCase())) throw this.unexpected(first);
    const parts = [first.text];
    while (this.isPunct('.')) {
      this.next();
      const part = this.next();
      if (part.kind !== 'ident') throw this.unexpected(part);
      parts.push(part.text);
    }
    return { parts, offset: first.offset };
  }

  private orderItem(): SoqlOrderItem {
    const field = this.fieldPath();
    let descending = false;
    if (this.isKeyword('ASC')) this.next();
    else if (this.isKeyword('DESC')) {
      this.next();
      descending = true;
    }
    // Salesforce puts nulls first in ascending and last in descending order unless told.
    let nullsLast = descending;
    if (this.isKeyword('NULLS')) {
      this.next();
      if (this.isKeyword('FIRST')) nullsLast = false;
      else if (this.isKeyword('LAST')) nullsLast = true;
      else throw this.unexpected();
      this.next();
    }
    return { field, descending, nullsLast };
  }

  /** A run of conditions joined by one connector: SOQL refuses `a AND b OR c` without parentheses. */
  private condition(): SoqlCondition {
    const first = this.unary();
    const connector = this.isKeyword('AND') ? 'AND' : this.isKeyword('OR') ? 'OR' : undefined;
    if (connector === undefined) return first;
    const items = [first];
    while (this.isKeyword(connector)) {
      this.next();
      items.push(this.unary());
    }
    if (this.isKeyword(connector === 'AND' ? 'OR' : 'AND')) throw this.unexpected();
    return { kind: connector === 'AND' ? 'and' : 'or', items };
  }

  private unary(): SoqlCondition {
    if (this.isKeyword('NOT')) {
      this.next();
      return { kind: 'not', item: this.unary() };
    }
    if (this.isPunct('(')) {
      this.next();
      const inner = this.condition();
      this.expectPunct(')');
      return inner;
    }
    return this.predicate();
  }

  private predicate(): SoqlCondition {
    const field = this.fieldPath();
    const token = this.peek();
    if (token.kind === 'punct' && COMPARISONS.has(token.text)) {
      this.next();
      const op = (token.text === '<>' ? '!=' : token.text) as SoqlOperator;
      return { kind: 'compare', field, op, value: this.value() };
    }
    if (this.isKeyword('LIKE')) {
      this.next();
      return { kind: 'like', field, value: this.value() };
    }
    let negated = false;
    if (this.isKeyword('NOT') && this.isKeyword('IN', 1)) {
      this.next();
      negated = true;
    }
    if (this.isKeyword('IN')) {
      this.next();
      this.expectPunct('(');
      if (this.isKeyword('SELECT')) {
        throw new SoqlError(
          'MALFORMED_QUERY',
          'Semi-join subqueries are not supported by this simulator',
          this.soql,
          this.peek().offset,
        );
      }
      const values: SoqlValue[] = [];
      do {
        if (values.length > 0) this.next();
        values.push(this.value());
      } while (this.isPunct(','));
      this.expectPunct(')');
      return { kind: 'in', field, negated, values };
    }
    throw this.unexpected();
  }

  private value(): SoqlValue {
    const token = this.next();
    switch (token.kind) {
      case 'string':
        return { kind: 'string', value: token.value as string, raw: token.raw ?? '', offset: token.offset };
      case 'number':
        return { kind: 'number', value: token.value as number, text: token.text, offset: token.offset };
      case 'date':
        return { kind: 'date', value: token.value as string, offset: token.offset };
      case 'datetime':
        return { kind: 'datetime', value: token.value as number, offset: token.offset };
      case 'ident': {
        const word = token.text.toUpperCase();
        if (word === 'NULL') return { kind: 'null', offset: token.offset };
        if (word === 'TRUE' || word === 'FALSE')
          return { kind: 'boolean', value: word === 'TRUE', offset: token.offset };
        if (DATE_LITERALS.has(word))
          return { kind: 'dateLiteral', name: word, n: undefined, offset: token.offset };
        const [name = '', count] = word.split(':');
        if (count !== undefined && COUNTED_DATE_LITERALS.has(name)) {
          return { kind: 'dateLiteral', name, n: Number(count), offset: token.offset };
        }
        throw this.unexpected(token);
      }
      default:
        throw this.unexpected(token);
    }
  }
}

/**
 * Parses the SOQL subset the simulator serves: `SELECT` fields (dotted parent paths,
 * `FIELDS(STANDARD|ALL|CUSTOM)`, `COUNT()`), `FROM`, `WHERE` with `=`, `!=`, `<>`, `<`, `>`, `<=`,
 * `>=`, `IN`, `NOT IN`, `LIKE`, `NOT`, `AND`/`OR` (not mixed without parentheses) and literals
 * (strings, numbers, booleans, `null`, dates, datetimes, date functions), `ORDER BY` with
 * `ASC`/`DESC` and `NULLS FIRST|LAST`, `LIMIT`, `OFFSET`. Syntax errors throw
 * `MALFORMED_QUERY` with Salesforce's `unexpected token: X` reason.
 *
 * @example
 * ```ts
 * const query = parseSoql("SELECT Id, Account.Name FROM Contact WHERE Email LIKE '%@acme.com' ORDER BY LastName LIMIT 10");
 * query.from.name; // 'Contact'
 * ```
 */
export function parseSoql(soql: string): SoqlQuery {
  return new Parser(soql, tokenizeSoql(soql)).parse();
}
