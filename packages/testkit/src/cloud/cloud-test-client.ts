import { ConduitError } from '@conduit/protocol';
import type { CloudSimulator } from './start-cloud-simulator';

/** A response as the simulator's own tests inspect it. */
export interface CloudTestAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or `undefined` for an empty body. */
  body: unknown;
  text: string;
}

/** Options of {@link callCloud}. */
export interface CloudTestCall {
  /** JSON body. */
  body?: unknown;
  /** Form body (sent as `application/x-www-form-urlencoded`). */
  form?: Record<string, string>;
  /** Bearer token; defaults to the simulator's static token, `null` sends none. */
  token?: string | null;
  /** Which root the path is relative to; defaults to the public API root. */
  root?: 'public' | 'config' | 'self-managed' | 'origin';
}

/**
 * Calls the simulator over real HTTP and parses the answer. Used by the simulator's tests; a
 * client under test talks to the simulator with its own transport instead.
 *
 * @example
 * ```ts
 * const { status, body } = await callCloud(sim, 'GET', `/workspaces/${sim.workspaceId}`);
 * ```
 */
export async function callCloud(
  sim: CloudSimulator,
  method: string,
  path: string,
  options: CloudTestCall = {},
): Promise<CloudTestAnswer> {
  const roots = {
    public: sim.apiRoot,
    config: sim.configApiRoot,
    'self-managed': sim.selfManagedApiRoot,
    origin: sim.origin,
  };
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.token === undefined ? sim.credentials.bearerToken : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }
  const url = path.startsWith('http') ? path : `${roots[options.root ?? 'public']}${path}`;
  const response = await fetch(url, { method, headers, ...(payload === undefined ? {} : { body: payload }) });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
    text,
  };
}

/** What {@link deployFakerConnection} created. */
export interface DeployedConnection {
  sourceId: string;
  destinationId: string;
  connectionId: string;
  connection: Record<string, unknown>;
}

/**
 * Deploys a sample-data source, a destination and a connection between them through the API,
 * the way a client would.
 *
 * @example
 * ```ts
 * const { connectionId } = await deployFakerConnection(sim, { count: 5 });
 * ```
 */
export async function deployFakerConnection(
  sim: CloudSimulator,
  options: {
    count?: number;
    destination?: Record<string, unknown>;
    streams?: Array<Record<string, unknown>>;
    prefix?: string;
    workspaceId?: string;
    name?: string;
  } = {},
): Promise<DeployedConnection> {
  const workspaceId = options.workspaceId ?? sim.workspaceId;
  const source = await callCloud(sim, 'POST', '/sources', {
    body: {
      name: 'faker-source',
      workspaceId,
      configuration: { sourceType: 'faker', count: options.count ?? 5, seed: 7 },
    },
  });
  const destination = await callCloud(sim, 'POST', '/destinations', {
    body: {
      name: 'sim-destination',
      workspaceId,
      configuration: options.destination ?? {
        destinationType: 'dev-null',
        test_destination: { test_destination_type: 'SILENT' },
      },
    },
  });
  if (source.status !== 200 || destination.status !== 200) {
    throw new ConduitError(`deploy failed: ${source.text} ${destination.text}`);
  }
  const sourceId = (source.body as { sourceId: string }).sourceId;
  const destinationId = (destination.body as { destinationId: string }).destinationId;
  const created = await callCloud(sim, 'POST', '/connections', {
    body: {
      name: options.name ?? 'faker-to-destination',
      sourceId,
      destinationId,
      ...(options.streams ? { configurations: { streams: options.streams } } : {}),
      namespaceDefinition: 'destination',
      nonBreakingSchemaUpdatesBehavior: 'ignore',
      prefix: options.prefix ?? '',
    },
  });
  if (created.status !== 200) throw new ConduitError(`connection failed: ${created.text}`);
  const connection = created.body as Record<string, unknown>;
  return { sourceId, destinationId, connectionId: connection.connectionId as string, connection };
}
