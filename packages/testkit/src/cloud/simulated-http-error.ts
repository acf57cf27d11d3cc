import { ConduitError } from '@conduit/protocol';

/**
 * Thrown inside the simulator's request handlers to answer with a specific HTTP status and body.
 * The server turns it into the response; it never reaches a caller of the simulator.
 *
 * @example
 * ```ts
 * throw new SimulatedHttpError(404, problemBody('resource-not-found', { data: { resourceId: id } }));
 * ```
 */
export class SimulatedHttpError extends ConduitError {
  override readonly name: string = 'SimulatedHttpError';
  /** The JSON body to send, or `undefined` for an empty body. */
  readonly body: unknown;
  /** Extra response headers, such as `Retry-After`. */
  readonly headers: Record<string, string>;

  constructor(status: number, body: unknown, options: { headers?: Record<string, string> } = {}) {
    super(`Simulated HTTP ${status}`, { status, code: 'simulated_http_error' });
    this.body = body;
    this.headers = options.headers ?? {};
  }
}
