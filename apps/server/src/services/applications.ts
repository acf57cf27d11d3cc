import { randomBytes, randomUUID } from 'node:crypto';
import { ApplicationTokenRequestSchema } from '@conduit/protocol';
import { type Clock, systemClock } from '../clock';
import { hashSecret, needsRehash, verifyAgainstDecoy, verifySecret } from '../crypto/secret-hash';
import type { ApplicationRecord, Store } from '../store/store';
import { parseBody } from '../validation/parse-body';

/** Client credentials of a registered application. Show the secret once; only its hash is kept. */
export interface RegisteredApplication {
  readonly applicationId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** False when the client id existed already (its secret was then updated to the given one). */
  readonly created: boolean;
}

/** Options of {@link registerApplication}. */
export interface RegisterApplicationOptions {
  /** Default: `app_` and 16 random hex digits. */
  clientId?: string;
  /** Default: 32 random bytes, base64url. */
  clientSecret?: string;
  clock?: Clock;
}

/**
 * Registers an application, or updates the secret of an existing one with the same client id when
 * it differs (idempotent: an unchanged secret rewrites nothing). Returns the credentials, generating
 * those not given. What the server's bootstrap and the CLI demo use.
 *
 * @example
 * ```ts
 * const { clientId, clientSecret } = await registerApplication(store);
 * ```
 */
export async function registerApplication(
  store: Store,
  options: RegisterApplicationOptions = {},
): Promise<RegisteredApplication> {
  const clock = options.clock ?? systemClock;
  const clientId = options.clientId ?? `app_${randomBytes(8).toString('hex')}`;
  const clientSecret = options.clientSecret ?? randomBytes(32).toString('base64url');
  // Credentials the token call would refuse could never be used: refuse them here instead.
  parseBody(ApplicationTokenRequestSchema, { client_id: clientId, client_secret: clientSecret });
  const existing = await store.findApplicationByClientId(clientId);
  if (existing) {
    await refreshSecret(store, existing, clientSecret, clock);
    return { applicationId: existing.id, clientId, clientSecret, created: false };
  }
  const now = new Date(clock.now()).toISOString();
  const { application, created } = await store.insertApplication({
    id: randomUUID(),
    clientId,
    secret: await hashSecret(clientSecret),
    createdAt: now,
    updatedAt: now,
  });
  // Another process may have registered the same client id between our read and our insert.
  if (!created) await refreshSecret(store, application, clientSecret, clock);
  return { applicationId: application.id, clientId, clientSecret, created };
}

async function refreshSecret(
  store: Store,
  application: ApplicationRecord,
  secret: string,
  clock: Clock,
): Promise<void> {
  if ((await verifySecret(secret, application.secret)) && !needsRehash(application.secret)) return;
  await store.updateApplicationSecret(application.id, await hashSecret(secret), new Date(clock.now()));
}

/** Options of {@link authenticateClient}. */
export interface AuthenticateClientOptions {
  clock?: Clock;
  /**
   * Runs once the client id is known and before the (deliberately slow) secret check; throwing
   * stops the attempt. The token route counts the attempt against the application's rate limit here.
   */
  beforeVerify?: (application: ApplicationRecord) => Promise<void>;
}

/**
 * The application whose client credentials these are, or undefined. Takes the same time whether
 * the client id exists or not, and upgrades a hash made with older cost parameters.
 *
 * @example
 * ```ts
 * const application = await authenticateClient(store, body.client_id, body.client_secret);
 * if (!application) throw invalidClient();
 * ```
 */
export async function authenticateClient(
  store: Store,
  clientId: string,
  clientSecret: string,
  options: AuthenticateClientOptions = {},
): Promise<ApplicationRecord | undefined> {
  const clock = options.clock ?? systemClock;
  const application = await store.findApplicationByClientId(clientId);
  if (!application) {
    await verifyAgainstDecoy(clientSecret);
    return undefined;
  }
  await options.beforeVerify?.(application);
  if (!(await verifySecret(clientSecret, application.secret))) return undefined;
  if (needsRehash(application.secret)) {
    await store.updateApplicationSecret(
      application.id,
      await hashSecret(clientSecret),
      new Date(clock.now()),
    );
  }
  return application;
}
