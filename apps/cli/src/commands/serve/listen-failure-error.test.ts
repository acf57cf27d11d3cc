import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../framework/exit-codes';
import { listenFailureError } from './listen-failure-error';

function listenError(code: string, message: string, syscall = 'listen'): Error {
  return Object.assign(new Error(message), { code, syscall });
}

const asFlag = (setting: 'host' | 'port') => `--${setting}`;

describe('listenFailureError', () => {
  it('names --port for a privileged port and a port in use, as a usage error', () => {
    const forbidden = listenFailureError(
      listenError('EACCES', 'listen EACCES: permission denied 0.0.0.0:80'),
      asFlag,
    );
    expect(forbidden).toMatchObject({
      exitCode: EXIT_CODES.usage,
      code: 'address_forbidden',
      message: expect.stringMatching(
        /^--port: no permission to listen \(listen EACCES.*\); ports below 1024/,
      ),
    });
    const inUse = listenFailureError(
      listenError('EADDRINUSE', 'listen EADDRINUSE: address already in use'),
      asFlag,
    );
    expect(inUse).toMatchObject({ exitCode: EXIT_CODES.usage, code: 'address_in_use' });
    expect(inUse?.message).toMatch(/^--port: the address is in use/);
  });

  it('names --host, or the variable that set it, for an address that is not this machine’s', () => {
    const error = listenError('EADDRNOTAVAIL', 'listen EADDRNOTAVAIL: address not available 192.0.2.1');
    expect(listenFailureError(error, asFlag)).toMatchObject({
      exitCode: EXIT_CODES.usage,
      code: 'address_unavailable',
      message:
        '--host: not an address of this machine (listen EADDRNOTAVAIL: address not available 192.0.2.1)',
      details: [{ field: '--host', error_code: 'address_unavailable' }],
    });
    expect(listenFailureError(error, () => 'CONDUIT_HOST')?.message).toMatch(/^CONDUIT_HOST: /);
  });

  it('leaves any other failure alone', () => {
    expect(listenFailureError(listenError('EACCES', 'open EACCES', 'open'), asFlag)).toBeUndefined();
    expect(listenFailureError(new Error('boom'), asFlag)).toBeUndefined();
  });
});
