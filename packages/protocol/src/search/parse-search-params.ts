import type { SearchFieldType } from '../connector-definition';
import { ValidationError } from '../errors/client-errors';
import type { ErrorDetail } from '../errors/conduit-error';
import { formatJsonPath, type JsonPathSegment } from '../json-path';
import type {
  ParsedSearch,
  SearchCompareNode,
  SearchFieldTarget,
  SearchFilter,
  SearchInNode,
  SearchScalar,
  SearchSort,
  SearchTextNode,
} from './search-ast';
import { SEARCH_LIMITS } from './search-limits';
import {
  SEARCH_COMPARISON_OPERATORS,
  SEARCH_OPERATORS,
  SEARCH_TEXT_OPERATORS,
  type SearchComparisonOperator,
  type SearchTextOperator,
} from './search-operators';

type SearchableFields = Readonly<Record<string, SearchFieldType>>;
type UnsearchableFields = Readonly<Record<string, string>>;
type Path = readonly JsonPathSegment[];

const PARAM_KEYS = ['query', 'limit', 'cursor', 'fields'];
const QUERY_KEYS = ['filter', 'sort'];
const comparisonOperators: ReadonlySet<string> = new Set(SEARCH_COMPARISON_OPERATORS);
const textOperators: ReadonlySet<string> = new Set(SEARCH_TEXT_OPERATORS);
const operatorList = SEARCH_OPERATORS.join(', ');
// Segments after the field name end up inside JSON paths of SQL functions; keeping them to a safe
// alphabet means no compiler ever has to quote them.
const subFieldSegment = /^[A-Za-z0-9_-]+$/;
const hasWord = /[\p{L}\p{N}]/u;
const words = /[\p{L}\p{N}]+/gu;

/** What a value compared with a field must be. */
type Expectation = 'string' | 'integer' | 'number' | 'boolean' | 'scalar' | 'ordered' | 'null';

const expectationText: Record<Expectation, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  scalar: 'a string, number or boolean',
  ordered: 'a string or a number',
  null: 'null',
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A short, safe description of what the caller sent, for messages. */
function received(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  const text = JSON.stringify(value) ?? typeof value;
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function fieldKind(type: SearchFieldType): string {
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} field`;
}

function quote(text: string): string {
  return JSON.stringify(text);
}

class Parser {
  readonly details: ErrorDetail[] = [];
  private faultCount = 0;
  private conditionCount = 0;
  private tooBig = false;

  constructor(
    private readonly fields: SearchableFields,
    private readonly unsearchable: UnsearchableFields,
  ) {}

  get failed(): boolean {
    return this.faultCount > 0;
  }

  get omittedFaults(): number {
    return this.faultCount - this.details.length;
  }

  fault(path: Path, message: string, code = 'invalid_query'): undefined {
    this.faultCount += 1;
    if (this.details.length < SEARCH_LIMITS.maxFaults) {
      const field = formatJsonPath(path);
      this.details.push(field === '' ? { message, error_code: code } : { field, message, error_code: code });
    }
    return undefined;
  }

  /** Reports a size limit once and stops the walk: past it, more faults would only be noise. */
  private sizeFault(path: Path, message: string): undefined {
    if (!this.tooBig) this.fault(path, message);
    this.tooBig = true;
    return undefined;
  }

  private tooMany(path: Path): undefined {
    return this.sizeFault(
      path,
      `a filter may hold at most ${SEARCH_LIMITS.maxConditions} conditions and comparisons; use "in" for long lists of values`,
    );
  }

  private count(amount: number, path: Path): boolean {
    this.conditionCount += amount;
    if (this.conditionCount <= SEARCH_LIMITS.maxConditions) return true;
    this.tooMany(path);
    return false;
  }

  condition(value: unknown, path: Path, depth: number): SearchFilter | undefined {
    if (this.tooBig) return undefined;
    if (depth > SEARCH_LIMITS.maxDepth) {
      return this.sizeFault(path, `conditions nest deeper than ${SEARCH_LIMITS.maxDepth} levels`);
    }
    if (!isPlainObject(value)) {
      return this.fault(
        path,
        `a condition must be an object whose keys are operators, e.g. {"eq": {"name": "x"}}; got ${received(value)}`,
      );
    }
    if (!this.count(1, path)) return undefined;
    const entries = Object.entries(value);
    if (entries.length === 0) {
      return this.fault(path, `a condition needs at least one operator (${operatorList})`);
    }
    const nodes: (SearchFilter | undefined)[] = [];
    for (const [operator, operand] of entries) {
      const at = [...path, operator];
      if (comparisonOperators.has(operator) || textOperators.has(operator) || operator === 'in') {
        nodes.push(...this.operatorMap(operator, operand, at));
      } else if (operator === 'and' || operator === 'or') {
        nodes.push(this.list(operator, operand, at, depth));
      } else if (operator === 'not') {
        const inner = this.condition(operand, at, depth + 1);
        nodes.push(inner && { kind: 'not', condition: inner });
      } else {
        nodes.push(this.fault(at, this.unknownOperatorMessage(operator)));
      }
    }
    return combine('and', nodes);
  }

  private unknownOperatorMessage(operator: string): string {
    const base = `unknown operator ${quote(operator)}; operators: ${operatorList}`;
    const field = operator.split('.')[0]!;
    return Object.hasOwn(this.fields, field)
      ? `${base}. To compare the field ${quote(operator)}, write {"eq": {${quote(operator)}: ...}}`
      : base;
  }

  private list(
    operator: 'and' | 'or',
    operand: unknown,
    path: Path,
    depth: number,
  ): SearchFilter | undefined {
    if (!Array.isArray(operand)) {
      return this.fault(path, `${operator} takes an array of conditions; got ${received(operand)}`);
    }
    if (operand.length === 0) return this.fault(path, `${operator} needs at least one condition`);
    // Checked before walking so a huge array costs nothing.
    if (this.conditionCount + operand.length > SEARCH_LIMITS.maxConditions) return this.tooMany(path);
    const children = operand.map((inner, index) => this.condition(inner, [...path, index], depth + 1));
    return combine(operator, children);
  }

  private operatorMap(operator: string, operand: unknown, path: Path): (SearchFilter | undefined)[] {
    if (!isPlainObject(operand)) {
      return [
        this.fault(
          path,
          `${operator} takes an object mapping field paths to values, e.g. {${quote(operator)}: {"name": ${operator === 'in' ? '["a", "b"]' : '"x"'}}}; got ${received(operand)}`,
        ),
      ];
    }
    const entries = Object.entries(operand);
    if (entries.length === 0) return [this.fault(path, `${operator} names no field`)];
    if (!this.count(entries.length, path)) return [undefined];
    return entries.map(([key, value]) => {
      const at = [...path, key];
      const target = this.target(key.split('.'), key, at);
      if (!target) return undefined;
      if (operator === 'in') return this.inNode(target, value, at);
      if (textOperators.has(operator))
        return this.textNode(operator as SearchTextOperator, target, value, at);
      return this.compareNode(operator as SearchComparisonOperator, target, value, at);
    });
  }

  /** Resolves a field path against the searchable fields, reporting what is wrong with it. */
  target(segments: readonly string[], written: string, path: Path): SearchFieldTarget | undefined {
    if (segments.some((segment) => segment === '')) {
      return this.fault(path, `${quote(written)} is not a field path: write field names joined by dots`);
    }
    if (segments.length > SEARCH_LIMITS.maxPathSegments) {
      return this.fault(path, `a field path has at most ${SEARCH_LIMITS.maxPathSegments} segments`);
    }
    const field = segments[0]!;
    if (Object.hasOwn(this.unsearchable, field)) {
      return this.fault(path, `${quote(field)} cannot be searched: ${this.unsearchable[field]}`);
    }
    if (!Object.hasOwn(this.fields, field)) {
      const known = Object.keys(this.fields);
      return this.fault(
        path,
        known.length === 0
          ? `unknown field ${quote(field)}: this entity has no searchable fields`
          : `unknown field ${quote(field)}; searchable fields: ${known.join(', ')}`,
      );
    }
    const fieldType = this.fields[field]!;
    if (segments.length > 1) {
      if (fieldType !== 'object' && fieldType !== 'array') {
        return this.fault(
          path,
          `${quote(field)} is ${fieldKind(fieldType)} with no sub-fields, so ${quote(segments.join('.'))} names nothing`,
        );
      }
      const bad = segments
        .slice(1)
        .find((segment) => !subFieldSegment.test(segment) || segment === '__proto__');
      if (bad !== undefined) {
        return this.fault(path, `${quote(bad)} is not a sub-field name (letters, digits, "_" and "-")`);
      }
    }
    return { field, path: [...segments], fieldType };
  }

  /** What `eq`, `neq` and `in` accept for a target; `null` is always accepted on top. */
  private equalityExpectation(target: SearchFieldTarget): Expectation {
    if (target.path.length > 1) return 'scalar';
    switch (target.fieldType) {
      case 'string':
      case 'integer':
      case 'number':
      case 'boolean':
        return target.fieldType;
      case 'array':
        // On an array field, eq matches when an element equals the value.
        return 'scalar';
      case 'object':
        return 'null';
    }
  }

  private orderExpectation(target: SearchFieldTarget): Expectation | undefined {
    if (target.path.length > 1) return 'ordered';
    switch (target.fieldType) {
      case 'string':
      case 'integer':
      case 'number':
        return target.fieldType;
      default:
        return undefined;
    }
  }

  private scalar(value: unknown, expectation: Expectation, allowNull: boolean): value is SearchScalar {
    if (value === null) return allowNull || expectation === 'null';
    if (typeof value === 'string' && value.length > SEARCH_LIMITS.maxStringLength) return false;
    switch (expectation) {
      case 'string':
        return typeof value === 'string';
      case 'integer':
        return typeof value === 'number' && Number.isSafeInteger(value);
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'scalar':
        return (
          typeof value === 'string' ||
          typeof value === 'boolean' ||
          (typeof value === 'number' && Number.isFinite(value))
        );
      case 'ordered':
        return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
      case 'null':
        return false;
    }
  }

  private describeTarget(target: SearchFieldTarget): string {
    const written = target.path.join('.');
    return target.path.length > 1 ? quote(written) : `${quote(written)} (${fieldKind(target.fieldType)})`;
  }

  private valueFault(
    operator: string,
    target: SearchFieldTarget,
    expectation: Expectation,
    allowNull: boolean,
    value: unknown,
    path: Path,
  ): undefined {
    if (expectation === 'null') {
      const example = `${target.field}.gid`;
      return this.fault(
        path,
        `${operator} on ${this.describeTarget(target)} can only test for null; compare one of its sub-fields instead, e.g. ${quote(example)}`,
      );
    }
    const tooLong = typeof value === 'string' && value.length > SEARCH_LIMITS.maxStringLength;
    const wanted = allowNull
      ? `${expectationText[expectation].replace(' or ', ', ')} or null`
      : expectationText[expectation];
    return this.fault(
      path,
      tooLong
        ? `${operator} compares with a string of at most ${SEARCH_LIMITS.maxStringLength} characters`
        : `${operator} on ${this.describeTarget(target)} needs ${wanted}; got ${received(value)}`,
    );
  }

  private compareNode(
    operator: SearchComparisonOperator,
    target: SearchFieldTarget,
    value: unknown,
    path: Path,
  ): SearchCompareNode | undefined {
    const equality = operator === 'eq' || operator === 'neq';
    const expectation = equality ? this.equalityExpectation(target) : this.orderExpectation(target);
    if (expectation === undefined) {
      return this.fault(
        path,
        `${operator} orders values, and ${this.describeTarget(target)} has no order; use eq or neq`,
      );
    }
    if (!this.scalar(value, expectation, equality)) {
      return this.valueFault(operator, target, expectation, equality, value, path);
    }
    return { kind: 'compare', op: operator, ...target, value };
  }

  private inNode(target: SearchFieldTarget, value: unknown, path: Path): SearchInNode | undefined {
    const expectation = this.equalityExpectation(target);
    if (expectation === 'null') return this.valueFault('in', target, expectation, false, value, path);
    if (!Array.isArray(value)) {
      return this.fault(
        path,
        `in takes an array of values, e.g. {"in": {${quote(target.path.join('.'))}: [...]}}; got ${received(value)}`,
      );
    }
    if (value.length > SEARCH_LIMITS.maxInValues) {
      return this.fault(path, `in takes at most ${SEARCH_LIMITS.maxInValues} values`);
    }
    let valid = true;
    value.forEach((element, index) => {
      if (!this.scalar(element, expectation, true)) {
        valid = false;
        this.valueFault('in', target, expectation, true, element, [...path, index]);
      }
    });
    return valid ? { kind: 'in', ...target, values: [...(value as SearchScalar[])] } : undefined;
  }

  private textNode(
    operator: SearchTextOperator,
    target: SearchFieldTarget,
    value: unknown,
    path: Path,
  ): SearchTextNode | undefined {
    if (target.path.length === 1 && target.fieldType !== 'string') {
      return this.fault(
        path,
        `${operator} matches text, and ${this.describeTarget(target)} is not text; use eq, in or a comparison`,
      );
    }
    if (typeof value !== 'string') {
      return this.fault(path, `${operator} needs a string; got ${received(value)}`);
    }
    if (value.length === 0) return this.fault(path, `${operator} needs a non-empty string`);
    if (value.length > SEARCH_LIMITS.maxStringLength) {
      return this.fault(
        path,
        `${operator} takes a string of at most ${SEARCH_LIMITS.maxStringLength} characters`,
      );
    }
    if (operator !== 'like' && !hasWord.test(value)) {
      return this.fault(path, `${operator} needs at least one word (letters or digits)`);
    }
    if (operator === 'fuzzy') {
      for (const word of value.match(words) ?? []) {
        if ([...word].length > SEARCH_LIMITS.maxFuzzyWordLength) {
          return this.fault(
            path,
            `fuzzy takes words of at most ${SEARCH_LIMITS.maxFuzzyWordLength} characters; one has ${[...word].length}`,
          );
        }
      }
    }
    return { kind: 'text', op: operator, ...target, value };
  }

  sort(value: unknown, path: Path): SearchSort[] {
    const example = 'e.g. [{"due_on": "asc"}, {"name": "desc"}]';
    if (!Array.isArray(value)) {
      this.fault(
        path,
        `sort must be an array of {"<field>": "asc" | "desc"}, ${example}; got ${received(value)}`,
      );
      return [];
    }
    if (value.length > SEARCH_LIMITS.maxSortKeys) {
      this.fault(path, `sort takes at most ${SEARCH_LIMITS.maxSortKeys} keys`);
      return [];
    }
    const sort: SearchSort[] = [];
    const seen = new Set<string>();
    value.forEach((element, index) => {
      const at = [...path, index];
      if (!isPlainObject(element)) {
        this.fault(at, `a sort element is an object {"<field>": "asc" | "desc"}; got ${received(element)}`);
        return;
      }
      const keys = Object.keys(element);
      if (keys.length !== 1) {
        this.fault(
          at,
          keys.length === 0
            ? 'a sort element names no field'
            : `a sort element names exactly one field, this one names ${keys.length} (${keys.join(', ')}); use one element per field, in priority order`,
        );
        return;
      }
      const key = keys[0]!;
      const keyPath = [...at, key];
      const target = this.target(key.split('.'), key, keyPath);
      const direction = element[key];
      if (direction !== 'asc' && direction !== 'desc') {
        this.fault(keyPath, `a sort direction is "asc" or "desc"; got ${received(direction)}`);
      }
      if (!target) return;
      if (target.fieldType === 'array') {
        this.fault(
          keyPath,
          `${quote(key)} is, or is inside, an array field: there is no single value to sort by`,
        );
        return;
      }
      if (target.fieldType === 'object' && target.path.length === 1) {
        this.fault(
          keyPath,
          `${quote(key)} is an object field; sort by one of its sub-fields, e.g. "${key}.name"`,
        );
        return;
      }
      const identity = target.path.join('.');
      if (seen.has(identity)) {
        this.fault(keyPath, `${quote(identity)} is already a sort key`);
        return;
      }
      seen.add(identity);
      if (direction === 'asc' || direction === 'desc') sort.push({ ...target, direction });
    });
    return sort;
  }

  projection(value: unknown, path: Path): string[][] | null {
    const example = 'paths such as "assignee.name" or ["assignee", "name"]';
    if (!Array.isArray(value)) {
      this.fault(path, `fields must be an array of ${example}; got ${received(value)}`);
      return null;
    }
    if (value.length === 0) {
      this.fault(path, 'fields names no path; leave it out to get every field');
      return null;
    }
    if (value.length > SEARCH_LIMITS.maxFields) {
      this.fault(path, `fields takes at most ${SEARCH_LIMITS.maxFields} paths`);
      return null;
    }
    const result: string[][] = [];
    const seen = new Set<string>();
    value.forEach((element, index) => {
      const at = [...path, index];
      let segments: string[];
      if (typeof element === 'string') {
        segments = element.split('.');
      } else if (Array.isArray(element)) {
        if (element.length === 0) {
          this.fault(at, 'a path needs at least one segment');
          return;
        }
        let valid = true;
        element.forEach((segment, position) => {
          if (typeof segment !== 'string' || segment === '' || segment.includes('.')) {
            valid = false;
            this.fault(
              [...at, position],
              typeof segment === 'string' && segment.includes('.')
                ? `one segment per element: write ${JSON.stringify(segment.split('.'))} or ${quote(segment)}`
                : `a path segment is a non-empty string; got ${received(segment)}`,
            );
          }
        });
        if (!valid) return;
        segments = element as string[];
      } else {
        this.fault(at, `a path is a dot string or an array of segments; got ${received(element)}`);
        return;
      }
      const target = this.target(segments, segments.join('.'), at);
      if (!target) return;
      // NUL cannot occur in a segment that passed `target`, so it separates without ambiguity.
      const identity = target.path.join('\u0000');
      if (seen.has(identity)) return;
      seen.add(identity);
      result.push([...target.path]);
    });
    return result;
  }
}

/** Joins nodes under `and`/`or`, flattening children of the same kind; undefined if any failed. */
function combine(kind: 'and' | 'or', nodes: readonly (SearchFilter | undefined)[]): SearchFilter | undefined {
  const conditions: SearchFilter[] = [];
  for (const node of nodes) {
    if (node === undefined) return undefined;
    if (node.kind === kind) conditions.push(...node.conditions);
    else conditions.push(node);
  }
  if (conditions.length === 0) return undefined;
  return conditions.length === 1 ? conditions[0] : { kind, conditions };
}

function errorCode(details: readonly ErrorDetail[]): string {
  const codes = new Set(details.map((detail) => detail.error_code));
  if (codes.has('invalid_query')) return 'invalid_query';
  return codes.size === 1 ? [...codes][0]! : 'invalid_param';
}

function failure(parser: Parser): ValidationError {
  const shown = parser.details
    .slice(0, 3)
    .map((detail) => (detail.field === undefined ? detail.message : `${detail.field}: ${detail.message}`));
  const more = parser.details.length - shown.length + parser.omittedFaults;
  const message = `invalid search: ${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
  return new ValidationError(message, {
    code: errorCode(parser.details),
    status: 400,
    details: parser.details,
  });
}

/**
 * Validates search params against an entity's searchable fields and compiles them to a normalized
 * tree: what a server turns into SQL and what an in-memory evaluator walks.
 *
 * Throws a `ValidationError` (status 400) listing every fault with its JSON path, e.g.
 * `query.filter.and[1].eq.completed`. Its `code` is `invalid_query` when the query or `fields` is
 * at fault, else `missing_param` (no `query`), `invalid_cursor` or `invalid_param` (`limit`,
 * unknown params). The cursor is only checked to be a string here: decode it with
 * `decodeSearchCursor` against `searchQueryHash` of the result. A field of `unsearchable` (a
 * field of the upstream's record that the sync cannot store, with why) is refused with that
 * reason instead of matching nothing.
 *
 * @example
 * ```ts
 * const search = parseSearchParams(
 *   { query: { filter: { and: [{ eq: { completed: false } }, { like: { name: 'launch%' } }] }, sort: [{ due_on: 'asc' }] } },
 *   { completed: 'boolean', name: 'string', due_on: 'string' },
 * );
 * search.filter; // { kind: 'and', conditions: [{ kind: 'compare', op: 'eq', path: ['completed'], ... }, ...] }
 * search.limit; // 1000
 * ```
 */
export function parseSearchParams(
  params: unknown,
  searchableFields: SearchableFields,
  unsearchable: UnsearchableFields = {},
): ParsedSearch {
  const parser = new Parser(searchableFields, unsearchable);
  if (!isPlainObject(params)) {
    parser.fault(
      [],
      `search params must be an object such as {"query": {"filter": ...}}; got ${received(params)}`,
      params === undefined || params === null ? 'missing_param' : 'invalid_param',
    );
    throw failure(parser);
  }
  for (const key of Object.keys(params)) {
    if (!PARAM_KEYS.includes(key)) {
      parser.fault(
        [key],
        `unknown parameter ${quote(key)}; search takes query, limit, cursor and fields`,
        'invalid_param',
      );
    }
  }

  let filter: SearchFilter | null = null;
  let sort: SearchSort[] = [];
  const query = params.query;
  if (query === undefined || query === null) {
    parser.fault(
      ['query'],
      'query is required: an object with filter and/or sort ({} matches every record)',
      'missing_param',
    );
  } else if (!isPlainObject(query)) {
    parser.fault(['query'], `query must be an object with filter and/or sort; got ${received(query)}`);
  } else {
    for (const key of Object.keys(query)) {
      if (!QUERY_KEYS.includes(key)) {
        parser.fault(['query', key], `unknown key ${quote(key)} in query; it takes filter and sort`);
      }
    }
    if (query.filter !== undefined && query.filter !== null) {
      filter = parser.condition(query.filter, ['query', 'filter'], 1) ?? null;
    }
    if (query.sort !== undefined && query.sort !== null) sort = parser.sort(query.sort, ['query', 'sort']);
  }

  let limit: number = SEARCH_LIMITS.defaultLimit;
  if (params.limit !== undefined && params.limit !== null) {
    const value = params.limit;
    if (
      typeof value !== 'number' ||
      !Number.isInteger(value) ||
      value < 1 ||
      value > SEARCH_LIMITS.maxLimit
    ) {
      parser.fault(
        ['limit'],
        `limit must be an integer from 1 to ${SEARCH_LIMITS.maxLimit}; got ${received(value)}`,
        'invalid_param',
      );
    } else {
      limit = value;
    }
  }

  let cursor: string | null = null;
  if (params.cursor !== undefined && params.cursor !== null) {
    const value = params.cursor;
    if (typeof value !== 'string' || value.length === 0 || value.length > SEARCH_LIMITS.maxCursorLength) {
      parser.fault(
        ['cursor'],
        `cursor must be the next_cursor of a previous response; got ${received(value)}`,
        'invalid_cursor',
      );
    } else {
      cursor = value;
    }
  }

  let fields: string[][] | null = null;
  if (params.fields !== undefined && params.fields !== null)
    fields = parser.projection(params.fields, ['fields']);

  if (parser.failed) throw failure(parser);
  return { filter, sort, fields, limit, cursor };
}
