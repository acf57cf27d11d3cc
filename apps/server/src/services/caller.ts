import type { ConnectorOwner } from '../store/store';

/**
 * Who is calling, from a verified bearer token: an application, or an application acting for one
 * external user (a scoped token).
 */
export type Caller =
  | { readonly kind: 'application'; readonly applicationId: string }
  | { readonly kind: 'scoped'; readonly applicationId: string; readonly externalUserId: string };

/**
 * The connectors a caller may see: all of its application's, or only its user's with a scoped token.
 *
 * @example
 * ```ts
 * const connector = await store.findConnector(ownerOf(caller), id);
 * ```
 */
export function ownerOf(caller: Caller): ConnectorOwner {
  return caller.kind === 'scoped'
    ? { applicationId: caller.applicationId, externalUserId: caller.externalUserId }
    : { applicationId: caller.applicationId };
}
