import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerApplication, type StartedServer } from '@conduit/server';
import { startZendeskSimulator, type ZendeskSimulator, zendeskAttachmentBytes } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_TIMEOUT_MS, ndjson, requireBuiltCli, runChild } from '../testing/child-cli';
import { startLoopbackService } from '../testing/loopback-service';

// The built CLI as a child process with the support-desk kind: locally against the Zendesk
// simulator, and through a real hosted service whose connector calls the simulator.

let sim: ZendeskSimulator;
let server: StartedServer;
let directory: string;
let local: Record<string, string>;
let hosted: Record<string, string>;

beforeAll(async () => {
  requireBuiltCli();
  directory = mkdtempSync(join(tmpdir(), 'conduit-zendesk-e2e-'));
  sim = await startZendeskSimulator({ exportDelaySeconds: 0 });
  local = {
    ZENDESK_EMAIL: sim.credentials.email,
    ZENDESK_API_TOKEN: sim.credentials.apiToken,
    ZENDESK_BASE_URL: sim.baseUrl,
  };
  server = await startLoopbackService(directory);
  const { clientId, clientSecret } = await registerApplication(server.server.store);
  hosted = {
    CONDUIT_BASE_URL: server.url,
    CONDUIT_CLIENT_ID: clientId,
    CONDUIT_CLIENT_SECRET: clientSecret,
    CONDUIT_EXTERNAL_USER_ID: 'zendesk-user',
  };
}, E2E_TIMEOUT_MS);

afterAll(async () => {
  await server?.close();
  await sim?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
}, E2E_TIMEOUT_MS);

describe('conduit with the support-desk kind (built, child process)', { timeout: E2E_TIMEOUT_MS }, () => {
  it('describe support-desk lists the 18 entities; describe an entity gives its params', async () => {
    const all = await runChild(['describe', 'support-desk']);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('18 entities');
    const tickets = await runChild(['describe', 'support-desk', 'tickets', '--json']);
    expect(tickets.code).toBe(0);
    expect(tickets.stdout).toContain('start_time');
  });

  it('exec: lists every ticket, gets one, downloads an attachment, maps a missing record to exit 4', async () => {
    const listed = await runChild(
      ['exec', 'support-desk', 'tickets', 'list', '-p', 'limit=7', '--all', '--json'],
      { env: local },
    );
    expect(listed.code, listed.stderr).toBe(0);
    expect(ndjson(listed.stdout).map((ticket) => (ticket as { id: number }).id)).toEqual(
      sim.data.liveTickets().map((t) => t.id),
    );
    const got = await runChild(['exec', 'zendesk', 'tickets', 'get', '-p', 'ticket_id=4', '--json'], {
      env: local,
    });
    expect(JSON.parse(got.stdout)).toMatchObject({ id: 4 });
    // The one name (the package's) with its own settings; above, the name and settings of 0.1.
    const named = await runChild(
      ['exec', 'zendesk-support', 'tickets', 'get', '-p', 'ticket_id=4', '--json'],
      {
        env: {
          ZENDESK_SUPPORT_EMAIL: sim.credentials.email,
          ZENDESK_SUPPORT_API_TOKEN: sim.credentials.apiToken,
          ZENDESK_SUPPORT_BASE_URL: sim.baseUrl,
        },
      },
    );
    expect(named.code, named.stderr).toBe(0);
    expect(JSON.parse(named.stdout)).toMatchObject({ id: 4 });
    const file = [...sim.data.attachmentById.values()].find((a) => !a.inline)!;
    const target = join(directory, 'local.bin');
    const download = await runChild(
      ['download', String(file.id), '--connector', 'support-desk', '-o', target, '--json'],
      { env: local },
    );
    expect(download.code, download.stderr).toBe(0);
    expect(readFileSync(target).equals(zendeskAttachmentBytes(file, 0, file.size))).toBe(true);
    expect(JSON.parse(download.stdout)).toMatchObject({
      attachment_id: String(file.id),
      name: file.fileName,
    });
    expect(
      (await runChild(['exec', 'zendesk', 'users', 'get', '-p', 'user_id=1'], { env: local })).code,
    ).toBe(4);
  });

  it('hosted: connectors create, sync, search and download through the service', async () => {
    const created = await runChild(
      [
        'connectors',
        'create',
        'support-desk',
        '--config',
        'subdomain=lumenbikes',
        '--config',
        `base_url=${sim.baseUrl}`,
        '--json',
      ],
      {
        env: { ...hosted, ZENDESK_EMAIL: sim.credentials.email, ZENDESK_API_TOKEN: sim.credentials.apiToken },
      },
    );
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ connector_type: 'support-desk', status: 'active' });
    expect(created.stdout).not.toContain(sim.credentials.apiToken);
    const synced = await runChild(['sync', 'support-desk', '--wait', '--timeout', '60s', '--json'], {
      env: hosted,
    });
    expect(synced.code, synced.stderr).toBe(0);
    const search = await runChild(
      [
        'search',
        'tickets',
        '--connector',
        'support-desk',
        '--where',
        'status=open',
        '--fields',
        'id,subject,status',
        '--json',
      ],
      { env: hosted },
    );
    expect(search.code, search.stderr).toBe(0);
    const hits = (JSON.parse(search.stdout) as { hits: { id: string; data: { status: string } }[] }).hits;
    expect(hits.map((hit) => hit.id).sort()).toEqual(
      sim.data.tickets
        .filter((t) => t.status === 'open')
        .map((t) => String(t.id))
        .sort(),
    );
    const file = [...sim.data.attachmentById.values()].find((a) => !a.inline)!;
    const target = join(directory, 'hosted.bin');
    const download = await runChild(
      ['download', String(file.id), '--hosted', '--connector', 'support-desk', '-o', target],
      {
        env: hosted,
      },
    );
    expect(download.code, download.stderr).toBe(0);
    expect(readFileSync(target).equals(zendeskAttachmentBytes(file, 0, file.size))).toBe(true);
  });
});
