/** What an operator reads when the server cannot listen: the setting to change and why. */
export interface ListenFailure {
  /** `CONDUIT_PORT: <reason>` or `CONDUIT_HOST: <reason>`, as `conduit-server` logs it. */
  readonly message: string;
  readonly errorCode: string;
  /** The setting at fault, for a front end that names it its own way (`conduit serve --port`). */
  readonly setting: 'host' | 'port';
  /** Why, without the setting's name. */
  readonly reason: string;
}

const VARIABLES = { host: 'CONDUIT_HOST', port: 'CONDUIT_PORT' } as const;

function failure(setting: 'host' | 'port', reason: string, errorCode: string): ListenFailure {
  return { message: `${VARIABLES[setting]}: ${reason}`, errorCode, setting, reason };
}

/**
 * Explains a failure to listen (`listen()` of `node:net`) by the setting that causes it, so the
 * operator gets `CONDUIT_PORT: …` rather than an unclassified error and a stack; anything else
 * is undefined.
 *
 * @example
 * ```ts
 * describeListenError(Object.assign(new Error('listen EADDRINUSE …'), { code: 'EADDRINUSE' }));
 * // { message: 'CONDUIT_PORT: the address is in use (listen EADDRINUSE …); …', errorCode: 'address_in_use', setting: 'port', reason: 'the address is in use …' }
 * ```
 */
export function describeListenError(error: unknown): ListenFailure | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as NodeJS.ErrnoException).code;
  const syscall = (error as NodeJS.ErrnoException).syscall;
  if (code === 'EADDRINUSE') {
    return failure(
      'port',
      `the address is in use (${error.message}); pick another port, or 0 for a free one`,
      'address_in_use',
    );
  }
  if (code === 'EACCES' && syscall === 'listen') {
    return failure(
      'port',
      `no permission to listen (${error.message}); ports below 1024 need privileges`,
      'address_forbidden',
    );
  }
  if (code === 'EADDRNOTAVAIL' || (code === 'ENOTFOUND' && syscall === 'getaddrinfo')) {
    return failure('host', `not an address of this machine (${error.message})`, 'address_unavailable');
  }
  return undefined;
}
