import type { CloudSimulator } from '@conduit/testkit';
import { expect } from 'vitest';
import { publicRequestIssues } from './public-api-conformance';

/**
 * Ends a test's cloud simulator: checks every public-API request the test made against the
 * platform's official SDK spec, closes the simulator, then fails the test on any departure. The
 * first check on a machine parses the spec (seconds when the machine is busy), so give the hook a
 * long timeout.
 *
 * @example
 * ```ts
 * afterEach(() => closeCheckedSimulator(sim), 60_000);
 * ```
 */
export async function closeCheckedSimulator(sim: CloudSimulator): Promise<void> {
  const issues = await publicRequestIssues(sim);
  await sim.close();
  expect(issues).toEqual([]);
}
