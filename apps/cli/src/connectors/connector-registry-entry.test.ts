import { describe, expect, it } from 'vitest';
import { CONNECTORS } from './connector-catalog';
import { CONNECTOR_REGISTRY } from './connector-registry-entry';

describe('the CLI connector registry', () => {
  it('says of each module what the module itself says', async () => {
    for (const entry of CONNECTOR_REGISTRY) {
      const module = await entry.load();
      expect({ name: entry.name, kind: entry.kind, displayName: entry.displayName }).toEqual({
        name: module.name,
        kind: module.kind,
        displayName: module.displayName,
      });
      expect(entry.credentialMethods).toEqual(
        module.credentialMethods.map((method) =>
          method.fields.filter((field) => !field.optional).map((field) => field.name),
        ),
      );
    }
  });

  it('makes each entry a connector of the catalog, by name, kind and former names', () => {
    expect(CONNECTORS.map((connector) => [connector.name, ...connector.aliases])).toEqual(
      CONNECTOR_REGISTRY.map((entry) => [entry.name, entry.kind, ...entry.formerNames]),
    );
    // One name for the package, the module and the command line; the name before 0.2 still answers.
    expect(CONNECTORS.find((connector) => connector.packageName === '@conduit/zendesk-support')?.name).toBe(
      'zendesk-support',
    );
    expect(CONNECTOR_REGISTRY.find((entry) => entry.name === 'zendesk-support')?.formerNames).toEqual([
      'zendesk',
    ]);
  });
});
