import { ok, type SimulatorRoute } from './route-context';
import { isPlainObject } from './schema-record-generator';
import { SimulatedHttpError } from './simulated-http-error';

/** The platform's web framework answers token failures in its own (non-problem) error shape. */
function frameworkError(message: string): SimulatedHttpError {
  return new SimulatedHttpError(400, {
    message: 'Bad Request',
    _links: { self: { href: '/v1/applications/token', templated: false } },
    _embedded: { errors: [{ message, _links: {}, _embedded: {} }] },
  });
}

const text = (body: Record<string, unknown>, ...names: string[]): string | undefined => {
  for (const name of names) {
    const value = body[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
};

/**
 * The client-credentials token endpoint `POST /applications/token` (no auth). It accepts JSON
 * or a form with `client_id`, `client_secret` and an ignored `grant_type`/`grant-type`, and
 * answers `{access_token, token_type: "Bearer", expires_in}`.
 *
 * @example
 * ```ts
 * new RouteTable(tokenRoutes());
 * ```
 */
export function tokenRoutes(): SimulatorRoute[] {
  return [
    {
      api: 'public',
      method: 'POST',
      path: '/applications/token',
      operationId: 'createAccessToken',
      authenticated: false,
      handler: ({ services, body }) => {
        if (!isPlainObject(body)) throw frameworkError('Required Body [tokenRequest] not specified');
        const clientId = text(body, 'client_id', 'clientId');
        const clientSecret = text(body, 'client_secret', 'clientSecret');
        if (clientId === undefined || clientSecret === undefined) {
          throw frameworkError('client_id and client_secret are required');
        }
        const token = services.authority.exchange(clientId, clientSecret);
        if (!token) throw frameworkError('Invalid client id or token');
        return ok(token);
      },
    },
  ];
}
