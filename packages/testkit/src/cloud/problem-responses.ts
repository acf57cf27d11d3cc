import { SimulatedHttpError } from './simulated-http-error';

/**
 * The problem kinds of the public API's error catalogue (RFC 9457 style) that the simulator emits.
 * `type`, `title`, `status` and the default `detail` are constants of each kind.
 */
export type ProblemKind =
  | 'bad-request'
  | 'invalid-api-key'
  | 'forbidden'
  | 'resource-not-found'
  | 'value-not-found'
  | 'unprocessable-entity'
  | 'state-conflict'
  | 'connection-locked'
  | 'try-again-later'
  | 'unexpected-problem'
  | 'service-unavailable'
  | 'request-timeout-exceeded'
  | 'cron-invalid-expression';

interface ProblemConstants {
  status: number;
  type: string;
  title: string;
  detail: string;
}

const errorsPage = 'https://reference.airbyte.com/reference/errors';

const catalogue: Record<ProblemKind, ProblemConstants> = {
  'bad-request': {
    status: 400,
    type: `${errorsPage}#bad-request`,
    title: 'bad-request',
    detail: 'The request could not be understood by the server due to malformed syntax.',
  },
  'invalid-api-key': {
    status: 401,
    type: `${errorsPage}#invalid-api-key`,
    title: 'invalid-api-key',
    detail: 'The API key in the Authorization header is invalid.',
  },
  forbidden: {
    status: 403,
    type: `${errorsPage}#forbidden`,
    title: 'forbidden',
    detail: 'The request is forbidden.',
  },
  'resource-not-found': {
    status: 404,
    type: `${errorsPage}#resource-not-found`,
    title: 'resource-not-found',
    detail: 'The requested resource could not be found.',
  },
  'value-not-found': {
    status: 400,
    type: errorsPage,
    title: 'value-not-found',
    detail: 'The submitted value could not be found.',
  },
  'unprocessable-entity': {
    status: 422,
    type: `${errorsPage}#unprocessable-entity`,
    title: 'unprocessable-entity',
    detail: 'The body of the request was not understood',
  },
  'state-conflict': {
    status: 409,
    type: `${errorsPage}#409-state-conflict`,
    title: 'state-conflict',
    detail: 'State conflict',
  },
  'connection-locked': {
    status: 409,
    type: 'error:connection/locked',
    title: 'Connection is locked',
    detail: 'The connection is locked and cannot be modified.',
  },
  'try-again-later': {
    status: 409,
    type: `${errorsPage}#try-again-later`,
    title: 'try-again-later',
    detail: 'Please try again later.',
  },
  'unexpected-problem': {
    status: 500,
    type: errorsPage,
    title: 'unexpected-problem',
    detail:
      'An unexpected problem has occurred. If this is an error that needs to be addressed, please submit a pull request or github issue.',
  },
  'service-unavailable': {
    status: 503,
    type: errorsPage,
    title: 'service-unavailable',
    detail: 'The server is currently unable to handle the request.',
  },
  'request-timeout-exceeded': {
    status: 408,
    type: 'error:request-timeout-exceeded',
    title: 'Request timeout exceeded',
    detail: 'The request has exceeded the timeout associated with this endpoint.',
  },
  'cron-invalid-expression': {
    status: 400,
    type: 'error:cron-validation/invalid-expression',
    title: 'Invalid cron expression',
    detail: 'The cron expression is invalid',
  },
};

/** The JSON shape of a public-API problem body. */
export interface ProblemBody {
  status: number;
  type: string;
  title: string;
  detail: string;
  data?: Record<string, unknown>;
}

/**
 * Builds the body of a public-API problem of the given kind.
 *
 * @example
 * ```ts
 * problemBody('resource-not-found', { data: { resourceType: 'connection', resourceId: id } });
 * ```
 */
export function problemBody(
  kind: ProblemKind,
  options: { detail?: string; data?: Record<string, unknown> } = {},
): ProblemBody {
  const constants = catalogue[kind];
  return {
    status: constants.status,
    type: constants.type,
    title: constants.title,
    detail: options.detail ?? constants.detail,
    ...(options.data === undefined ? {} : { data: options.data }),
  };
}

/**
 * An error that makes the server answer with the given problem.
 *
 * @example
 * ```ts
 * throw problemError('bad-request', { data: { message: 'limit must be between 1 and 100' } });
 * ```
 */
export function problemError(
  kind: ProblemKind,
  options: { detail?: string; data?: Record<string, unknown>; headers?: Record<string, string> } = {},
): SimulatedHttpError {
  const body = problemBody(kind, options);
  return new SimulatedHttpError(body.status, body, { headers: options.headers ?? {} });
}

/**
 * The 400 `bad-request` problem carrying a human-readable `data.message`, the most common
 * validation answer of the public API.
 *
 * @example
 * ```ts
 * throw badRequest('Duplicate stream found in configuration for: users');
 * ```
 */
export function badRequest(message: string): SimulatedHttpError {
  return problemError('bad-request', { data: { message } });
}

/**
 * The 404 `resource-not-found` problem with `data.resourceType` and `data.resourceId`.
 *
 * @example
 * ```ts
 * throw notFound('connection', connectionId);
 * ```
 */
export function notFound(resourceType: string, resourceId: string): SimulatedHttpError {
  return problemError('resource-not-found', { data: { resourceType, resourceId } });
}
