import {
  ApplicationTokenRequestSchema,
  type ApplicationTokenResponse,
  AuthenticationError,
  RateLimitError,
  ScopedTokenRequestSchema,
  type ScopedTokenResponse,
} from '@conduit/protocol';
import { sleep } from '@conduit/transport';
import type { Hono } from 'hono';
import type { VerifiedToken } from '../crypto/token-signer';
import {
  APPLICATION_TOKEN_TTL_SECONDS,
  SCOPED_TOKEN_TTL_SECONDS,
  type ServerServices,
} from '../extensions/server-services';
import { type AppEnv, requireCaller } from '../http/app-env';
import { authenticate } from '../http/authenticate';
import { incomingOf } from '../http/node-bindings';
import { readJsonBody } from '../http/read-json-body';
import { authenticateClient } from '../services/applications';
import type { LoginVerdict } from '../services/login-guard';
import { parseBody } from '../validation/parse-body';

/**
 * Paths of the token calls (contract §1).
 *
 * @example
 * ```ts
 * await fetch(`${baseUrl}${TOKEN_PATHS.application}`, { method: 'POST', body: JSON.stringify({ client_id, client_secret }) });
 * ```
 */
export const TOKEN_PATHS = {
  application: '/api/v1/account/applications/token',
  scoped: '/api/v1/account/applications/scoped-token',
} as const;

function invalidClient(): AuthenticationError {
  const message = 'client_id or client_secret is wrong';
  return new AuthenticationError(message, {
    status: 401,
    code: 'invalid_client',
    details: [{ message, error_code: 'invalid_client' }],
  });
}

/** Waits before a refusal goes out (see `LoginGuardLimits.refusalDelayMs`); ends early if the client leaves. */
async function held(ms: number, signal: AbortSignal): Promise<void> {
  if (ms > 0) await sleep(ms, signal).catch(() => undefined);
}

function tooManyLogins(verdict: LoginVerdict): RateLimitError {
  const [code, what] =
    verdict.blockedBy === 'in-flight'
      ? ['login_in_progress', 'another login of this client from this address is being checked']
      : ['too_many_failed_logins', 'too many failed logins of this client from this address'];
  const message = `${what}; retry in ${verdict.retryAfterSeconds}s`;
  return new RateLimitError(message, {
    status: 429,
    code,
    retryAfterMs: verdict.retryAfterSeconds * 1000,
    details: [{ message, error_code: code }],
  });
}

function bearerOf(header: string | undefined): string {
  // `authenticate` accepted this header already; only the token is taken out of it again.
  return /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '')?.[1] ?? '';
}

/**
 * Refuses an application token issued for a secret that has since been rotated (401
 * `secret_rotated`): a leaked secret's tokens stop minting scoped tokens when the operator
 * rotates it, instead of for the rest of their 15 minutes. Tokens from before generations were
 * carried count as the first generation.
 */
async function assertCurrentSecret(services: ServerServices, token: VerifiedToken): Promise<void> {
  if (token.kind !== 'application') return;
  const application = await services.store.findApplication(token.applicationId);
  const current = application?.secretGeneration ?? 1;
  if ((token.secretGeneration ?? 1) === current) return;
  const message =
    "the application's secret was rotated after this token was issued; get a new application token with the new secret";
  throw new AuthenticationError(message, {
    status: 401,
    code: 'secret_rotated',
    details: [{ message, error_code: 'secret_rotated' }],
  });
}

/**
 * Registers the token calls: client credentials → application token (900 s), application token →
 * scoped token for one external user (1200 s). Token responses are never cached.
 *
 * @example
 * ```ts
 * registerTokenRoutes(app, services);
 * ```
 */
export function registerTokenRoutes(app: Hono<AppEnv>, services: ServerServices): void {
  app.post(TOKEN_PATHS.application, async (c) => {
    // Behind a trusted reverse proxy, the client its X-Forwarded-For names; else the socket's peer.
    const address = services.clientAddress(
      incomingOf(c)?.socket.remoteAddress,
      c.req.header('x-forwarded-for'),
    );
    const body = parseBody(
      ApplicationTokenRequestSchema,
      await readJsonBody(c, services.config.bodyLimitBytes),
    );
    // Failed logins count per application and source address (unknown client ids together),
    // apart from the application's API budget: guessing cannot lock the application's tokens
    // out, unknown ids cannot lock a real application out, and a full bucket is refused before
    // the slow hash, so a flood costs nothing. One check at a time per bucket, so a flood cannot
    // fill the thread pool the hash runs on.
    const known = (await services.store.findApplicationByClientId(body.client_id)) !== undefined;
    const verdict = services.loginGuard.check(body.client_id, address, known);
    if (!verdict.allowed) {
      services.metrics.rateLimited.inc();
      await held(services.loginGuard.refusalDelayMs, c.req.raw.signal);
      throw tooManyLogins(verdict);
    }
    // Unknown client ids run the same slow hash against a decoy (authenticateClient), so they
    // cost and take what a known one does.
    let application: Awaited<ReturnType<typeof authenticateClient>>;
    try {
      application = await authenticateClient(services.store, body.client_id, body.client_secret, {
        clock: services.clock,
      });
    } finally {
      verdict.done();
    }
    if (!application) {
      services.loginGuard.fail(body.client_id, address, known);
      throw invalidClient();
    }
    const signer = await services.tokenSigner();
    const response: ApplicationTokenResponse = {
      access_token: signer.issue(
        {
          kind: 'application',
          applicationId: application.id,
          secretGeneration: application.secretGeneration ?? 1,
        },
        APPLICATION_TOKEN_TTL_SECONDS,
      ),
      token_type: 'bearer',
      expires_in: APPLICATION_TOKEN_TTL_SECONDS,
    };
    c.header('cache-control', 'no-store');
    return c.json(response, 200);
  });

  app.post(TOKEN_PATHS.scoped, authenticate(services, { only: 'application' }), async (c) => {
    const caller = requireCaller(c);
    const body = parseBody(ScopedTokenRequestSchema, await readJsonBody(c, services.config.bodyLimitBytes));
    const signer = await services.tokenSigner();
    await assertCurrentSecret(services, signer.verify(bearerOf(c.req.header('authorization'))));
    const response: ScopedTokenResponse = {
      token: signer.issue(
        { kind: 'scoped', applicationId: caller.applicationId, externalUserId: body.external_user_id },
        SCOPED_TOKEN_TTL_SECONDS,
      ),
      token_type: 'bearer',
      expires_in: SCOPED_TOKEN_TTL_SECONDS,
    };
    c.header('cache-control', 'no-store');
    return c.json(response, 200);
  });
}
