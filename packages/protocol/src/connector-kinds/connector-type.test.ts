import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/client-errors';
import { CONNECTOR_TYPES, requireConnectorType, resolveConnectorType } from './connector-type';

describe('connector types', () => {
  it('lists the three kinds', () => {
    expect(CONNECTOR_TYPES).toEqual(['task-management', 'support-desk', 'crm']);
  });

  it.each([
    ['task-management', 'task-management'],
    ['asana', 'task-management'],
    ['support-desk', 'support-desk'],
    ['zendesk-support', 'support-desk'],
    ['crm', 'crm'],
    ['salesforce', 'crm'],
    ['  Asana ', 'task-management'],
    ['SALESFORCE', 'crm'],
  ])('resolves %j to %s', (name, type) => {
    expect(resolveConnectorType(name)).toBe(type);
  });

  it.each(['jira', '', 'zendesk', 'task management', 'toString', '__proto__'])(
    'does not resolve %j',
    (name) => {
      expect(resolveConnectorType(name)).toBeUndefined();
    },
  );

  it('requireConnectorType throws unknown_connector_type for unknown names', () => {
    expect(requireConnectorType('zendesk-support')).toBe('support-desk');
    for (const name of ['jira', 5, undefined]) {
      try {
        requireConnectorType(name);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        const validation = error as ValidationError;
        expect(validation.code).toBe('unknown_connector_type');
        expect(validation.status).toBe(400);
        expect(validation.details).toEqual([
          { field: 'connector_type', message: validation.message, error_code: 'unknown_connector_type' },
        ]);
        expect(validation.message).toContain('task-management / asana');
      }
    }
  });
});
