import { describe, expect, it } from 'vitest';
import { startAsanaSimulator } from '../asana/asana-simulator';
import { startCloudSimulator } from '../cloud/start-cloud-simulator';
import { startHostileUpstream } from '../hostile/start-hostile-upstream';
import { startSalesforceSimulator } from '../salesforce/salesforce-simulator';
import { startZendeskSimulator } from '../zendesk/zendesk-simulator';

// Every simulator is started and stopped the same way in a user's tests: `await using`, or
// `close()` in an `afterAll` that may run after the test already closed it.
const simulators = {
  asana: () => startAsanaSimulator({ dataset: { preset: 'tiny' } }),
  zendesk: () => startZendeskSimulator(),
  salesforce: () => startSalesforceSimulator({ dataset: { preset: 'empty' } }),
  cloud: () => startCloudSimulator(),
  hostile: () => startHostileUpstream(),
};

async function refused(url: string): Promise<boolean> {
  return fetch(url).then(
    () => false,
    () => true,
  );
}

describe.each(Object.entries(simulators))('the %s simulator', (_name, start) => {
  it('stops listening at the end of an `await using` block', async () => {
    let url: string;
    {
      await using sim = await start();
      url = 'origin' in sim ? sim.origin : 'loginUrl' in sim ? sim.loginUrl : sim.url;
      expect(await refused(url)).toBe(false);
    }
    expect(await refused(url)).toBe(true);
  });

  it('can be closed twice', async () => {
    const sim = await start();
    await sim.close();
    await expect(sim.close()).resolves.toBeUndefined();
  });
});
