import { describe, expect, it } from 'vitest';
import { describeListenError } from './describe-listen-error';

function listenError(code: string, message: string, syscall = 'listen'): Error {
  return Object.assign(new Error(message), { code, syscall });
}

describe('describeListenError', () => {
  it('names the setting at fault, with the reason apart for front ends that name it otherwise', () => {
    expect(describeListenError(listenError('EACCES', 'listen EACCES: permission denied 0.0.0.0:80'))).toEqual(
      {
        message:
          'CONDUIT_PORT: no permission to listen (listen EACCES: permission denied 0.0.0.0:80); ports below 1024 need privileges',
        errorCode: 'address_forbidden',
        setting: 'port',
        reason:
          'no permission to listen (listen EACCES: permission denied 0.0.0.0:80); ports below 1024 need privileges',
      },
    );
    expect(describeListenError(listenError('EADDRNOTAVAIL', 'listen EADDRNOTAVAIL'))).toMatchObject({
      setting: 'host',
      message: 'CONDUIT_HOST: not an address of this machine (listen EADDRNOTAVAIL)',
    });
  });

  it('leaves other failures alone', () => {
    expect(describeListenError(listenError('EACCES', 'open EACCES', 'open'))).toBeUndefined();
    expect(describeListenError('listen EADDRINUSE')).toBeUndefined();
  });
});
