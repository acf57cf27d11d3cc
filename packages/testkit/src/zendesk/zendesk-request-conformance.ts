import type { OpenApiDocument } from '../openapi/openapi-document';
import { validateOpenApiRequest } from '../openapi/validate-openapi-request';
import type { ZendeskRecordedRequest } from './zendesk-request-log';

/**
 * Query parameters the official spec leaves out of an operation's parameter list but Zendesk
 * documents in prose (`shared/reference/support-desk-upstream.md` §4, §5, §2.1): the pagination
 * parameters on every list, and a few per-endpoint ones.
 */
const PAGINATION = new Set(['page', 'per_page', 'page[size]', 'page[after]', 'page[before]']);
const DOCUMENTED: Record<string, readonly string[]> = {
  '/api/v2/tickets': ['sort', 'sort_by', 'sort_order', 'include', 'support_type_scope'],
  '/api/v2/tickets/{ticket_id}/comments': ['sort', 'sort_order'],
  '/api/v2/tickets/{ticket_id}/audits': ['sort_order'],
  '/api/v2/satisfaction_ratings': ['score', 'start_time', 'end_time'],
  '/api/v2/search': ['include'],
  '/api/v2/incremental/tickets/cursor': ['per_page', 'exclude_deleted', 'include', 'support_type_scope'],
  '/api/v2/incremental/tickets': ['per_page', 'exclude_deleted', 'include'],
  '/api/v2/incremental/users/cursor': ['include'],
  '/api/v2/incremental/organizations': ['include'],
  '/api/v2/views': ['sort'],
  '/api/v2/macros': ['sort'],
};

/**
 * Validates API requests a Zendesk simulator received against the official `ticketing.yaml`:
 * the operation must exist, declared params must match their schemas (enums included), required
 * ones must be present (an export page fetched by `cursor` needs no `start_time`, §4.4), and any
 * other param must be one the reference documents for that endpoint. Returns one line per issue.
 *
 * @example
 * ```ts
 * expect(zendeskRequestIssues(spec, sim.requests.all)).toEqual([]);
 * ```
 */
export function zendeskRequestIssues(
  spec: OpenApiDocument,
  requests: readonly ZendeskRecordedRequest[],
): string[] {
  const out: string[] = [];
  for (const request of requests) {
    if (request.host !== 'api' || !request.path.startsWith('/api/v2/')) continue;
    const query = request.query.toString();
    const url = query === '' ? request.path : `${request.path}?${query}`;
    const report = validateOpenApiRequest(
      spec,
      { method: request.method, url },
      {
        stripSuffix: '.json',
        undeclared: (name, template) => PAGINATION.has(name) || (DOCUMENTED[template] ?? []).includes(name),
        optional: (name, template, query) =>
          name === 'start_time' && template.endsWith('/cursor') && query.has('cursor'),
      },
    );
    for (const issue of report.issues) {
      out.push(
        `${request.method} ${request.path}?${request.query.toString()}: ${issue.path} ${issue.message}`,
      );
    }
  }
  return out;
}
