import { randomBytes } from 'node:crypto';
import { definedOptions } from '@conduit/protocol';
import type { CloudSimulator } from '@conduit/testkit';
import type { PollingClock } from '../jobs/polling-clock';
import { CloudWorkspace, type CloudWorkspaceOptions } from '../resources/cloud-workspace';

/** A polling clock on the simulator's clock: sleeping advances simulated time at once. */
export interface SimulatedClock extends PollingClock {
  /** Every sleep requested, in ms. */
  readonly sleeps: number[];
}

/**
 * A clock whose `sleep(ms)` moves the simulator's clock forward by `ms` instead of waiting, so
 * polling tests run in milliseconds of real time. Test support only.
 */
export function simulatedClock(sim: CloudSimulator): SimulatedClock {
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => sim.clock.now(),
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      sim.clock.advance(ms);
    },
  };
}

/** Options of {@link simulatedWorkspace}. */
export interface SimulatedWorkspaceOptions extends Partial<CloudWorkspaceOptions> {
  auth?: 'bearer' | 'client-credentials';
}

/**
 * A workspace client for the simulator's seeded workspace, on its clock, with retries kept fast.
 * Test support only.
 */
export function simulatedWorkspace(
  sim: CloudSimulator,
  options: SimulatedWorkspaceOptions = {},
): { workspace: CloudWorkspace; clock: SimulatedClock } {
  const clock = simulatedClock(sim);
  const { auth = 'bearer', ...rest } = options;
  const credentials =
    auth === 'bearer'
      ? { bearerToken: sim.credentials.bearerToken }
      : { clientId: sim.credentials.clientId, clientSecret: sim.credentials.clientSecret };
  const workspace = new CloudWorkspace({
    workspaceId: sim.workspaceId,
    apiRoot: sim.apiRoot,
    configApiRoot: sim.configApiRoot,
    clock,
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
    ...credentials,
    ...rest,
  });
  return { workspace, clock };
}

/** Deploys a sample-data source and a dev-null (or given) destination through the client. */
export async function deployFakerPair(
  workspace: CloudWorkspace,
  options: { count?: number; destination?: Record<string, unknown>; suffix?: string } = {},
) {
  const suffix = options.suffix ?? randomBytes(3).toString('hex');
  const source = await workspace.deploySource({
    name: `faker ${suffix} (delete-me)`,
    source: { connectorName: 'source-faker', config: { count: options.count ?? 5, seed: 7 } },
  });
  const destination = await workspace.deployDestination({
    name: `sink ${suffix} (delete-me)`,
    destination: options.destination ?? {
      destinationType: 'dev-null',
      test_destination: { test_destination_type: 'SILENT' },
    },
  });
  return { source, destination };
}

/** Deploys a faker → destination connection through the client. */
export async function deployFakerConnection(
  workspace: CloudWorkspace,
  options: {
    count?: number;
    destination?: Record<string, unknown>;
    streams?: string[];
    tablePrefix?: string;
    name?: string;
    suffix?: string;
  } = {},
) {
  const { source, destination } = await deployFakerPair(workspace, options);
  const connection = await workspace.deployConnection({
    connectionName: options.name ?? 'faker to sink (delete-me)',
    source,
    destination,
    selectedStreams: options.streams ?? ['users', 'products', 'purchases'],
    ...definedOptions({ tablePrefix: options.tablePrefix }),
  });
  return { source, destination, connection };
}
