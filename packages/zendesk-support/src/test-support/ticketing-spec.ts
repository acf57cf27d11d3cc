import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  loadOpenApiSpec,
  optionalSpecFile,
  type ZendeskSimulator,
  zendeskRequestIssues,
} from '@conduit/testkit';

const specPath = path.resolve(
  fileURLToPath(new URL('../../../../', import.meta.url)),
  '../shared/specs/zendesk/ticketing.yaml',
);

/**
 * Zendesk's official spec (`ticketing.yaml`) beside the repository, for the tests that check every
 * request a simulator received against it. A clone without `../shared` has none: `missing` is then
 * true and one line names the test that is skipped.
 *
 * @example
 * ```ts
 * const spec = ticketingSpec('Zendesk offset order: spec conformance');
 * it.skipIf(spec.missing)('sends only what ticketing.yaml allows', async () => {
 *   expect(await spec.issues(sim)).toEqual([]);
 * });
 * ```
 */
export function ticketingSpec(skipped: string): {
  readonly missing: boolean;
  issues(sim: ZendeskSimulator): Promise<string[]>;
} {
  const missing = optionalSpecFile(specPath, skipped) === undefined;
  return {
    missing,
    issues: async (sim) => zendeskRequestIssues(await loadOpenApiSpec(specPath), sim.requests.all),
  };
}
