import { describe, expect, it } from 'vitest';
import { manualClock } from '../test-support/test-app';
import { createJsonLogger } from './logger';

describe('createJsonLogger', () => {
  it('writes one JSON object per line with secrets redacted and errors serialised', () => {
    const lines: string[] = [];
    const logger = createJsonLogger({
      level: 'info',
      write: (line) => lines.push(line),
      clock: manualClock(Date.parse('2026-02-03T04:05:06.007Z')),
    }).child({ request_id: 'r1' });
    logger.debug('dropped');
    logger.info('request', {
      status: 200,
      authorization: 'Bearer abc',
      body: { client_secret: 's', credentials: { token: 't' }, name: 'n' },
      skipped: undefined,
    });
    logger.error('failed', { error: new Error('boom', { cause: new Error('root') }) });
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toEqual({
      time: '2026-02-03T04:05:06.007Z',
      level: 'info',
      msg: 'request',
      request_id: 'r1',
      status: 200,
      authorization: '[REDACTED]',
      body: { client_secret: '[REDACTED]', credentials: '[REDACTED]', name: 'n' },
    });
    const failed = JSON.parse(lines[1]!);
    expect(failed).toMatchObject({
      level: 'error',
      error: { name: 'Error', message: 'boom', cause: { message: 'root' } },
    });
    expect(failed.error.stack).toContain('boom');
    expect(lines.join('\n')).not.toMatch(/abc|"s"|"t"/);
  });

  it('lets the fields of a line replace bound ones, an undefined field dropping them', () => {
    const lines: string[] = [];
    const logger = createJsonLogger({
      write: (line) => lines.push(line),
      clock: manualClock(Date.parse('2026-02-03T04:05:06.007Z')),
    }).child({ request_id: 'r1', route: 'bound', time: 'bound time' });
    logger.info('request', {
      route: '/x',
      request_id: undefined,
      time: undefined,
      url: 'https://x.test/a?access_token=abc',
      token: new Error('secret'),
    });
    expect(lines[0]).toBe(
      JSON.stringify({
        time: '2026-02-03T04:05:06.007Z',
        level: 'info',
        msg: 'request',
        route: '/x',
        url: 'https://x.test/a?access_token=[REDACTED]',
        token: '[REDACTED]',
      }),
    );
  });

  it('keeps the line when a field cannot be serialised', () => {
    const lines: string[] = [];
    const logger = createJsonLogger({ write: (line) => lines.push(line) });
    logger.warn('odd', { big: 10n });
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', msg: 'odd', fields: 'unserialisable' });
  });
});
