import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeConnectorEntry } from '../../testing/fake-connector';
import { runInProcess, type TestRuntimeOptions } from '../../testing/test-runtime';

const TOKEN = 'fake-token-0123456789';

async function exec(
  args: string[],
  options: TestRuntimeOptions & { total?: number; searchMode?: 'results' | 'hosted_only' } = {},
) {
  const { entry, calls } = fakeConnectorEntry({ total: options.total, searchMode: options.searchMode });
  const result = await runInProcess(['exec', 'fake', ...args], {
    ...options,
    env: { ASANA_TOKEN: TOKEN, ...options.env },
    connectors: [entry],
  });
  return { ...result, calls };
}

describe('conduit exec (local mode, fake connector)', () => {
  it('prints one page as a table, gid and name first, with the next page on stderr', async () => {
    const { code, stdout, stderr } = await exec(['items', 'list']);
    expect(code).toBe(0);
    expect(stdout).toBe(
      ['GID  NAME    OWNER', '1    Item 1  Ada', '2    Item 2', '3    Item 3  Ada', ''].join('\n'),
    );
    expect(stderr).toContain('more records: add --all, or --param offset=3 for the next page');
  });

  it('prints one page as the list envelope with --json', async () => {
    const { stdout } = await exec(['items', 'list', '--json', '-p', 'limit=2']);
    expect(JSON.parse(stdout)).toEqual({
      records: [expect.objectContaining({ gid: '1' }), expect.objectContaining({ gid: '2' })],
      meta: { next_page: { offset: '2' } },
    });
  });

  it('follows every page with --all, streaming NDJSON', async () => {
    const { code, stdout, calls } = await exec(['items', 'list', '--all', '--json'], { total: 7 });
    expect(code).toBe(0);
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((record) => record.gid)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(calls.requests.map((request) => request.params.offset)).toEqual([undefined, '3', '6']);
  });

  it('follows every page with --all as one table', async () => {
    const { stdout } = await exec(['items', 'list', '--all'], { total: 5 });
    expect(stdout.split('\n').filter((line) => line.startsWith('GID'))).toHaveLength(1);
    expect(stdout.trimEnd().split('\n')).toHaveLength(6);
  });

  it('stops after --limit-total records, asking for no bigger pages than needed', async () => {
    const { stdout, calls } = await exec(['items', 'list', '--limit-total', '2', '--json'], { total: 7 });
    expect(stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(calls.requests).toHaveLength(1);
    expect(calls.requests[0]!.params).toEqual({ limit: 2 });
    const more = await exec(['items', 'list', '--limit-total', '4', '--json', '-p', 'limit=3'], { total: 7 });
    expect(more.stdout.trimEnd().split('\n')).toHaveLength(4);
    expect(more.calls.requests).toHaveLength(2);
  });

  it('says so when a listing is empty', async () => {
    const { code, stdout, stderr } = await exec(['items', 'list', '--all'], { total: 0 });
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toContain('no records');
  });

  it('coerces params by the definition before calling the connector', async () => {
    const { calls } = await exec(['items', 'list', '-p', 'limit=2', '-p', 'archived=false']);
    expect(calls.requests[0]!.params).toEqual({ limit: 2, archived: false });
  });

  it('prints a record as key/value lines, or as JSON', async () => {
    const human = await exec(['items', 'get', '-p', 'item_gid=3']);
    expect(human.stdout).toBe(
      'gid    3\nname   Item 3\nowner  {"gid":"900","name":"Ada"}\nnotes  line one line two\n',
    );
    const json = await exec(['items', 'get', '-p', 'item_gid=3', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ gid: '3', notes: 'line one\nline two' });
  });

  it('reports invalid params from the definition with exit 5 and the fields at fault', async () => {
    const { code, stderr } = await exec(['items', 'get', '-p', 'item_gid=abc']);
    expect(code).toBe(5);
    expect(stderr).toBe('error: item_gid: Invalid string: must match pattern /^\\d+$/\n');
    const missing = await exec(['items', 'get', '--json']);
    expect(missing.code).toBe(5);
    expect(JSON.parse(missing.stdout).error).toMatchObject({
      name: 'ValidationError',
      code: 'missing_param',
      details: [{ field: 'params.item_gid', error_code: 'missing_param' }],
    });
  });

  it('reports a coercion failure as invalid params (exit 5) naming the param once', async () => {
    const { code, stderr, calls } = await exec(['items', 'list', '-p', 'limit=many']);
    expect(code).toBe(5);
    expect(stderr).toBe('error: --param limit: expected an integer, got "many"\n');
    expect(calls.requests).toHaveLength(0);
  });

  it('prints search hits, or the hosted-only error with exit 5', async () => {
    const found = await exec(['items', 'search', '-p', 'query={}']);
    expect(found.stdout).toMatch(/ID +SCORE +NAME\n1 +0\.900 +Item 1/);
    expect(found.stderr).toContain('more hits: --param cursor=next-1');
    const local = await exec(['items', 'search', '-p', 'query={}'], { searchMode: 'hosted_only' });
    expect(local.code).toBe(5);
    expect(local.stderr).toBe(
      'error: fake items search runs over the data the hosted service has synced, so it exists only in hosted mode\n' +
        'hint: add --hosted: conduit exec --hosted fake items search … (see conduit exec --help for the hosted settings)\n',
    );
  });

  it('writes a download to a file through a .part file', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'conduit-download-'));
    const target = join(directory, 'out.txt');
    const { code, stderr } = await exec(['items', 'download', '-p', 'item_gid=1', '-o', target]);
    expect(code).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe('hello, bytes\n');
    expect(stderr).toBe(`wrote 13 bytes to ${target} (item.txt, text/plain)\n`);
    const json = await exec(['items', 'download', '-p', 'item_gid=1', '-o', target, '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      file: target,
      bytes: 13,
      content_type: 'text/plain',
      filename: 'item.txt',
      status: 200,
      content_range: null,
    });
  });

  it('writes a download to stdout when it is not a terminal, and refuses a terminal', async () => {
    const piped = await exec(['items', 'download', '-p', 'item_gid=1']);
    expect(piped.stdoutBytes.toString()).toBe('hello, bytes\n');
    const terminal = await exec(['items', 'download', '-p', 'item_gid=1'], { stdoutIsTTY: true });
    expect(terminal.code).toBe(2);
    expect(terminal.stderr).toContain('refusing to write a download to the terminal');
    const forced = await exec(['items', 'download', '-p', 'item_gid=1', '-o', '-'], { stdoutIsTTY: true });
    expect(forced.stdoutBytes.toString()).toBe('hello, bytes\n');
  });

  it('refuses flags that do not fit the action', async () => {
    expect((await exec(['items', 'get', '-p', 'item_gid=1', '--all'])).stderr).toBe(
      'error: --all applies to list actions only\n',
    );
    expect((await exec(['items', 'list', '-o', 'x'])).stderr).toBe(
      'error: --output applies to download actions only\n',
    );
    expect((await exec(['items', 'download', '-p', 'item_gid=1', '--json'])).code).toBe(2);
    expect((await exec(['items', 'list', '--limit-total', '0'])).stderr).toBe(
      'error: --limit-total needs a positive integer, got "0"\n',
    );
  });

  it('checks the params before it looks for credentials', async () => {
    const { code, stderr, calls } = await exec(['items', 'get'], { env: { ASANA_TOKEN: '' } });
    expect(code).toBe(5);
    expect(stderr).toBe('error: item_gid is required\n');
    expect(calls.options).toHaveLength(0);
  });

  it('needs credentials: exit 3 naming every way to give them', async () => {
    const { code, stderr, calls } = await exec(['items', 'list'], { env: { ASANA_TOKEN: '' } });
    expect(code).toBe(3);
    expect(stderr).toContain('error: no Fake credentials: set ASANA_TOKEN (token)');
    expect(calls.options).toHaveLength(0);
  });

  it('takes the base URL with flag > env > profile precedence, and checks it', async () => {
    const flag = await exec(['items', 'list', '--base-url', 'http://flag.test/api'], {
      env: { ASANA_BASE_URL: 'http://env.test/api' },
    });
    expect(flag.calls.options[0]!.baseUrl).toBe('http://flag.test/api');
    expect(flag.stderr).not.toContain('ignored');
    const env = await exec(['items', 'list'], { env: { ASANA_BASE_URL: 'http://env.test/api' } });
    expect(env.calls.options[0]!.baseUrl).toBe('http://env.test/api');
    const none = await exec(['items', 'list']);
    expect(none.calls.options[0]!.baseUrl).toBeUndefined();
    const bad = await exec(['items', 'list', '--base-url', 'ftp://x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('error: --base-url must be an http or https URL\n');
    const badEnv = await exec(['items', 'list'], { env: { ASANA_BASE_URL: 'not a url' } });
    expect(badEnv.stderr).toBe('error: ASANA_BASE_URL is not a URL: "not a url"\n');
  });

  it('never prints the token, even under --debug', async () => {
    const { stdout, stderr, calls } = await exec(['items', 'get', '-p', 'item_gid=1', '--debug']);
    expect(calls.options[0]!.credentials).toEqual({ token: TOKEN });
    expect(stderr).toContain('debug: credentials: token from env ASANA_TOKEN');
    expect(stderr).toContain('debug: setting asana_token=[REDACTED] (env ASANA_TOKEN)');
    expect(stdout + stderr).not.toContain(TOKEN);
  });

  it('passes a User-Agent naming the CLI and transport hooks only under --debug', async () => {
    const quiet = await exec(['items', 'list']);
    expect(quiet.calls.options[0]).toMatchObject({
      userAgent: expect.stringMatching(/^conduit-cli\//),
      hooks: undefined,
    });
    const loud = await exec(['items', 'list', '--debug']);
    expect(typeof loud.calls.options[0]!.hooks?.onResponse).toBe('function');
  });

  it('suggests entities and actions, and names unknown params (exit 2)', async () => {
    expect((await exec(['itms', 'list'])).stderr).toBe(
      'error: unknown entity "itms" of Fake\nhint: did you mean items?\n',
    );
    expect((await exec(['items', 'lsit'])).stderr).toContain('has no action "lsit"');
    const param = await exec(['items', 'list', '-p', 'limt=1']);
    expect(param.code).toBe(5);
    expect(param.stderr).toBe('error: fake items list has no param "limt"\nhint: did you mean limit?\n');
  });

  it('gives an unknown, a mistyped and a missing param the same exit code (5), each sentence once', async () => {
    const unknown = await exec(['items', 'get', '-p', 'item_gd=1']);
    const mistyped = await exec(['items', 'list', '-p', 'limit=ten']);
    const missing = await exec(['items', 'get']);
    expect([unknown.code, mistyped.code, missing.code]).toEqual([5, 5, 5]);
    expect(mistyped.stderr).toBe('error: --param limit: expected an integer, got "ten"\n');
    expect(missing.stderr).toBe('error: item_gid is required\n');
  });
});
