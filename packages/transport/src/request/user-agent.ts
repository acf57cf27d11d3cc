import { VERSION } from '../version';

/**
 * The User-Agent: the caller's product tokens, then `conduit-transport/<VERSION>` and the runtime,
 * e.g. `conduit-asana/0.1.0 conduit-transport/0.1.0 node/24.1.0`. Upstream support teams read it
 * to tell which client version sent a bad request.
 *
 * @example
 * ```ts
 * buildUserAgent(['conduit-asana/0.1.0']); // 'conduit-asana/0.1.0 conduit-transport/0.1.0 node/24.1.0'
 * ```
 */
export function buildUserAgent(products?: string | readonly string[]): string {
  const tokens = typeof products === 'string' ? [products] : [...(products ?? [])];
  tokens.push(`conduit-transport/${VERSION}`);
  const runtime = runtimeToken();
  if (runtime) tokens.push(runtime);
  return tokens
    .map((token) => token.trim())
    .filter((token) => token !== '')
    .join(' ');
}

function runtimeToken(): string | undefined {
  const process = (globalThis as { process?: { versions?: Record<string, string | undefined> } }).process;
  const versions = process?.versions;
  if (versions?.bun) return `bun/${versions.bun}`;
  if (versions?.deno) return `deno/${versions.deno}`;
  if (versions?.node) return `node/${versions.node}`;
  return undefined;
}
