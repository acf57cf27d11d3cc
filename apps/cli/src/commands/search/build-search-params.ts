import { SEARCH_LIMITS, type SearchCondition, type SearchFieldType } from '@conduit/protocol';
import { InvalidParamsError } from '../../framework/invalid-params-error';
import { UsageError } from '../../framework/usage-error';
import { parseWhere, WhereError } from './parse-where';

/** What the command line says about a search. */
export interface SearchInput {
  readonly where?: string | undefined;
  /** The text of `--query` or of the `--query-file`. */
  readonly query?: { readonly text: string; readonly origin: string } | undefined;
  readonly sort: readonly string[];
  readonly fields: readonly string[];
  readonly limit?: string | undefined;
  readonly cursor?: string | undefined;
  /** The page size when `--limit` is not given. */
  readonly defaultLimit: number;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `--where` fault as a CLI error whose hint points at the column: a usage error (exit 2) for bad
 * syntax, invalid params (exit 5) for an unknown or mistyped field, as the service answers the
 * same mistake in `--query`.
 *
 * @example
 * ```ts
 * throw whereUsageError('completed=maybe', new WhereError('needs true or false', 10));
 * ```
 */
export function whereUsageError(text: string, error: WhereError): UsageError | InvalidParamsError {
  const single = text.replace(/[\r\n\t]/g, ' ');
  const ErrorClass = error.kind === 'field' ? InvalidParamsError : UsageError;
  return new ErrorClass(`--where: ${error.message} (column ${error.column})`, {
    code: 'invalid_where',
    details: [
      { field: 'where', message: `${error.message} (column ${error.column})`, error_code: 'invalid_where' },
    ],
    // `hint: ` is six columns wide, so the caret lines up under the expression.
    hint: `${single}\n${' '.repeat(6 + Math.min(error.offset, single.length))}^`,
  });
}

function parseQuery(query: NonNullable<SearchInput['query']>): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(query.text);
  } catch (error) {
    const position = /position (\d+)/.exec(error instanceof Error ? error.message : '');
    throw new UsageError(
      `${query.origin} is not valid JSON${position ? ` (at character ${Number(position[1]) + 1})` : ''}`,
      { code: 'invalid_query' },
    );
  }
  if (!isPlainObject(value)) {
    throw new UsageError(`${query.origin} must be a JSON object: {"filter": {…}, "sort": […]}`, {
      code: 'invalid_query',
    });
  }
  return value;
}

/**
 * `--sort` values as the DSL's sort: `due_on`, `due_on:desc`, `a:asc,b:desc`, in priority order.
 *
 * @example
 * ```ts
 * parseSort(['due_on', 'name:desc']); // [{ due_on: 'asc' }, { name: 'desc' }]
 * ```
 */
export function parseSort(values: readonly string[]): Record<string, 'asc' | 'desc'>[] {
  const sort: Record<string, 'asc' | 'desc'>[] = [];
  for (const item of values.flatMap((value) => value.split(','))) {
    const text = item.trim();
    if (text === '') continue;
    const colon = text.lastIndexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const direction = colon === -1 ? 'asc' : text.slice(colon + 1).toLowerCase();
    if (field === '' || (direction !== 'asc' && direction !== 'desc')) {
      throw new UsageError(`--sort needs FIELD or FIELD:asc or FIELD:desc, got "${text}"`, {
        code: 'invalid_flag',
      });
    }
    sort.push({ [field]: direction });
  }
  return sort;
}

function parseLimit(raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > SEARCH_LIMITS.maxLimit) {
    throw new UsageError(`--limit needs an integer from 1 to ${SEARCH_LIMITS.maxLimit}, got "${raw}"`, {
      code: 'invalid_flag',
    });
  }
  return value;
}

/**
 * The params of a `search` action from the command line: the query from `--query` /
 * `--query-file`, its filter from `--where` (typed by `searchableFields`) and its sort from
 * `--sort` (each refused when the query JSON already has one), `--fields`, `--limit`, `--cursor`.
 * Without searchable fields (a connector type this CLI has no definition of) `--where` is refused.
 *
 * @example
 * ```ts
 * buildSearchParams({ where: 'completed=false', sort: ['due_on'], fields: [], defaultLimit: 50 }, SEARCHABLE_FIELDS.tasks);
 * // { query: { filter: { eq: { completed: false } }, sort: [{ due_on: 'asc' }] }, limit: 50 }
 * ```
 */
export function buildSearchParams(
  input: SearchInput,
  searchableFields: Readonly<Record<string, SearchFieldType>> | undefined,
): Record<string, unknown> {
  const query: Record<string, unknown> = input.query ? parseQuery(input.query) : {};
  if (input.where !== undefined) {
    if (query.filter !== undefined && query.filter !== null) {
      throw new UsageError(`give the filter with --where or in ${input.query!.origin}, not both`, {
        code: 'conflicting_flags',
      });
    }
    if (searchableFields === undefined) {
      throw new UsageError(
        '--where needs the searchable fields of the entity, which this CLI does not know',
        {
          code: 'invalid_flag',
          hint: 'give the filter as JSON with --query',
        },
      );
    }
    let filter: SearchCondition;
    try {
      filter = parseWhere(input.where, searchableFields);
    } catch (error) {
      if (error instanceof WhereError) throw whereUsageError(input.where, error);
      throw error;
    }
    query.filter = filter;
  }
  const sort = parseSort(input.sort);
  if (sort.length > 0) {
    if (query.sort !== undefined && query.sort !== null) {
      throw new UsageError(`give the sort with --sort or in ${input.query!.origin}, not both`, {
        code: 'conflicting_flags',
      });
    }
    query.sort = sort;
  }
  const fields = input.fields.flatMap((value) => value.split(',')).map((path) => path.trim());
  if (fields.some((path) => path === '')) {
    throw new UsageError('--fields needs comma-separated paths such as gid,name,assignee.name', {
      code: 'invalid_flag',
    });
  }
  return {
    query,
    limit: parseLimit(input.limit, input.defaultLimit),
    ...(input.cursor === undefined ? {} : { cursor: input.cursor }),
    ...(fields.length === 0 ? {} : { fields }),
  };
}
