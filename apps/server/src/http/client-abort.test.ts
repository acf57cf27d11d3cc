import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoredTestApp, startStoredTestApp } from '../test-support/stored-test-app';
import type { TestApp } from '../test-support/test-app';

describe('a client that goes away mid-request', () => {
  let app: StoredTestApp;
  let t: TestApp;

  beforeAll(async () => {
    app = await startStoredTestApp('sqlite', 'client-abort');
    t = app.t;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is not logged as an error nor counted as a 500', async () => {
    const token = await t.applicationToken();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(t.server.port, '127.0.0.1', () => {
          socket.write(
            'POST /v1/integrations/connectors HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n' +
              `authorization: Bearer ${token}\r\ncontent-length: 5000\r\n\r\n{"external_user_id":`,
          );
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 50);
        });
        socket.on('error', reject);
      });
    }
    // The server notices the closed sockets and finishes those requests.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.logs.entries().filter((entry) => entry.level === 'error')).toEqual([]);
    const metrics = await t.request('GET', '/metrics');
    expect(metrics.text).not.toMatch(/status="500"/);
    expect(metrics.text).toMatch(/status="499"/);
  });
});
