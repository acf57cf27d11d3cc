import { type OpenApiCheckingFetch, type OpenApiDocument, openApiCheckingFetch } from '@conduit/testkit';

/**
 * A fetch checking every request against the OpenAPI document the server at `baseUrl` serves
 * (`/openapi.json`): hand it to a `HostedClient` and expect `issues` to be empty after the calls.
 *
 * @example
 * ```ts
 * const checked = await openApiCheckedFetch(t.server.url);
 * const client = new HostedClient({ …, fetch: checked.fetch });
 * afterAll(() => expect(checked.issues).toEqual([]));
 * ```
 */
export async function openApiCheckedFetch(
  baseUrl: string,
  inner: typeof globalThis.fetch = globalThis.fetch,
): Promise<OpenApiCheckingFetch> {
  const response = await fetch(`${baseUrl}/openapi.json`);
  if (!response.ok) throw new Error(`/openapi.json answered ${response.status}`);
  return openApiCheckingFetch((await response.json()) as OpenApiDocument, inner);
}
