import { randomBytes } from 'node:crypto';
import { Keyring } from '../crypto/keyring';
import { silentLogger } from '../logging/logger';
import { createApp } from '../server/create-app';
import { listen, type RunningServer } from '../server/listen';
import type { Store } from '../store/store';

/**
 * The app on `store` as it is, listening on an ephemeral port: nothing is written at start (no
 * application registered, no migration), so a store that cannot be reached or written can be
 * served.
 *
 * @example
 * ```ts
 * const server = await serveBareApp(store);
 * await fetch(`${server.url}/readyz`);
 * ```
 */
export function serveBareApp(store: Store): Promise<RunningServer> {
  const app = createApp({
    store,
    config: {
      keyring: new Keyring([{ id: 'k', key: randomBytes(32) }]),
      allowUpstreamOverride: false,
      rateLimit: { limit: 100, windowMs: 60_000 },
      bodyLimitBytes: 1024 * 1024,
    },
    logger: silentLogger,
  });
  return listen(app, { host: '127.0.0.1', port: 0 });
}
