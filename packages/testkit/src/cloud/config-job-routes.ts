import * as z from 'zod';
import { presentJobInfo } from './config-presenters';
import { parseConfigBody } from './request-validation';
import { requireJob } from './resource-lookups';
import { ok, type SimulatorRoute } from './route-context';

const jobIdSchema = z.object({ id: z.number().int().nonnegative() });

/**
 * Config API `POST /jobs/get`: a job with its attempts, their stats, failure summaries and logs
 * (the only place logs are served).
 *
 * @example
 * ```ts
 * new RouteTable(configJobRoutes());
 * ```
 */
export function configJobRoutes(): SimulatorRoute[] {
  return [
    {
      api: 'config',
      method: 'POST',
      path: '/jobs/get',
      operationId: 'getJobInfo',
      authenticated: true,
      handler: async ({ services, body }) => {
        const input = parseConfigBody(jobIdSchema, body);
        const job = requireJob(services.state, input.id, 'config');
        await services.engine.settle(job);
        return ok(presentJobInfo(services.engine, job, services.clock.now()));
      },
    },
  ];
}
