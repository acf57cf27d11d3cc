import type { CloudSimulatorClock } from './cloud-simulator-clock';
import type { CloudSimulatorState } from './cloud-simulator-state';
import type { DestinationIoOptions } from './destination-io';
import type { JobEngine } from './job-engine';
import type { RouteDefinition } from './route-table';
import type { TokenAuthority } from './token-authority';

/** Which deployment the simulator imitates; only Cloud refuses custom Docker definitions. */
export type PlatformEdition = 'cloud' | 'self-managed';

/** The simulator's moving parts, as handlers see them. */
export interface PlatformServices {
  state: CloudSimulatorState;
  engine: JobEngine;
  clock: CloudSimulatorClock;
  authority: TokenAuthority;
  edition: PlatformEdition;
  destinationIo: DestinationIoOptions;
  /** Simulated milliseconds to advance after each `GET /jobs/{jobId}`, 0 for none. */
  advanceOnJobPollMs: number;
}

/** What a handler receives. */
export interface RouteContext {
  services: PlatformServices;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  /** Absolute URL of the API root the request came through, e.g. `http://127.0.0.1:4567/v1`. */
  linkBase: string;
}

/** What a handler answers. */
export interface RouteResult {
  status: number;
  /** JSON body; `undefined` sends an empty body. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A route handler. */
export type RouteHandler = (context: RouteContext) => Promise<RouteResult> | RouteResult;

/** A route of the simulator. */
export type SimulatorRoute = RouteDefinition<RouteHandler>;

/**
 * Shorthand for a 200 JSON answer.
 *
 * @example
 * ```ts
 * return ok({ data: [] });
 * ```
 */
export function ok(body: unknown): RouteResult {
  return { status: 200, body };
}
