import { describeListenError } from '@conduit/server';
import { UsageError } from '../../framework/usage-error';

/**
 * The usage error (exit 2) for a server that cannot listen (address in use, a privileged port, a
 * host that is no address of this machine), naming the setting at fault as `nameOf` spells it
 * (`--port`, or `CONDUIT_PORT` when only the environment set it); undefined for anything else.
 *
 * @example
 * ```ts
 * const failure = listenFailureError(error, (setting) => `--${setting}`);
 * if (failure) throw failure;
 * ```
 */
export function listenFailureError(
  error: unknown,
  nameOf: (setting: 'host' | 'port') => string,
): UsageError | undefined {
  const failure = describeListenError(error);
  if (failure === undefined) return undefined;
  const name = nameOf(failure.setting);
  return new UsageError(`${name}: ${failure.reason}`, {
    code: failure.errorCode,
    details: [{ field: name, message: failure.reason, error_code: failure.errorCode }],
    ...(failure.setting === 'host'
      ? { hint: 'listen on 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)' }
      : {}),
    cause: error,
  });
}
