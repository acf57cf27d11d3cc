import { salesforceDefinition } from '@conduit/salesforce';
import { describe, expect, it } from 'vitest';
import { requireAction } from '../connectors/require-action';
import { describeEntity } from './describe-connector';

// An entity's action aliases (Salesforce's `api_search`, the name Airbyte's Python SDK calls the
// SOSL list by; docs/airbyte-python-sdk.md) are described on the action they stand for.
describe('action aliases in describe', () => {
  it('are listed on the action they stand for, and on no other', () => {
    const accounts = describeEntity(salesforceDefinition, 'accounts');
    const byName = new Map(accounts.actions.map((action) => [action.name, action]));
    expect(byName.get('list')?.aliases).toEqual(['api_search']);
    expect(byName.get('get')?.aliases).toBeUndefined();
    expect(describeEntity(salesforceDefinition, 'reports').actions.some((action) => action.aliases)).toBe(
      false,
    );
  });

  it('are taken by conduit exec as the action they stand for', () => {
    expect(requireAction(salesforceDefinition, 'accounts', 'api_search')).toBe(
      salesforceDefinition.entities.accounts.actions.list,
    );
    expect(() => requireAction(salesforceDefinition, 'reports', 'api_search')).toThrow(
      /no action "api_search"/,
    );
  });
});
