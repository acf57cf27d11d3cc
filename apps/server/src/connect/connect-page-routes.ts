import type { ConnectorModule } from '@conduit/connector-kit';
import {
  type ConnectorType,
  connectorKinds,
  isSecretName,
  requireConnectorType,
  ValidationError,
} from '@conduit/protocol';
import type { Context, Hono } from 'hono';
import { connectorRegistry } from '../connectors/registry';
import type { AppEnv } from '../http/app-env';
import { readBodyBytes } from '../http/read-json-body';
import type { Caller } from '../services/caller';
import type { ServerServices } from '../services/server-services';
import { ConnectFormSchema } from './connect-form-schema';
import {
  type ConnectForm,
  type ConnectFormField,
  type ConnectKindSection,
  connectMessageHtml,
  connectPageHtml,
  type Html,
} from './connect-page-html';
import type { ConnectSessionRecord } from './connect-session-service';

/**
 * Paths of the connect page (issue 18): opened by the end user's browser, outside the bearer-token
 * API; the session id in the path is the page's only credential.
 *
 * @example
 * ```ts
 * CONNECT_PAGE_PATHS.page; // '/connect/:session'
 * ```
 */
export const CONNECT_PAGE_PATHS = { page: '/connect/:session' } as const;

// Methods the end user completes through the upstream's consent screen, never by pasting.
const OAUTH_METHOD = 'oauth';

/** What the user submitted of one form, to show it again with its faults. */
interface Submitted {
  readonly type: string;
  readonly method: string;
  readonly values: Readonly<Record<string, string>>;
  readonly errors: Readonly<Record<string, string>>;
  readonly formError?: string | undefined;
}

function label(name: string): string {
  const words = name.split('_').map((word) => (word === 'url' || word === 'api' ? word.toUpperCase() : word));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function tokenMethods(module: ConnectorModule) {
  return module.credentialMethods.filter((method) => method.id !== OAUTH_METHOD);
}

/** The config inputs of a kind: its variables, and `base_url` only where the operator allows it. */
function configFields(type: ConnectorType, services: ServerServices) {
  return connectorKinds[type].configFields.filter(
    (field) => field.name !== 'base_url' || services.config.allowUpstreamOverride,
  );
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
    const module = connectorRegistry.forKind(name);
    if (!module) return [];
    const type = requireConnectorType(name);
    const kind = connectorKinds[type];
    const forms = tokenMethods(module).map((method): ConnectForm => {
      const mine = submitted?.type === type && submitted.method === method.id ? submitted : undefined;
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
        id: formId(type, method.id),
        legend: `Paste your ${module.displayName} ${method.displayName}`,
        hidden: { connector_type: type, method: method.id },
        fields: [
          ...configFields(type, services).map((config) =>
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
    return [{ type, title: module.displayName, forms }];
  });
}

// The page holds a capability in its address and takes secrets: no caching, no framing, no
// referrer, no scripts at all.
function secure(c: Context<AppEnv>): void {
  c.header('cache-control', 'no-store');
  c.header('referrer-policy', 'no-referrer');
  c.header('x-frame-options', 'DENY');
  c.header('x-content-type-options', 'nosniff');
  c.header(
    'content-security-policy',
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  );
}

async function page(c: Context<AppEnv>, body: Html, status: 200 | 400 | 404 | 410 | 422 = 200) {
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
): Promise<ConnectSessionRecord | Response> {
  const session = await services.connectSessions.find(c.req.param('session') ?? '');
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
  app.get(CONNECT_PAGE_PATHS.page, async (c) => {
    const session = await openSession(c, services);
    if (session instanceof Response) return session;
    return renderPending(c, session, services);
  });

  app.post(CONNECT_PAGE_PATHS.page, async (c) => {
    const session = await openSession(c, services);
    if (session instanceof Response) return session;
    const posted = new URLSearchParams(
      (await readBodyBytes(c, services.config.bodyLimitBytes)).toString('utf8'),
    );
    const parsed = ConnectFormSchema.safeParse(Object.fromEntries(posted));
    const form = parsed.success ? parsed.data : undefined;
    const type = form?.connector_type ?? '';
    const module = session.connectorTypes.includes(type) ? connectorRegistry.forKind(type) : undefined;
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
    const kind = requireConnectorType(type);
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
    for (const field of configFields(kind, services)) {
      const name = `config.${field.name}`;
      inputs.add(name);
      const value = form[name]?.trim() ?? '';
      values[name] = value;
      if (value !== '') config[field.name] = value;
    }

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

    const caller: Caller = {
      kind: 'scoped',
      applicationId: session.applicationId,
      externalUserId: session.externalUserId,
    };
    let connectorId: string;
    let created = false;
    try {
      if (session.reauthorizeConnectorId !== null) {
        const updated = await services.connectors.update(caller, session.reauthorizeConnectorId, {
          credentials,
          ...(Object.keys(config).length > 0 ? { config } : {}),
        });
        connectorId = updated.id;
      } else {
        const record = await services.connectors.create(caller, {
          external_user_id: session.externalUserId,
          connector_type: kind,
          credentials,
          ...(Object.keys(config).length > 0 ? { config } : {}),
        });
        connectorId = record.id;
        created = true;
      }
    } catch (error) {
      collect(() => {
        throw error;
      });
      return retry(422);
    }
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
  });
}
