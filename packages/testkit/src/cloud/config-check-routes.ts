import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { checkDestination } from './destination-io';
import { epochSeconds } from './java-time-format';
import { parseConfigBody } from './request-validation';
import { requireActor } from './resource-lookups';
import { ok, type PlatformServices, type RouteResult, type SimulatorRoute } from './route-context';
import { isPlainObject } from './schema-record-generator';
import type { CloudActorRecord, CloudCheckScript } from './simulator-records';

/** A source check: the sample-data source validates `count`; declarative sources their required spec fields. */
function checkSource(services: PlatformServices, source: CloudActorRecord): CloudCheckScript {
  const connector = services.state.registry.sourceByDefinition(source.definitionId);
  if (connector?.sourceType === 'faker') {
    const { count } = source.configuration;
    if (count !== undefined && !(typeof count === 'number' && Number.isInteger(count) && count >= 0)) {
      return { status: 'failed', message: "'count' must be a non-negative integer" };
    }
    return { status: 'succeeded' };
  }
  const declarative = services.state.declarativeDefinitions.get(source.definitionId);
  if (declarative) {
    const spec = declarative.versions.get(declarative.activeVersion)?.spec;
    const connectionSpec = isPlainObject(spec) ? spec.connection_specification : undefined;
    const required =
      isPlainObject(connectionSpec) && Array.isArray(connectionSpec.required) ? connectionSpec.required : [];
    const missing = required.filter(
      (field): field is string => typeof field === 'string' && source.configuration[field] === undefined,
    );
    if (missing.length > 0)
      return { status: 'failed', message: `Missing required configuration: ${missing.join(', ')}` };
  }
  return { status: 'succeeded' };
}

async function answer(
  services: PlatformServices,
  actor: CloudActorRecord,
  run: () => Promise<CloudCheckScript> | CloudCheckScript,
): Promise<RouteResult> {
  const started = services.clock.now();
  const result = services.state.takeCheckScript(actor.id) ?? (await run());
  const line =
    result.status === 'succeeded'
      ? 'Connection check succeeded'
      : `Connection check failed: ${result.message ?? ''}`;
  return ok({
    status: result.status,
    ...(result.message === undefined ? {} : { message: result.message }),
    jobInfo: {
      id: randomUUID(),
      configType: actor.kind === 'source' ? 'check_connection_source' : 'check_connection_destination',
      configId: actor.id,
      createdAt: epochSeconds(started),
      endedAt: epochSeconds(services.clock.now()),
      // The check job itself ran fine even when the connector reported a failed connection.
      succeeded: true,
      connectorConfigurationUpdated: false,
      logType: 'formatted',
      logs: { logLines: [line] },
    },
  });
}

/**
 * Config API `POST /sources/check_connection` and `/destinations/check_connection`. A scripted
 * answer ({@link CloudSimulatorState.scriptCheck}) wins; otherwise PostgreSQL destinations are
 * really connected to and other connectors validate their configuration.
 *
 * @example
 * ```ts
 * new RouteTable(configCheckRoutes());
 * ```
 */
export function configCheckRoutes(): SimulatorRoute[] {
  return [
    {
      api: 'config',
      method: 'POST',
      path: '/sources/check_connection',
      operationId: 'checkConnectionToSource',
      authenticated: true,
      handler: ({ services, body }) => {
        const input = parseConfigBody(z.object({ sourceId: z.uuid() }), body);
        const source = requireActor(services.state, 'source', input.sourceId, 'config');
        return answer(services, source, () => checkSource(services, source));
      },
    },
    {
      api: 'config',
      method: 'POST',
      path: '/destinations/check_connection',
      operationId: 'checkConnectionToDestination',
      authenticated: true,
      handler: ({ services, body }) => {
        const input = parseConfigBody(z.object({ destinationId: z.uuid() }), body);
        const destination = requireActor(services.state, 'destination', input.destinationId, 'config');
        const connector = services.state.registry.destinationByDefinition(destination.definitionId);
        return answer(services, destination, () =>
          checkDestination(connector, destination.configuration, services.destinationIo),
        );
      },
    },
  ];
}
