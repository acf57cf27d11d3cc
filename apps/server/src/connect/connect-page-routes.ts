import { createHash } from 'node:crypto';
import type { ConnectorModule, ConnectorOAuthTarget } from '@conduit/connector-kit';
import type { ConnectorType } from '@conduit/connectors';
import { ConduitError, EgressDeniedError, isSecretName, ValidationError } from '@conduit/protocol';
import { requestOAuthToken } from '@conduit/transport';
import type { Context, Hono } from 'hono';
import type { ServerServices } from '../extensions/server-services';
import type { AppEnv } from '../http/app-env';
import { readBodyBytes } from '../http/read-json-body';
import type { Caller } from '../services/caller';
import { type ConnectSessionRecord, connectPagePath } from '../services/connect-session-service';
import { instanceUrlNotAllowed } from '../services/connector-service';
import { crossSitePost, setOAuthBinding, takeOAuthBinding } from './browser-binding';
import { ConnectFormSchema } from './connect-form-schema';
import {
  type ConnectForm,
  type ConnectFormField,
  type ConnectKindSection,
  connectMessageHtml,
  connectPageHtml,
  type Html,
} from './connect-page-html';
import { assertOAuthHost, oauthConfigAfterExchange } from './oauth-hosts';

/**
 * Paths of the connect page (issue 18): opened by the end user's browser, outside the bearer-token
 * API; the session id in the path is the page's only credential.
 *
 * @example
 * ```ts
 * CONNECT_PAGE_PATHS.page; // '/connect/:session'
 * ```
 */
export const CONNECT_PAGE_PATHS = {
  page: '/connect/:session',
  oauthStart: '/connect/:session/oauth',
  oauthCallback: '/connect/oauth/callback',
} as const;

// Methods the end user completes through the upstream's consent screen, never by pasting.
const OAUTH_METHOD = 'oauth';

/** What the user submitted of one form, to show it again with its faults. */
interface Submitted {
  readonly type: string;
  readonly method: string;
  readonly values: Readonly<Record<string, string>>;
  readonly errors: Readonly<Record<string, string>>;
  readonly formError?: string | undefined;
  /** The sign-in form, not a pasted method of the same id (the CRM's pasted OAuth credentials). */
  readonly signIn?: boolean;
}

function label(name: string): string {
  const words = name.split('_').map((word) => (word === 'url' || word === 'api' ? word.toUpperCase() : word));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The credential methods the page offers to paste: the token methods, and the OAuth credentials
 * themselves (the seed's CRM `refresh_token`, `client_id`, `client_secret`) for a kind that has no
 * token method, so every kind can be connected without the operator registering an OAuth app.
 * Where a kind has a token, its OAuth credentials are left to the sign-in flow.
 */
function tokenMethods(module: ConnectorModule) {
  const tokens = module.credentialMethods.filter((method) => method.id !== OAUTH_METHOD);
  return tokens.length > 0 ? tokens : module.credentialMethods;
}

/** How the page names a pasted method: OAuth's fields are "OAuth credentials". */
function pastedName(method: { readonly id: string; readonly displayName: string }): string {
  return method.id === OAUTH_METHOD ? `${method.displayName} credentials` : method.displayName;
}

/**
 * The config inputs of a kind an end user fills in: its variables, never `base_url` (it would
 * aim the operator's OAuth client and the service's requests at a host of the user's choosing;
 * the operator sets it per kind instead, see {@link withOperatorConfig}).
 */
function configFields(module: ConnectorModule) {
  return module.connectorKind.configFields.filter((field) => field.name !== 'base_url');
}

/** The config the user gave, with the operator's API root of the kind when there is one. */
function withOperatorConfig(
  services: ServerServices,
  kind: ConnectorType,
  config: Record<string, string>,
): Record<string, string> {
  const baseUrl = services.config.upstreamBaseUrls?.[kind];
  return baseUrl === undefined ? config : { ...config, base_url: baseUrl };
}

/**
 * Where a kind's OAuth flow runs for a config the user gave: its API root and the config as the
 * kind's schema parses it. Throws `ValidationError` (`invalid_config`) naming `config.<field>`.
 */
function oauthTarget(module: ConnectorModule, config: Record<string, unknown>): ConnectorOAuthTarget {
  return { baseUrl: module.baseUrl(config), config: module.connectorKind.parseConfig(config) };
}

/** The field an OAuth host refusal is shown next to: the kind's account address, if it has one. */
function oauthHostField(module: ConnectorModule): string {
  const named = configFields(module).find(
    (field) => field.name === 'instance_url' || field.name === 'subdomain',
  );
  return named === undefined ? 'config' : `config.${named.name}`;
}

/**
 * Refuses, before anyone is sent to sign in, an account address (a CRM `instance_url`) the egress
 * policy would refuse when the connector is saved: the same check and the same field error.
 */
function checkConfiguredHost(services: ServerServices, target: ConnectorOAuthTarget): void {
  const instanceUrl = target.config.instance_url;
  if (typeof instanceUrl !== 'string') return;
  try {
    services.egress.assertConfiguredUrl(instanceUrl);
  } catch (error) {
    if (!(error instanceof EgressDeniedError)) throw error;
    throw instanceUrlNotAllowed(error);
  }
}

function formId(type: string, method: string): string {
  return `${type}-${method}`.replace(/[^A-Za-z0-9-]/g, '-');
}

function sectionsOf(
  session: ConnectSessionRecord,
  services: ServerServices,
  submitted?: Submitted,
): ConnectKindSection[] {
  return session.connectorTypes.flatMap((name) => {
    const module = services.registry.forKind(name);
    if (!module) return [];
    const type = module.kind;
    const kind = module.connectorKind;
    const forms = tokenMethods(module).map((method): ConnectForm => {
      const mine =
        submitted?.type === type && submitted.method === method.id && !submitted.signIn
          ? submitted
          : undefined;
      const described = kind.credentialMethods.find((candidate) => candidate.id === method.id);
      const field = (
        name: string,
        required: boolean,
        description: string,
        secret: boolean,
      ): ConnectFormField => ({
        name,
        label: label(name.slice(name.indexOf('.') + 1)),
        description,
        required,
        secret,
        value: secret ? undefined : mine?.values[name],
        error: mine?.errors[name],
      });
      return {
        // Apart from the sign-in form, which is `<type>-oauth`.
        id: formId(type, method.id === OAUTH_METHOD ? 'oauth-credentials' : method.id),
        legend: `Paste your ${module.displayName} ${pastedName(method)}`,
        hidden: { connector_type: type, method: method.id },
        fields: [
          ...configFields(module).map((config) =>
            field(`config.${config.name}`, config.required, config.description, config.secret),
          ),
          ...method.fields.map((credential) => {
            const about = described?.fields.find((candidate) => candidate.name === credential.name);
            return field(
              `credentials.${credential.name}`,
              !credential.optional,
              about?.description ?? credential.name,
              about?.secret ?? isSecretName(credential.name),
            );
          }),
        ],
        submitLabel: `Connect ${module.displayName}`,
        error: mine?.formError,
      };
    });
    const client = services.config.oauthClients?.[type];
    if (module.oauth && client) {
      const mine = submitted?.type === type && submitted.signIn ? submitted : undefined;
      forms.unshift({
        id: formId(type, OAUTH_METHOD),
        legend: `Sign in with ${module.displayName}`,
        action: `${connectPagePath(session.id)}/oauth`,
        hidden: { connector_type: type, method: OAUTH_METHOD },
        fields: configFields(module).map((config) => ({
          name: `config.${config.name}`,
          label: label(config.name),
          description: config.description,
          required: config.required,
          secret: config.secret,
          value: config.secret ? undefined : mine?.values[`config.${config.name}`],
          error: mine?.errors[`config.${config.name}`],
        })),
        submitLabel: `Continue to ${module.displayName}`,
        error: mine?.formError,
      });
    }
    const offered = forms.map((form) => {
      if (form.action !== undefined) return `sign in with ${module.displayName}`;
      const method = tokenMethods(module).find((candidate) => candidate.id === form.hidden.method);
      return `paste ${method ? pastedName(method) : form.hidden.method}`;
    });
    // Which ways exist for this kind, said once above its forms; a kind left with none says why.
    const methods =
      offered.length === 0
        ? `${module.displayName} can only be connected by signing in, which this service does not offer yet. Ask the application for another way.`
        : `Ways to connect: ${offered.join(', or ')}.`;
    return [{ type, title: module.displayName, methods, forms }];
  });
}

// The page holds a capability in its address and takes secrets: no caching, no framing, no
// referrer, no scripts at all.
function secure(c: Context<AppEnv>): void {
  c.header('cache-control', 'no-store');
  // `same-origin`, not `no-referrer`: the page's own posts then carry a real `Origin` (checked
  // by crossSitePost), and no other site ever sees the address.
  c.header('referrer-policy', 'same-origin');
  c.header('x-frame-options', 'DENY');
  c.header('x-content-type-options', 'nosniff');
  c.header(
    'content-security-policy',
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  );
}

async function page(c: Context<AppEnv>, body: Html, status: 200 | 400 | 403 | 404 | 410 | 422 | 502 = 200) {
  secure(c);
  return c.html(await body, status);
}

function gone(c: Context<AppEnv>, status: 'completed' | 'expired' | 'revoked') {
  const message =
    status === 'completed'
      ? 'This link was already used to connect an account. You can close this page.'
      : 'This link has expired. Go back to the application and start again to get a new link.';
  return page(
    c,
    connectMessageHtml(status === 'completed' ? 'Already connected' : 'Link expired', message),
    410,
  );
}

/** A post from another site's page: refused, whatever it carries (issue 28, finding 9). */
function crossSite(c: Context<AppEnv>) {
  return page(
    c,
    connectMessageHtml(
      'Not allowed',
      'This form can only be sent from the connect page itself. Open the link from the application again.',
    ),
    403,
  );
}

function notFound(c: Context<AppEnv>) {
  return page(
    c,
    connectMessageHtml(
      'Link not found',
      'This connect link does not exist. Check the address or ask for a new link.',
    ),
    404,
  );
}

/** The session of the path when it can still be used; otherwise the page to answer with. */
async function openSession(
  c: Context<AppEnv>,
  services: ServerServices,
  id: string = c.req.param('session') ?? '',
): Promise<ConnectSessionRecord | Response> {
  const session = await services.connectSessions.find(id);
  if (!session) return notFound(c);
  const status = services.connectSessions.statusOf(session);
  if (status !== 'pending') return gone(c, status);
  if (!(await services.store.isApplicationActive(session.applicationId))) return gone(c, 'revoked');
  return session;
}

function renderPending(
  c: Context<AppEnv>,
  session: ConnectSessionRecord,
  services: ServerServices,
  submitted?: Submitted,
  status: 200 | 400 | 422 = 200,
) {
  const reauth = session.reauthorizeConnectorId !== null;
  return page(
    c,
    connectPageHtml({
      heading: reauth ? 'Reconnect your account' : 'Connect an account',
      intro: reauth
        ? 'Give new credentials for your account; what was already synchronised is kept.'
        : 'Choose the service to connect and give its credentials. They are stored encrypted and never shown again.',
      action: c.req.path,
      sections: sectionsOf(session, services, submitted),
    }),
    status,
  );
}

/** Where each fault of a validation goes: next to its input, or on the form. */
function placeErrors(error: ValidationError, inputs: ReadonlySet<string>) {
  const errors: Record<string, string> = {};
  const general: string[] = [];
  for (const detail of error.details.length > 0 ? error.details : [{ message: error.message }]) {
    const field = 'field' in detail ? detail.field : undefined;
    if (field !== undefined && inputs.has(field) && errors[field] === undefined)
      errors[field] = detail.message;
    else general.push(detail.message);
  }
  return { errors, formError: general.length > 0 ? general.join(' ') : undefined };
}

/**
 * Creates the session's connector (or re-authorizes the session's one) with checked credentials,
 * completes the session, then answers with the return redirect or the "connected" page. A
 * `ValidationError` from the connector service propagates.
 */
async function connectAccount(
  c: Context<AppEnv>,
  services: ServerServices,
  session: ConnectSessionRecord,
  module: ConnectorModule,
  kind: ConnectorType,
  credentials: Record<string, unknown>,
  config: Record<string, unknown>,
): Promise<Response> {
  const caller: Caller = {
    kind: 'scoped',
    applicationId: session.applicationId,
    externalUserId: session.externalUserId,
  };
  const created = session.reauthorizeConnectorId === null;
  const connectorId = created
    ? (
        await services.connectors.create(caller, {
          external_user_id: session.externalUserId,
          connector_type: kind,
          credentials,
          ...(Object.keys(config).length > 0 ? { config } : {}),
        })
      ).id
    : (
        await services.connectors.update(caller, session.reauthorizeConnectorId!, {
          credentials,
          ...(Object.keys(config).length > 0 ? { config } : {}),
        })
      ).id;
  if (!(await services.connectSessions.complete(session.id, connectorId))) {
    // Used or expired while this request ran: a session connects one account once.
    if (created) await services.connectors.delete(caller, connectorId);
    const now = await services.connectSessions.find(session.id);
    return gone(c, now && services.connectSessions.statusOf(now) === 'completed' ? 'completed' : 'expired');
  }
  c.get('logger').info('connect session completed', {
    connect_session_id: session.id,
    connector_id: connectorId,
    connector_type: kind,
    reauthorized: !created,
  });
  await services.connectSessions.notifyCompleted(session.id);
  if (session.returnUrl !== null) {
    const target = new URL(session.returnUrl);
    target.searchParams.set('connect_session_id', session.id);
    target.searchParams.set('connector_id', connectorId);
    secure(c);
    return c.redirect(target.href, 303);
  }
  return page(
    c,
    connectMessageHtml(
      'Connected',
      `Your ${module.displayName} account is connected. You can close this page and return to the application.`,
    ),
  );
}

function signInFailed(
  c: Context<AppEnv>,
  heading: string,
  message: string,
  status: 400 | 403 | 502,
  sessionId?: string,
) {
  return page(
    c,
    connectMessageHtml(
      heading,
      message,
      sessionId === undefined
        ? undefined
        : { href: connectPagePath(sessionId), text: 'Back to the connect page' },
    ),
    status,
  );
}

/**
 * The upstream's redirect after consent: the state must be one the service issued and not used yet
 * (else a clear 400 page: tampered or replayed), its session still pending; a denial leaves the
 * session open; a code is exchanged with the PKCE verifier and the tokens become the connector's
 * sealed credentials.
 */
async function oauthCallback(c: Context<AppEnv>, services: ServerServices): Promise<Response> {
  const state = c.req.query('state');
  if (state === undefined || state === '') {
    return signInFailed(
      c,
      'Sign-in not recognised',
      'This sign-in response is not valid. Start again from the application.',
      400,
    );
  }
  const taken = await services.connectSessions.takeOAuthState(state, takeOAuthBinding(c, services, state));
  if (taken.outcome === 'other-browser') {
    // A callback URL carried to another browser (an account swap): the flow's cookie is missing.
    return signInFailed(
      c,
      'Sign-in started elsewhere',
      'This sign-in was started in another browser. Start again from the application, in this browser.',
      400,
    );
  }
  if (taken.outcome === 'unknown') {
    return signInFailed(
      c,
      'Sign-in not recognised',
      'This sign-in response is not valid. Start again from the application.',
      400,
    );
  }
  if (taken.outcome === 'used') {
    return signInFailed(
      c,
      'Sign-in already used',
      'This sign-in response was already used. Start again from the application if you are not connected.',
      400,
    );
  }
  const session = await openSession(c, services, taken.sessionId);
  if (session instanceof Response) return session;
  const error = c.req.query('error');
  if (error !== undefined) {
    return error === 'access_denied'
      ? signInFailed(
          c,
          'Access declined',
          'You declined access, so nothing was connected. You can try again.',
          403,
          session.id,
        )
      : signInFailed(
          c,
          'Sign-in failed',
          'The service could not sign you in. You can try again.',
          502,
          session.id,
        );
  }
  const code = c.req.query('code');
  const module = services.registry.forKind(taken.connectorType);
  const client = services.config.oauthClients?.[taken.connectorType];
  if (!code || !module?.oauth || !client) {
    return signInFailed(
      c,
      'Sign-in failed',
      'The sign-in response carried no authorization code. You can try again.',
      400,
      session.id,
    );
  }
  const kind = module.kind;
  let credentials: Record<string, unknown>;
  let config: Record<string, unknown> = taken.config;
  try {
    const tokenUrl = module.oauth.tokenUrl(oauthTarget(module, taken.config));
    // Checked again where the secret is sent: the state's config may predate the operator's list.
    assertOAuthHost(module, services.config, tokenUrl, oauthHostField(module));
    const tokens = await requestOAuthToken({
      tokenUrl,
      // Through the egress policy, as every upstream connection: the host came from the user.
      fetch: services.egress.fetchFor(kind, tokenUrl),
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      ...(module.oauth.clientAuthentication
        ? { clientAuthentication: module.oauth.clientAuthentication }
        : {}),
      ...(module.oauth.bodyEncoding ? { bodyEncoding: module.oauth.bodyEncoding } : {}),
      params: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: taken.redirectUri,
        code_verifier: taken.verifier,
      },
    });
    credentials = module.oauth.credentials(tokens, client);
    module.parseCredentials(credentials);
    // What the token response adds to the config (e.g. an instance URL) is checked when the
    // connector is saved, by the same rules as a config given through the API (egress included).
    config = oauthConfigAfterExchange(module, services.config, tokens, taken.config);
  } catch (failure) {
    // Never the upstream's words: they can quote the code.
    c.get('logger').warn('connect oauth exchange failed', {
      connect_session_id: session.id,
      connector_type: kind,
      error_code: failure instanceof ConduitError ? failure.code : 'error',
    });
    return signInFailed(
      c,
      'Sign-in failed',
      `${module.displayName} did not accept the sign-in. You can try again.`,
      502,
      session.id,
    );
  }
  try {
    return await connectAccount(c, services, session, module, kind, credentials, config);
  } catch (failure) {
    if (!(failure instanceof ValidationError)) throw failure;
    return signInFailed(
      c,
      'Sign-in failed',
      'The account could not be connected. You can try again.',
      502,
      session.id,
    );
  }
}

/**
 * Registers the connect page: `GET /connect/{session}` lists the kinds the session offers with a
 * form per token method (config fields first); `POST` validates with the kind's module, creates the
 * connector for the session's external user (or re-authorizes the session's connector), completes
 * the session, then redirects to its `return_url` or shows "connected". Used, expired or revoked
 * sessions get a 410 page; secrets are never written back into a page.
 *
 * @example
 * ```ts
 * registerConnectPageRoutes(app, services);
 * ```
 */
export function registerConnectPageRoutes(app: Hono<AppEnv>, services: ServerServices): void {
  // Before the page's route, which would otherwise take `oauth` for a session id.
  app.get(CONNECT_PAGE_PATHS.oauthCallback, (c) => oauthCallback(c, services));

  app.post(CONNECT_PAGE_PATHS.oauthStart, async (c) => {
    if (crossSitePost(c, services)) return crossSite(c);
    const session = await openSession(c, services);
    if (session instanceof Response) return session;
    const posted = new URLSearchParams(
      (await readBodyBytes(c, services.config.bodyLimitBytes)).toString('utf8'),
    );
    const parsed = ConnectFormSchema.safeParse(Object.fromEntries(posted));
    const type = parsed.success ? parsed.data.connector_type : '';
    const module = session.connectorTypes.includes(type) ? services.registry.forKind(type) : undefined;
    const client = services.config.oauthClients?.[type];
    if (!parsed.success || !module?.oauth || !client) {
      return page(
        c,
        connectMessageHtml(
          'Not offered',
          'Signing in is not offered for this service. Go back and choose another way.',
          {
            href: connectPagePath(session.id),
            text: 'Back',
          },
        ),
        400,
      );
    }
    const kind = module.kind;
    const config: Record<string, string> = {};
    const values: Record<string, string> = {};
    const inputs = new Set<string>();
    for (const field of configFields(module)) {
      const name = `config.${field.name}`;
      inputs.add(name);
      const value = parsed.data[name]?.trim() ?? '';
      values[name] = value;
      if (value !== '') config[field.name] = value;
    }
    const flowConfig = withOperatorConfig(services, kind, config);
    let target: ConnectorOAuthTarget;
    let authorizeUrl: string;
    try {
      target = oauthTarget(module, flowConfig);
      if (!services.config.allowUpstreamOverride) checkConfiguredHost(services, target);
      // The operator's client id goes to the consent page, its secret to the token endpoint:
      // both on the kind's identity hosts only, whatever the user typed.
      authorizeUrl = module.oauth.authorizeUrl(target);
      assertOAuthHost(module, services.config, authorizeUrl, oauthHostField(module));
      assertOAuthHost(module, services.config, module.oauth.tokenUrl(target), oauthHostField(module));
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const placed = placeErrors(error, inputs);
      return renderPending(
        c,
        session,
        services,
        {
          type: kind,
          method: OAUTH_METHOD,
          signIn: true,
          values,
          errors: placed.errors,
          formError: placed.formError,
        },
        422,
      );
    }
    const redirectUri = `${services.config.publicUrl ?? new URL(c.req.url).origin}${CONNECT_PAGE_PATHS.oauthCallback}`;
    const { state, verifier, browserBinding } = await services.connectSessions.startOAuth(session, {
      connectorType: kind,
      config: flowConfig,
      redirectUri,
    });
    setOAuthBinding(c, services, state, browserBinding);
    const authorize = new URL(authorizeUrl);
    authorize.searchParams.set('client_id', client.clientId);
    authorize.searchParams.set('redirect_uri', redirectUri);
    authorize.searchParams.set('response_type', 'code');
    authorize.searchParams.set('state', state);
    authorize.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
    authorize.searchParams.set('code_challenge_method', 'S256');
    if (module.oauth.scopes.length > 0) authorize.searchParams.set('scope', module.oauth.scopes.join(' '));
    secure(c);
    return c.redirect(authorize.href, 303);
  });

  app.get(CONNECT_PAGE_PATHS.page, async (c) => {
    const session = await openSession(c, services);
    if (session instanceof Response) return session;
    return renderPending(c, session, services);
  });

  app.post(CONNECT_PAGE_PATHS.page, async (c) => {
    if (crossSitePost(c, services)) return crossSite(c);
    const session = await openSession(c, services);
    if (session instanceof Response) return session;
    const posted = new URLSearchParams(
      (await readBodyBytes(c, services.config.bodyLimitBytes)).toString('utf8'),
    );
    const parsed = ConnectFormSchema.safeParse(Object.fromEntries(posted));
    const form = parsed.success ? parsed.data : undefined;
    const type = form?.connector_type ?? '';
    const module = session.connectorTypes.includes(type) ? services.registry.forKind(type) : undefined;
    const method = module && tokenMethods(module).find((candidate) => candidate.id === form?.method);
    if (!form || !module || !method) {
      return page(
        c,
        connectMessageHtml(
          'Not offered',
          'This way of connecting is not offered by this link. Go back and choose another.',
        ),
        400,
      );
    }
    const kind = module.kind;
    const credentials: Record<string, string> = {};
    const config: Record<string, string> = {};
    const values: Record<string, string> = {};
    const inputs = new Set<string>();
    for (const field of method.fields) {
      const name = `credentials.${field.name}`;
      inputs.add(name);
      const value = form[name]?.trim() ?? '';
      // Kept to be shown again only when it is not a secret (the renderer also never shows one).
      if (!isSecretName(field.name)) values[name] = value;
      if (value !== '') credentials[field.name] = value;
    }
    for (const field of configFields(module)) {
      const name = `config.${field.name}`;
      inputs.add(name);
      const value = form[name]?.trim() ?? '';
      values[name] = value;
      if (value !== '') config[field.name] = value;
    }
    Object.assign(config, withOperatorConfig(services, kind, config));

    const faults: { errors: Record<string, string>; general: string[] } = { errors: {}, general: [] };
    const collect = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        const placed = placeErrors(error, inputs);
        for (const [name, message] of Object.entries(placed.errors)) faults.errors[name] ??= message;
        if (placed.formError) faults.general.push(placed.formError);
      }
    };
    // The module's own parsers: every fault of the form at once.
    collect(() => module.parseCredentials(credentials));
    collect(() => module.baseUrl(config));
    const retry = (status: 422) =>
      renderPending(
        c,
        session,
        services,
        {
          type: kind,
          method: method.id,
          values,
          errors: faults.errors,
          formError: faults.general.length > 0 ? faults.general.join(' ') : undefined,
        },
        status,
      );
    if (Object.keys(faults.errors).length > 0 || faults.general.length > 0) return retry(422);

    try {
      return await connectAccount(c, services, session, module, kind, credentials, config);
    } catch (error) {
      collect(() => {
        throw error;
      });
      return retry(422);
    }
  });
}
