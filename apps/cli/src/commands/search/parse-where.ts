import type { SearchCondition, SearchFieldType, SearchScalar } from '@conduit/protocol';
import { didYouMean } from '../../framework/suggest';

/**
 * A `--where` expression the parser refuses, with the 0-based offset of the fault in the text.
 * `kind` tells a malformed expression (`syntax`) from a well-formed one naming an unknown field
 * or comparing a field with a value of the wrong type (`field`): the same mistake as in `--query`,
 * which the hosted service refuses.
 *
 * @example
 * ```ts
 * try { parseWhere('completed=maybe', fields); } catch (error) { (error as WhereError).column; } // 11
 * ```
 */
export class WhereError extends Error {
  override readonly name = 'WhereError';
  /** 0-based offset of the fault in the expression. */
  readonly offset: number;
  readonly kind: 'syntax' | 'field';

  constructor(message: string, offset: number, kind: 'syntax' | 'field' = 'syntax') {
    super(message);
    this.offset = offset;
    this.kind = kind;
  }

  /** 1-based column of the fault, as messages print it. */
  get column(): number {
    return this.offset + 1;
  }
}

type Operator = '=' | '!=' | '>' | '>=' | '<' | '<=' | '~' | '~~' | '?';

type Token =
  | { readonly kind: 'word' | 'string'; readonly text: string; readonly start: number }
  | { readonly kind: 'op'; readonly text: Operator; readonly start: number }
  | { readonly kind: '(' | ')' | ','; readonly text: string; readonly start: number }
  | { readonly kind: 'end'; readonly text: ''; readonly start: number };

type ValueToken = Extract<Token, { kind: 'word' | 'string' }>;

const OPERATORS: readonly Operator[] = ['!=', '>=', '<=', '~~', '=', '>', '<', '~', '?'];
const OPERATOR_LIST = '=, !=, >, >=, <, <=, ~ (like), ~~ (fuzzy), ? (keyword), in, not in';
const OPERATOR_KEYS: Readonly<Record<Operator, keyof SearchCondition>> = {
  '=': 'eq',
  '!=': 'neq',
  '>': 'gt',
  '>=': 'gte',
  '<': 'lt',
  '<=': 'lte',
  '~': 'like',
  '~~': 'fuzzy',
  '?': 'keyword',
};
const ORDERING: ReadonlySet<Operator> = new Set(['>', '>=', '<', '<=']);
const TEXT: ReadonlySet<Operator> = new Set(['~', '~~', '?']);
// Characters that end a bare word: blanks, brackets, commas, quotes and the operator characters.
const WORD_END = /[\s()=!<>~?,"']/;
const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r' };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (/\s/.test(char)) {
      index += 1;
      continue;
    }
    if (char === '(' || char === ')' || char === ',') {
      tokens.push({ kind: char, text: char, start: index });
      index += 1;
      continue;
    }
    if (char === '"' || char === "'") {
      const start = index;
      let value = '';
      index += 1;
      for (;;) {
        if (index >= text.length) throw new WhereError(`the string opened with ${char} is not closed`, start);
        const current = text[index]!;
        if (current === char) break;
        if (current === '\\' && index + 1 < text.length) {
          const next = text[index + 1]!;
          value += ESCAPES[next] ?? next;
          index += 2;
          continue;
        }
        value += current;
        index += 1;
      }
      index += 1;
      tokens.push({ kind: 'string', text: value, start });
      continue;
    }
    const operator = OPERATORS.find((candidate) => text.startsWith(candidate, index));
    if (operator) {
      tokens.push({ kind: 'op', text: operator, start: index });
      index += operator.length;
      continue;
    }
    if (char === '!') throw new WhereError('"!" alone is not an operator: write != or not', index);
    const start = index;
    while (index < text.length && !WORD_END.test(text[index]!)) index += 1;
    tokens.push({ kind: 'word', text: text.slice(start, index), start });
  }
  tokens.push({ kind: 'end', text: '', start: text.length });
  return tokens;
}

function isKeyword(token: Token, keyword: string): boolean {
  return token.kind === 'word' && token.text.toLowerCase() === keyword;
}

function describeToken(token: Token): string {
  if (token.kind === 'end') return 'the end of the expression';
  return token.kind === 'string' ? JSON.stringify(token.text) : `"${token.text}"`;
}

function fieldKind(type: SearchFieldType): string {
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} field`;
}

interface Target {
  readonly path: string;
  readonly type: SearchFieldType;
  /** True for a sub-field of an object or array field, whose type the entity does not declare. */
  readonly nested: boolean;
}

class WhereParser {
  readonly #tokens: Token[];
  readonly #fields: Readonly<Record<string, SearchFieldType>>;
  #index = 0;

  constructor(text: string, fields: Readonly<Record<string, SearchFieldType>>) {
    this.#tokens = tokenize(text);
    this.#fields = fields;
  }

  parse(): SearchCondition {
    if (this.#peek().kind === 'end') throw new WhereError('the expression is empty', 0);
    const condition = this.#or();
    const next = this.#peek();
    if (next.kind === ')') throw new WhereError('")" closes no "("', next.start);
    if (next.kind !== 'end') {
      throw new WhereError(`expected "and" or "or" before ${describeToken(next)}`, next.start);
    }
    return condition;
  }

  #peek(ahead = 0): Token {
    return this.#tokens[Math.min(this.#index + ahead, this.#tokens.length - 1)]!;
  }

  #next(): Token {
    const token = this.#peek();
    if (token.kind !== 'end') this.#index += 1;
    return token;
  }

  #or(): SearchCondition {
    const conditions = [this.#and()];
    while (isKeyword(this.#peek(), 'or')) {
      this.#next();
      conditions.push(this.#and());
    }
    return join('or', conditions);
  }

  #and(): SearchCondition {
    const conditions = [this.#unary()];
    while (isKeyword(this.#peek(), 'and')) {
      this.#next();
      conditions.push(this.#unary());
    }
    return join('and', conditions);
  }

  #unary(): SearchCondition {
    // `not` followed by an operator would be a field named "not"; there is none, but say so plainly.
    if (isKeyword(this.#peek(), 'not') && this.#peek(1).kind !== 'op') {
      this.#next();
      return { not: this.#unary() };
    }
    return this.#primary();
  }

  #primary(): SearchCondition {
    const token = this.#next();
    if (token.kind === '(') {
      const inner = this.#or();
      const close = this.#next();
      if (close.kind !== ')') {
        throw new WhereError(
          close.kind === 'end'
            ? `the "(" at column ${token.start + 1} is not closed`
            : `expected ")" or "and"/"or" before ${describeToken(close)}`,
          close.start,
        );
      }
      return inner;
    }
    if (token.kind !== 'word' || ['and', 'or', 'not', 'in'].includes(token.text.toLowerCase())) {
      throw new WhereError(`expected a field name, got ${describeToken(token)}`, token.start);
    }
    return this.#comparison(token);
  }

  #target(token: ValueToken): Target {
    const segments = token.text.split('.');
    const field = segments[0]!;
    if (segments.some((segment) => segment === '')) {
      throw new WhereError(`"${token.text}" is not a field path: field names joined by dots`, token.start);
    }
    if (!Object.hasOwn(this.#fields, field)) {
      const known = Object.keys(this.#fields);
      throw new WhereError(
        `unknown field "${field}"; ${didYouMean(field, known) ?? `searchable fields: ${known.join(', ')}`}`,
        token.start,
        'field',
      );
    }
    const type = this.#fields[field]!;
    if (segments.length > 1 && type !== 'object' && type !== 'array') {
      throw new WhereError(
        `"${field}" is ${fieldKind(type)} with no sub-fields`,
        token.start + field.length,
        'field',
      );
    }
    return { path: token.text, type, nested: segments.length > 1 };
  }

  #comparison(pathToken: ValueToken): SearchCondition {
    const target = this.#target(pathToken);
    const token = this.#next();
    if (isKeyword(token, 'in')) return { in: { [target.path]: this.#list(target, token) } };
    if (isKeyword(token, 'not') && isKeyword(this.#peek(), 'in')) {
      const keyword = this.#next();
      return { not: { in: { [target.path]: this.#list(target, keyword) } } };
    }
    if (token.kind !== 'op') {
      throw new WhereError(
        `expected an operator after "${pathToken.text}" (${OPERATOR_LIST}), got ${describeToken(token)}`,
        token.start,
      );
    }
    const value = this.#value(token);
    return { [OPERATOR_KEYS[token.text]]: { [target.path]: typeValue(target, token.text, value) } };
  }

  #value(after: Token): ValueToken {
    const token = this.#next();
    if (token.kind === 'word' || token.kind === 'string') return token;
    throw new WhereError(`expected a value after "${after.text}", got ${describeToken(token)}`, token.start);
  }

  #list(target: Target, keyword: Token): SearchScalar[] {
    const open = this.#next();
    if (open.kind !== '(') {
      throw new WhereError(`expected "(" after "${keyword.text}": in (a, b, …)`, open.start);
    }
    const values: SearchScalar[] = [];
    if (this.#peek().kind === ')')
      throw new WhereError('in (…) needs at least one value', this.#peek().start);
    for (;;) {
      values.push(
        typeValue(target, '=', this.#value(values.length === 0 ? open : this.#tokens[this.#index - 1]!)),
      );
      const separator = this.#next();
      if (separator.kind === ')') return values;
      if (separator.kind !== ',') {
        throw new WhereError(
          separator.kind === 'end'
            ? `the "(" at column ${open.start + 1} is not closed`
            : `expected "," or ")" in the list, got ${describeToken(separator)}`,
          separator.start,
        );
      }
    }
  }
}

function join(kind: 'and' | 'or', conditions: SearchCondition[]): SearchCondition {
  if (conditions.length === 1) return conditions[0]!;
  // `a and (b and c)` is one `and` of three: the tree the service would normalize to anyway.
  const flat = conditions.flatMap((condition) => {
    const inner = condition[kind];
    return inner !== undefined && Object.keys(condition).length === 1 ? inner : [condition];
  });
  return { [kind]: flat };
}

function typeValue(target: Target, operator: Operator, token: ValueToken): SearchScalar {
  const bare = token.kind === 'word';
  const text = token.text;
  const where = `"${target.path}" (${target.nested ? 'a sub-field' : fieldKind(target.type)})`;
  const fail = (message: string): never => {
    throw new WhereError(message, token.start, 'field');
  };
  if (bare && text.toLowerCase() === 'null') {
    if (operator === '=' || operator === '!=') return null;
    fail(`null can only be compared with = or != (or in); quote it for the text "null"`);
  }
  if (TEXT.has(operator)) {
    if (!target.nested && target.type !== 'string') {
      fail(`${operator} matches text, and ${where} is not text; use =, in or a comparison`);
    }
    if (text === '') fail(`${operator} needs a non-empty text`);
    return text;
  }
  if (target.nested || target.type === 'array') {
    // Sub-fields have no declared type: ids and names are text, so bare words are text too; a
    // bare number orders as a number, and true/false are booleans. Quote to force text.
    if (!bare) return text;
    const lower = text.toLowerCase();
    if (lower === 'true' || lower === 'false') return lower === 'true';
    if (ORDERING.has(operator) && NUMBER.test(text)) return Number(text);
    return text;
  }
  switch (target.type) {
    case 'string':
      return text;
    case 'integer':
      if (!bare || !INTEGER.test(text) || !Number.isSafeInteger(Number(text))) {
        fail(`${where} needs an integer, got ${JSON.stringify(text)}`);
      }
      return Number(text);
    case 'number':
      if (!bare || !NUMBER.test(text)) fail(`${where} needs a number, got ${JSON.stringify(text)}`);
      return Number(text);
    case 'boolean': {
      if (ORDERING.has(operator)) fail(`${operator} orders values, and ${where} has no order; use = or !=`);
      const lower = text.toLowerCase();
      if (!bare || (lower !== 'true' && lower !== 'false')) {
        fail(`${where} needs true or false, got ${JSON.stringify(text)}`);
      }
      return lower === 'true';
    }
    default:
      return fail(
        `${where} can only be tested for null; compare one of its sub-fields instead, e.g. ${target.path}.gid`,
      );
  }
}

/**
 * Parses the compact filter syntax of `conduit search --where` into a search condition of the
 * hosted service's DSL, typing each value by the entity's searchable field types.
 *
 * ```
 * expression  := or
 * or          := and ("or" and)*
 * and         := unary ("and" unary)*
 * unary       := "not" unary | "(" expression ")" | comparison
 * comparison  := path op value | path ["not"] "in" "(" value ("," value)* ")"
 * op          := = | != | > | >= | < | <= | ~ (like) | ~~ (fuzzy) | ? (keyword)
 * value       := bare-word | "double quoted" | 'single quoted'   (backslash escapes inside quotes)
 * ```
 *
 * Precedence: `not` binds tighter than `and`, which binds tighter than `or`. Keywords are
 * case-insensitive. A bare `null` is null (= and != only); a string field takes any word, an
 * integer or number field a bare number, a boolean field bare `true`/`false`. Sub-fields of
 * object and array fields (`assignee.gid`) have no declared type: bare words are text (ids stay
 * text), `true`/`false` booleans, and a bare number is a number with an ordering operator.
 *
 * @throws WhereError naming the fault and its offset
 * @example
 * ```ts
 * parseWhere('completed=false and assignee.gid=123 and due_on>=2025-01-01', SEARCHABLE_FIELDS.tasks);
 * // { and: [{ eq: { completed: false } }, { eq: { 'assignee.gid': '123' } }, { gte: { due_on: '2025-01-01' } }] }
 * ```
 */
export function parseWhere(text: string, fields: Readonly<Record<string, SearchFieldType>>): SearchCondition {
  return new WhereParser(text, fields).parse();
}
