import { describe, expect, it } from 'vitest';
import { manualClock } from '../test-support/test-app';
import { createJsonLogger, REDACT_PATHS, SECRET_FIELDS } from './logger';

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
      connector: { credentials: { api_token: 'deep' }, config: { instance_url: 'https://x' } },
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
      connector: { credentials: '[REDACTED]', config: { instance_url: 'https://x' } },
    });
    const failed = JSON.parse(lines[1]!);
    expect(failed).toMatchObject({
      level: 'error',
      error: { name: 'Error', message: 'boom', cause: { message: 'root' } },
    });
    expect(failed.error.stack).toContain('boom');
    expect(lines.join('\n')).not.toMatch(/abc|"s"|"t"|deep/);
  });

  it('redacts every secret field at each depth the paths cover, and secret query parameters of urls', () => {
    const lines: string[] = [];
    const logger = createJsonLogger({ write: (line) => lines.push(line) });
    for (const name of SECRET_FIELDS) {
      logger.warn('secret', { [name]: 'v1', outer: { [name]: 'v2', inner: { list: [{ [name]: 'v3' }] } } });
    }
    logger.info('call', { url: 'https://x.test/a?access_token=abc&limit=5', x_api_token: 'v1' });
    expect(lines).toHaveLength(SECRET_FIELDS.length + 1);
    expect(lines.join('\n')).not.toMatch(/v1|v2|v3|abc/);
    expect(JSON.parse(lines.at(-1)!).url).toBe('https://x.test/a?access_token=[REDACTED]&limit=5');
    expect(REDACT_PATHS).toContain('credentials');
    expect(REDACT_PATHS).toContain('["set-cookie"]');
  });

  it('writes fatal lines whatever the level, and keeps error codes', () => {
    const lines: string[] = [];
    const logger = createJsonLogger({ level: 'error', write: (line) => lines.push(line) });
    logger.warn('dropped');
    const error = Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    logger.fatal('configuration error', { error });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'fatal',
      msg: 'configuration error',
      error: { message: 'refused', code: 'ECONNREFUSED' },
    });
  });
});
