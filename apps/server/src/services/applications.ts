import { randomBytes, randomUUID } from 'node:crypto';
import {
  ApiError,
  type Application,
  ApplicationTokenRequestSchema,
  type ApplicationWithSecret,
  CreateApplicationRequestSchema,
  NotFoundError,
} from '@conduit/protocol';
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
  const same = await verifySecret(secret, application.secret);
  if (same && !needsRehash(application.secret)) return;
  // A different secret is a rotation: tokens issued for the old one stop minting scoped tokens.
  await store.updateApplicationSecret(application.id, await hashSecret(secret), new Date(clock.now()), !same);
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
  // A revoked application is answered like an unknown one, in the same time.
  if (!application || application.revokedAt) {
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

/** A new client secret: 32 random bytes, base64url. */
function newClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * How the admin API shows an application: never its secret hash.
 *
 * @example
 * ```ts
 * return c.json({ data: (await store.listApplications()).map(applicationJson) });
 * ```
 */
export function applicationJson(record: ApplicationRecord): Application {
  return {
    id: record.id,
    client_id: record.clientId,
    name: record.name ?? null,
    status: record.revokedAt ? 'revoked' : 'active',
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    revoked_at: record.revokedAt ?? null,
  };
}

/** The 404 of an unknown client id, naming `client_id`. */
export function applicationNotFound(clientId: string): NotFoundError {
  const message = `no application with client_id "${clientId}"`;
  return new NotFoundError(message, {
    status: 404,
    code: 'not_found',
    details: [{ field: 'client_id', message, error_code: 'not_found' }],
  });
}

function conflict(message: string, code: string): ApiError {
  return new ApiError(message, {
    status: 409,
    code,
    details: [{ field: 'client_id', message, error_code: code }],
  });
}

/**
 * Registers a new application for the admin API (`POST /admin/v1/applications`), generating its
 * secret (and its client id unless given): the answer is the only time the secret is shown.
 *
 * @throws ValidationError 400 for a bad body; ApiError 409 `client_id_taken` when the id exists
 * @example
 * ```ts
 * const { client_id, client_secret } = await createApplication(store, { name: 'Billing app' });
 * ```
 */
export async function createApplication(
  store: Store,
  body: unknown,
  clock: Clock = systemClock,
): Promise<ApplicationWithSecret> {
  const request = parseBody(CreateApplicationRequestSchema, body);
  const clientSecret = newClientSecret();
  const now = new Date(clock.now()).toISOString();
  const record: ApplicationRecord = {
    id: randomUUID(),
    clientId: request.client_id ?? `app_${randomBytes(8).toString('hex')}`,
    secret: await hashSecret(clientSecret),
    createdAt: now,
    updatedAt: now,
    name: request.name,
    revokedAt: null,
  };
  const { created } = await store.insertApplication(record);
  if (!created) throw conflict(`client_id "${record.clientId}" is taken`, 'client_id_taken');
  return { ...applicationJson(record), client_secret: clientSecret };
}

/**
 * Revokes an application: its tokens stop working on their next request (every authenticated
 * request checks, through `ApplicationStatusCache`), its secret no longer gets tokens. Its connectors stay until deleted.
 * Revoking twice answers the revoked application again.
 *
 * @throws NotFoundError 404 for an unknown client id
 * @example
 * ```ts
 * const revoked = await revokeApplication(store, 'app_0f3c9a1b2c3d4e5f');
 * ```
 */
export async function revokeApplication(
  store: Store,
  clientId: string,
  clock: Clock = systemClock,
): Promise<Application> {
  const application = await store.findApplicationByClientId(clientId);
  if (!application) throw applicationNotFound(clientId);
  await store.revokeApplication(application.id, new Date(clock.now()));
  return applicationJson((await store.findApplication(application.id)) ?? application);
}

/**
 * Gives an active application a new generated secret; the old one stops getting tokens at once,
 * and application tokens issued for it can no longer mint scoped tokens (the secret's generation
 * goes up; scoped tokens already issued run until they expire). The answer is the only time the secret is shown.
 *
 * @throws NotFoundError 404 for an unknown client id; ApiError 409 `application_revoked`
 * @example
 * ```ts
 * const { client_secret } = await rotateApplicationSecret(store, 'app_0f3c9a1b2c3d4e5f');
 * ```
 */
export async function rotateApplicationSecret(
  store: Store,
  clientId: string,
  clock: Clock = systemClock,
): Promise<ApplicationWithSecret> {
  const application = await store.findApplicationByClientId(clientId);
  if (!application) throw applicationNotFound(clientId);
  if (application.revokedAt) throw conflict(`application "${clientId}" is revoked`, 'application_revoked');
  const clientSecret = newClientSecret();
  await store.updateApplicationSecret(
    application.id,
    await hashSecret(clientSecret),
    new Date(clock.now()),
    true,
  );
  const updated = (await store.findApplication(application.id)) ?? application;
  return { ...applicationJson(updated), client_secret: clientSecret };
}
