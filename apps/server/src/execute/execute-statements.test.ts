import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlStore } from '../store/sql-store';
import { type ExecuteHarness, startExecuteHarness } from '../test-support/execute-harness';
import { logStatements, type StatementLog } from '../test-support/statement-log';
import type { StoreKind } from '../test-support/test-app';

// What an execute asks of the store once its caller's application and connector were read: on
// PostgreSQL each statement is a round trip (and a write a WAL flush at commit), so the hot path
// must not run any. The cache times are long here so the counts do not depend on the machine's
// speed; their expiry and invalidation are tested with the caches.
const CALLS = 100;
const RATE_LIMIT = { limit: 1_000_000, windowMs: 60_000 };

describe.each<StoreKind>(['sqlite', 'postgres'])('store statements per execute over %s', (kind) => {
  let h: ExecuteHarness;
  let log: StatementLog;

  beforeAll(async () => {
    h = await startExecuteHarness(kind, 'execute-statements', {
      app: { rateLimit: RATE_LIMIT, applicationStatusTtlMs: 600_000 },
      execute: { connectorCacheTtlMs: 600_000 },
    });
    log = logStatements((h.store as SqlStore).db);
  });

  afterAll(() => h?.close());

  it(`runs none for ${CALLS} calls on a warm connector, apart from one rate-limit claim per block`, async () => {
    const { id, token } = await h.patConnector('user-1');
    const taskGid = h.sim.data.taskGids({})[0]!;
    const body = { entity: 'tasks', action: 'get', params: { task_gid: taskGid } };
    // The first call reads the application and the connector and opens the credentials.
    expect((await h.execute(id, body, token)).status).toBe(200);
    log.clear();
    for (let call = 0; call < CALLS; call += 1) {
      const response = await h.execute(id, body, token);
      expect(response.status).toBe(200);
      expect((response.body as { gid: string }).gid).toBe(taskGid);
    }
    const claims = log.statements.filter((sql) => sql.startsWith('INSERT INTO rate_limit_windows'));
    expect(log.statements.filter((sql) => !claims.includes(sql))).toEqual([]);
    // A claim takes a block of positions (a hundredth of the limit, at most 100) for this process.
    expect(claims.length).toBeLessThanOrEqual(Math.ceil(CALLS / 100));
  });
});
