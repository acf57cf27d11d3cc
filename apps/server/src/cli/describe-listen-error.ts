/** What an operator reads when the server cannot listen: the setting to change and why. */
export interface ListenFailure {
  readonly message: string;
  readonly errorCode: string;
}

/**
 * Explains a failure to listen (`listen()` of `node:net`) by the setting that causes it, so the
 * operator gets `CONDUIT_PORT: …` rather than an unclassified error and a stack; anything else
 * is undefined.
 *
 * @example
 * ```ts
 * describeListenError(Object.assign(new Error('listen EADDRINUSE …'), { code: 'EADDRINUSE' }));
 * // { message: 'CONDUIT_PORT: the address is in use (listen EADDRINUSE …); …', errorCode: 'address_in_use' }
 * ```
 */
export function describeListenError(error: unknown): ListenFailure | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as NodeJS.ErrnoException).code;
  const syscall = (error as NodeJS.ErrnoException).syscall;
  if (code === 'EADDRINUSE') {
    return {
      message: `CONDUIT_PORT: the address is in use (${error.message}); pick another port, or 0 for a free one`,
      errorCode: 'address_in_use',
    };
  }
  if (code === 'EACCES' && syscall === 'listen') {
    return {
      message: `CONDUIT_PORT: no permission to listen (${error.message}); ports below 1024 need privileges`,
      errorCode: 'address_forbidden',
    };
  }
  if (code === 'EADDRNOTAVAIL' || (code === 'ENOTFOUND' && syscall === 'getaddrinfo')) {
    return {
      message: `CONDUIT_HOST: not an address of this machine (${error.message})`,
      errorCode: 'address_unavailable',
    };
  }
  return undefined;
}
