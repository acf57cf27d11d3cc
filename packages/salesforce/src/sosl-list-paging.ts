import { type CustomPaging, localPaging, readPageWith } from '@conduit/connector-kit';
import { ResponseValidationError, ValidationError } from '@conduit/protocol';
import { callersQueryError } from './soql-list-paging';

/** The errors Salesforce gives a search it refuses (crm-upstream.md §6.1). */
const SEARCH_ERROR_CODES = new Set([
  'MALFORMED_SEARCH',
  'INVALID_SEARCH',
  'INVALID_FIELD',
  'INVALID_TYPE',
  'MALFORMED_QUERY',
]);

/**
 * True when a list's `q` is SOSL (`FIND {…} … RETURNING …`) rather than SOQL.
 *
 * @example
 * ```ts
 * isSosl('FIND {Acme} RETURNING Account(Id, Name)'); // true
 * ```
 */
export function isSosl(q: string): boolean {
  return /^\s*FIND\s*\{/i.test(q);
}

function invalidQ(message: string): ValidationError {
  return new ValidationError(`q: ${message}`, {
    status: 400,
    details: [{ field: 'params.q', message, error_code: 'invalid_param' }],
  });
}

/**
 * Paging of an sObject list run as the caller's SOSL (`q`, what Airbyte's Python SDK sends as
 * `api_search`; docs/airbyte-python-sdk.md): Salesforce's search resource (`GET /search?q=`)
 * answers every hit at once (crm-upstream.md §6.1), so the hits are paged here by `limit`, each
 * page running the search again. The hits must all be of the list's object (`RETURNING` it
 * alone), or the search is refused naming `q`; so is a search Salesforce refuses, with its
 * message. `soql` is where the list's own checks of `q` run (no filters beside it).
 *
 * @example
 * ```ts
 * const paging = soslListPaging('Account', (query) => String(query.q));
 * ```
 */
export function soslListPaging(
  sobject: string,
  soql: (query: Readonly<Record<string, unknown>>) => string,
): CustomPaging {
  const whole = localPaging();
  return {
    type: 'custom',
    async readPage(context) {
      const q = soql(context.query);
      if (context.query.include_deleted !== undefined) {
        const message = 'a search reads no deleted records: leave include_deleted out';
        throw new ValidationError(message, {
          status: 400,
          details: [{ field: 'params.include_deleted', message, error_code: 'invalid_param' }],
        });
      }
      try {
        return await readPageWith(whole, {
          ...context,
          path: '/search',
          query: { q },
          parseRecords(body) {
            const hits = (body as { searchRecords?: unknown }).searchRecords;
            if (!Array.isArray(hits)) {
              const message = 'must be an array';
              throw new ResponseValidationError(
                `The search answer does not have the expected shape: searchRecords ${message}`,
                {
                  details: [{ field: 'searchRecords', message, error_code: 'invalid_response' }],
                },
              );
            }
            const other = hits.find(
              (hit) => (hit as { attributes?: { type?: unknown } }).attributes?.type !== sobject,
            ) as { attributes?: { type?: unknown } } | undefined;
            if (other !== undefined)
              throw invalidQ(
                `the search returned ${String(other.attributes?.type)} records on the ${sobject} list: RETURNING ${sobject} alone, and search other objects on their own lists`,
              );
            return context.parseRecords({ records: hits });
          },
        });
      } catch (error) {
        throw callersQueryError(error, SEARCH_ERROR_CODES);
      }
    },
  };
}
