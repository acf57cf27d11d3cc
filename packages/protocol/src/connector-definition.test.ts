import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  ACTION_KINDS,
  defineAction,
  defineConnector,
  findAction,
  findActionAlias,
} from './connector-definition';

const get = defineAction({
  kind: 'get',
  description: 'Get one item',
  params: z.strictObject({ item_id: z.string() }),
  record: z.looseObject({ id: z.string() }),
});

const definition = defineConnector({
  name: 'example',
  connectorType: 'example',
  displayName: 'Example',
  entities: { items: { description: 'Items', actions: { get } } },
});

describe('connector definitions', () => {
  it('lists the four action kinds', () => {
    expect(ACTION_KINDS).toEqual(['list', 'get', 'search', 'download']);
  });

  it('returns definitions unchanged', () => {
    expect(definition.entities.items.actions.get).toBe(get);
    expect(get.kind).toBe('get');
  });

  it('finds an action, or says what is missing', () => {
    expect(findAction(definition, 'items', 'get')).toBe(get);
    expect(findAction(definition, 'things', 'get')).toEqual({ error: 'unknown_entity' });
    expect(findAction(definition, 'items', 'list')).toEqual({ error: 'unsupported_action' });
    expect(findAction(definition, '__proto__', 'get')).toEqual({ error: 'unknown_entity' });
    expect(findAction(definition, 'items', 'hasOwnProperty')).toEqual({ error: 'unsupported_action' });
  });

  it('finds an action by an alias its entity declares, and only there', () => {
    const aliased = defineConnector({
      ...definition,
      entities: {
        items: { description: 'Items', actions: { get }, actionAliases: { fetch: { action: 'get' } } },
        others: { description: 'Others', actions: {}, actionAliases: { lookup: { action: 'get' } } },
      },
    });
    expect(findAction(aliased, 'items', 'fetch')).toBe(get);
    expect(findActionAlias(aliased, 'items', 'fetch')).toEqual({ action: 'get' });
    // An alias of an action the entity does not offer, another entity's, or an inherited name.
    expect(findAction(aliased, 'others', 'lookup')).toEqual({ error: 'unsupported_action' });
    expect(findAction(aliased, 'items', 'lookup')).toEqual({ error: 'unsupported_action' });
    expect(findActionAlias(aliased, 'items', 'toString')).toBeUndefined();
    expect(findActionAlias(aliased, '__proto__', 'fetch')).toBeUndefined();
  });
});
