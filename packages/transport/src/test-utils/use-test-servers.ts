import { startTestServer, type TestServer } from '@conduit/testkit';
import { afterEach } from 'vitest';

/**
 * For a test file: a `startTestServer` whose servers are all closed after each test.
 *
 * @example
 * ```ts
 * const serve = useTestServers();
 * it('…', async () => {
 *   const server = await serve({ 'GET /x': { json: 1 } });
 * });
 * ```
 */
export function useTestServers(): (...args: Parameters<typeof startTestServer>) => Promise<TestServer> {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (...args) => {
    const server = await startTestServer(...args);
    servers.push(server);
    return server;
  };
}
