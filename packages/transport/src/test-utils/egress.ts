import type { LookupAddress } from 'node:dns';
import { EgressDeniedError } from '@conduit/protocol';
import { expect } from 'vitest';
import type { EgressLookup } from '../egress/create-egress-dispatcher';

/**
 * A `dns.lookup` stand-in that maps the given names to addresses, and fails any other name with
 * `ENOTFOUND` as the system resolver would: egress tests resolve names without DNS.
 *
 * @example
 * ```ts
 * const lookup = lookupFrom({ 'api.upstream.test': [{ address: '127.0.0.1', family: 4 }] });
 * ```
 */
export function lookupFrom(hosts: Readonly<Record<string, LookupAddress[]>>): EgressLookup {
  return (host, _options, callback) => {
    const found = hosts[host];
    if (found) callback(null, found);
    else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }), []);
  };
}

/**
 * The `EgressDeniedError` a promise rejects with; fails the test when it resolves or rejects
 * with anything else.
 *
 * @example
 * ```ts
 * expect((await refusal(fetch('http://127.0.0.1/'))).refusal).toBe('loopback');
 * ```
 */
export async function refusal(promise: Promise<unknown>): Promise<EgressDeniedError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(EgressDeniedError);
    return error as EgressDeniedError;
  }
  throw new Error('the request was not refused');
}
