import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Listens each server on 127.0.0.1 at its port (0: ephemeral), in order, and answers the ports
 * they got. A simulator runs two hosts (API and downloads/storage/instance); if the second port is
 * taken, the first is closed again so a failed start leaves nothing listening.
 *
 * @example
 * ```ts
 * const [apiPort, downloadPort] = await listenLoopback([
 *   [apiServer, 0],
 *   [downloadServer, 0],
 * ] as const);
 * ```
 */
export async function listenLoopback<const T extends ReadonlyArray<readonly [Server, number]>>(
  entries: T,
): Promise<{ -readonly [K in keyof T]: number }> {
  const ports: number[] = [];
  for (const [server, port] of entries) {
    try {
      ports.push(await listenOne(server, port));
    } catch (error) {
      await closeServers(...entries.map(([started]) => started));
      throw error;
    }
  }
  return ports as { -readonly [K in keyof T]: number };
}

/**
 * Closes servers, cutting their open connections: keep-alive and stalled ones would otherwise
 * hold `close()` open forever. A server that is not listening is skipped.
 *
 * @example
 * ```ts
 * await closeServers(apiServer, downloadServer);
 * ```
 */
export async function closeServers(...servers: Server[]): Promise<void> {
  await Promise.all(servers.map(closeOne));
}

function listenOne(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeOne(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
