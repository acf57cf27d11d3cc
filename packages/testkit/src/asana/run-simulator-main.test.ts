import { EventEmitter } from 'node:events';
import { ValidationError } from '@conduit/protocol';
import { describe, expect, it } from 'vitest';
import { parseRateSpec, runSimulatorMain } from './run-simulator-main';

function harness(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const signals = new EventEmitter();
  return { lines, signals, io: { stdout: (text: string) => lines.push(text), signals, env } };
}

describe('parseRateSpec', () => {
  it.each([
    ['1500/60s', { count: 1500, windowMs: 60_000 }],
    ['150/6s', { count: 150, windowMs: 6_000 }],
    ['60/1m', { count: 60, windowMs: 60_000 }],
    ['100/500ms', { count: 100, windowMs: 500 }],
    ['10/2', { count: 10, windowMs: 2_000 }],
  ])('%s', (spec, expected) => {
    expect(parseRateSpec('rate-limit', spec)).toEqual(expected);
  });

  it('rejects malformed specs', () => {
    expect(() => parseRateSpec('rate-limit', 'fast')).toThrow(ValidationError);
    expect(() => parseRateSpec('rate-limit', '0/1s')).toThrow(/positive/);
  });
});

describe('runSimulatorMain', () => {
  it('prints one JSON line when ready, serves requests, and stops on SIGTERM', async () => {
    const { lines, signals, io } = harness();
    const handle = await runSimulatorMain(
      [
        '--preset',
        'tiny',
        '--seed',
        '9',
        '--project-tasks',
        '2500',
        '--rate-limit',
        '150/6s',
        '--offset-ttl',
        '60',
      ],
      io,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    const ready = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(ready).toMatchObject({
      baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/1\.0$/),
      token: expect.any(String),
      projectGid: handle.simulator!.data.largeProject!.gid,
      projectTaskCount: 2500,
      workspaceGid: expect.any(String),
    });
    const response = await fetch(
      `${String(ready.baseUrl)}/projects/${String(ready.projectGid)}/tasks?limit=100`,
      {
        headers: { authorization: `Bearer ${String(ready.token)}` },
      },
    );
    const page = (await response.json()) as { data: unknown[]; next_page: { offset: string } };
    expect(page.data).toHaveLength(100);
    const claims = JSON.parse(Buffer.from(page.next_page.offset.split('.')[1]!, 'base64url').toString()) as {
      iat: number;
      exp: number;
    };
    expect(claims.exp - claims.iat).toBe(60);
    signals.emit('SIGTERM');
    await handle.done;
    await expect(fetch(String(ready.baseUrl))).rejects.toThrow();
  });

  it('takes a fixed token from the environment, never from argv, and honours --rate-limit', async () => {
    const { lines, io } = harness({ ASANA_SIMULATOR_TOKEN: 'fixed-test-token' });
    const handle = await runSimulatorMain(['--rate-limit', '2/60s', '--clock', 'manual'], io);
    try {
      const ready = JSON.parse(lines[0]!) as { baseUrl: string; token: string };
      expect(ready.token).toBe('fixed-test-token');
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push(
          (
            await fetch(`${ready.baseUrl}/users/me`, {
              headers: { authorization: 'Bearer fixed-test-token' },
            })
          ).status,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await handle.stop();
    }
  });

  it('starts the sandbox preset with rate limits off', async () => {
    const { lines, io } = harness();
    const handle = await runSimulatorMain(
      ['--preset', 'sandbox', '--rate-limit', 'off', '--latency', '0'],
      io,
    );
    try {
      const ready = JSON.parse(lines[0]!) as { baseUrl: string; token: string; projectGid: string };
      const response = await fetch(`${ready.baseUrl}/projects/${ready.projectGid}`, {
        headers: { authorization: `Bearer ${ready.token}` },
      });
      expect(((await response.json()) as { data: { name: string } }).data.name).toBe('Website relaunch');
    } finally {
      await handle.stop();
    }
  });

  it('prints usage for --help and rejects unknown or invalid flags', async () => {
    const { lines, io } = harness();
    const help = await runSimulatorMain(['--help'], io);
    expect(help.simulator).toBeUndefined();
    expect(lines[0]).toContain('Usage: conduit-asana-simulator');
    await expect(runSimulatorMain(['--bogus'], io)).rejects.toThrow();
    await expect(runSimulatorMain(['--preset', 'huge'], io)).rejects.toThrow(/preset/);
    await expect(runSimulatorMain(['--port', 'abc'], io)).rejects.toThrow(/--port/);
    await expect(runSimulatorMain(['--clock', 'sundial'], io)).rejects.toThrow(/--clock/);
  });
});
