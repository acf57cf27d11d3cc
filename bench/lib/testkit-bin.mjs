import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built standalone simulator of @conduit/testkit named `name` (`asana-simulator`,
 * `zendesk-simulator`): suites run it in a process of its own so the client's CPU never includes
 * the server's.
 */
export function testkitBin(name) {
  return join(
    dirname(fileURLToPath(import.meta.resolve('@conduit/testkit/package.json'))),
    'dist',
    `${name}.js`,
  );
}
