import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { runZendeskSimulatorMain } from './run-zendesk-simulator-main';

describe('runZendeskSimulatorMain', () => {
  it('prints one ready line with working credentials and stops on SIGTERM', async () => {
    const lines: string[] = [];
    const signals = new EventEmitter();
    const handle = await runZendeskSimulatorMain(['--tickets', '500', '--rate-limit', '5/6s'], {
      stdout: (line) => lines.push(line),
      signals,
      env: { ZENDESK_SIMULATOR_API_TOKEN: 'fixed-token' },
    });
    expect(lines).toHaveLength(1);
    const ready = JSON.parse(lines[0]!) as {
      baseUrl: string;
      email: string;
      apiToken: string;
      tickets: number;
    };
    expect(ready).toMatchObject({ apiToken: 'fixed-token', tickets: 500 });
    const auth = `Basic ${Buffer.from(`${ready.email}/token:${ready.apiToken}`).toString('base64')}`;
    const reply = await fetch(`${ready.baseUrl}/tickets.json`, { headers: { authorization: auth } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-rate-limit')).toBe('5');
    signals.emit('SIGTERM');
    await handle.done;
    await expect(fetch(`${ready.baseUrl}/tickets.json`)).rejects.toThrow();
  });

  it('refuses a malformed flag value', async () => {
    await expect(runZendeskSimulatorMain(['--tickets', 'many'], { stdout: () => undefined })).rejects.toThrow(
      /--tickets/,
    );
  });
});
