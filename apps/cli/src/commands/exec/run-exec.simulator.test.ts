import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AsanaSimulator, asanaAttachmentBytes, startAsanaSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../../testing/test-runtime';

let sim: AsanaSimulator;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 11 } });
  env = { ASANA_TOKEN: sim.tokens.personalAccessToken, ASANA_BASE_URL: sim.baseUrl };
});

afterAll(async () => {
  await sim.close();
});

const exec = (
  args: string[],
  extraEnv: Record<string, string> = {},
  options: { stderrIsTTY?: boolean } = {},
) => runInProcess(['exec', 'asana', ...args], { env: { ...env, ...extraEnv }, ...options });

describe('conduit exec asana against the Asana simulator (in process)', () => {
  it('lists workspaces as a table', async () => {
    const { code, stdout, stderr } = await exec(['workspaces', 'list']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const [header, ...rows] = stdout.trimEnd().split('\n');
    expect(header).toMatch(/^GID +NAME +RESOURCE_TYPE$/);
    expect(rows).toHaveLength(sim.data.workspaces.length);
    expect(rows[0]).toContain(sim.data.workspaces[0]!.gid);
  });

  it('follows every page of a project with --all --json', async () => {
    const project = sim.data.projects[0]!;
    const expected = sim.data.taskGids({ projectGid: project.gid });
    expect(expected.length).toBeGreaterThan(2);
    const { code, stdout } = await exec([
      'project_tasks',
      'list',
      '-p',
      `project_gid=${project.gid}`,
      '-p',
      'limit=2',
      '--all',
      '--json',
    ]);
    expect(code).toBe(0);
    const gids = stdout
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { gid: string }).gid);
    expect(gids).toEqual(expected);
  });

  it('stops at --limit-total', async () => {
    const project = sim.data.projects[0]!;
    const { stdout } = await exec([
      'project_tasks',
      'list',
      '-p',
      `project_gid=${project.gid}`,
      '--limit-total',
      '2',
      '--json',
    ]);
    expect(stdout.trimEnd().split('\n')).toHaveLength(2);
  });

  it('gets one task as JSON', async () => {
    const gid = sim.data.taskGids()[0]!;
    const { code, stdout } = await exec(['tasks', 'get', '-p', `task_gid=${gid}`, '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ gid, name: sim.data.task(gid)!.name });
  });

  it('downloads an attachment byte for byte', async () => {
    const file = sim.data.attachments.find((attachment) => attachment.host === 'asana')!;
    const target = join(mkdtempSync(join(tmpdir(), 'conduit-sim-download-')), 'file.bin');
    const { code, stderr } = await exec([
      'attachments',
      'download',
      '-p',
      `attachment_gid=${file.gid}`,
      '-o',
      target,
    ]);
    expect(stderr).toContain(`wrote ${file.size} bytes to ${target}`);
    expect(code).toBe(0);
    expect(readFileSync(target).equals(asanaAttachmentBytes(file.gid, file.name, 0, file.size))).toBe(true);
  });

  it('maps upstream failures to exit codes: 404 → 4, bad token → 3', async () => {
    const missing = await exec(['tasks', 'get', '-p', 'task_gid=999999999999']);
    expect(missing.code).toBe(4);
    const denied = await exec(['workspaces', 'list'], { ASANA_TOKEN: 'not-a-valid-token-123' });
    expect(denied.code).toBe(3);
    expect(denied.stderr).not.toContain('not-a-valid-token-123');
  });

  it('says search runs only in hosted mode (exit 5)', async () => {
    const { code, stderr } = await exec([
      'tasks',
      'search',
      '-p',
      'query={"filter":{"eq":{"completed":false}}}',
    ]);
    expect(code).toBe(5);
    expect(stderr).toContain('exists only in hosted mode');
    expect(stderr).toContain('hint: add --hosted: conduit exec --hosted asana tasks search');
    expect(stderr).not.toContain('externalUserId');
  });

  it('says on a terminal what a 429 makes it wait for, and how long; never on stdout', async () => {
    const path = { path: '/workspaces' };
    sim.faults.inject({ kind: 'status', status: 429, retryAfterSeconds: 1 }, { times: 1, ...path });
    const seen = await exec(['workspaces', 'list', '--json'], {}, { stderrIsTTY: true });
    expect(seen.code).toBe(0);
    expect(seen.stderr).toMatch(
      /rate limited by 127\.0\.0\.1:\d+ \(429\): waiting 1 s before retrying GET \/api\/1\.0\/workspaces/,
    );
    expect(seen.stdout).not.toContain('rate limited');
    expect(JSON.parse(seen.stdout).records).toHaveLength(sim.data.workspaces.length);

    sim.faults.inject({ kind: 'status', status: 429, retryAfterSeconds: 1 }, { times: 1, ...path });
    const piped = await exec(['workspaces', 'list', '--json'], {}, { stderrIsTTY: false });
    expect(piped.code).toBe(0);
    expect(piped.stderr).toBe('');
  });

  it('refuses to download an attachment the upstream gives no download URL for: a typed error, exit 5', async () => {
    const vimeo =
      sim.data.attachments.find((attachment) => attachment.host === 'vimeo') ??
      sim.addAttachment({ parentGid: sim.data.taskGids({})[0]!, name: 'clip.mov', size: 10, host: 'vimeo' });
    const target = join(mkdtempSync(join(tmpdir(), 'conduit-sim-download-')), 'clip.mov');
    const args = ['attachments', 'download', '-p', `attachment_gid=${vimeo.gid}`, '-o', target];
    const human = await exec(args);
    expect(human.code).toBe(5);
    expect(human.stderr).toContain('has no download URL');
    expect(human.stderr).not.toContain('internal error');
    const json = await exec([...args, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      error: { name: 'UnsupportedOperationError', code: 'download_unavailable' },
    });
  });
});
