import { readFile } from 'node:fs/promises';
import { ValidationError } from '@conduit/protocol';
import type { OpenApiDocument } from './openapi-document';

/**
 * Reads an OpenAPI document from a `.yaml`/`.yml` or `.json` file. The `yaml` parser is loaded
 * lazily so importing the testkit never requires it; only callers of this function do.
 *
 * @example
 * ```ts
 * const spec = await loadOpenApiSpec(path.resolve(repoRoot, '../shared/specs/asana/asana_oas.yaml'));
 * const schema = responseSchemaFor(spec, 'GET', '/workspaces', 200);
 * ```
 */
export async function loadOpenApiSpec(path: string): Promise<OpenApiDocument> {
  const text = await readFile(path, 'utf8');
  let parsed: unknown;
  if (/\.json$/i.test(path)) {
    parsed = JSON.parse(text);
  } else {
    const { parse } = await import('yaml');
    // Large vendor specs exceed the parser's default alias budget; they are trusted local files.
    // Zendesk's official ticketing.yaml repeats some schema keys; the last one wins, as in most
    // OpenAPI tooling, instead of the whole file being refused.
    parsed = parse(text, { maxAliasCount: -1, uniqueKeys: false });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ValidationError(`${path} does not hold an OpenAPI document`, {
      details: [{ field: 'path', message: 'the file is not a JSON/YAML object', error_code: 'invalid_spec' }],
    });
  }
  return parsed as OpenApiDocument;
}
