import { describe, expect, it } from 'vitest';
import { connectorKinds, listConnectorKinds } from './connector-kinds';
import { CONNECTOR_TYPES } from './connector-type';

describe('connectorKinds', () => {
  it('describes every kind, in order', () => {
    expect(listConnectorKinds().map((kind) => kind.type)).toEqual([...CONNECTOR_TYPES]);
    for (const type of CONNECTOR_TYPES) expect(connectorKinds[type].type).toBe(type);
  });

  it('names the aliases and vendors', () => {
    expect(connectorKinds['task-management']).toMatchObject({ aliases: ['asana'], vendor: 'Asana' });
    expect(connectorKinds['support-desk']).toMatchObject({
      aliases: ['zendesk-support'],
      vendor: 'Zendesk Support',
    });
    expect(connectorKinds.crm).toMatchObject({ aliases: ['salesforce'], vendor: 'Salesforce' });
  });

  it('derives the credential methods and their fields from the schemas', () => {
    const methods = connectorKinds['task-management'].credentialMethods;
    expect(methods.map((method) => method.id)).toEqual(['personal_access_token', 'oauth']);
    expect(methods[1]!.fields).toEqual([
      expect.objectContaining({ name: 'refresh_token', required: true, secret: true }),
      expect.objectContaining({ name: 'client_id', required: true, secret: false }),
      expect.objectContaining({ name: 'client_secret', required: true, secret: true }),
      expect.objectContaining({ name: 'access_token', required: false, secret: true }),
    ]);
    expect(connectorKinds['support-desk'].credentialMethods.map((method) => method.id)).toEqual([
      'oauth',
      'api_token',
    ]);
    expect(
      connectorKinds['support-desk'].credentialMethods[1]!.fields.map((field) => [field.name, field.secret]),
    ).toEqual([
      ['email', false],
      ['api_token', true],
    ]);
    expect(connectorKinds.crm.credentialMethods.map((method) => method.id)).toEqual(['oauth']);
    expect(connectorKinds.crm.unavailableMethods).toEqual([expect.objectContaining({ id: 'api_token' })]);
  });

  it('describes configuration variables with requiredness and defaults', () => {
    expect(connectorKinds['task-management'].configFields).toEqual([
      expect.objectContaining({ name: 'base_url', required: false }),
    ]);
    expect(connectorKinds['support-desk'].configFields).toEqual([
      expect.objectContaining({ name: 'subdomain', required: true }),
      expect.objectContaining({ name: 'base_url', required: false }),
    ]);
    expect(connectorKinds.crm.configFields[0]).toEqual(
      expect.objectContaining({
        name: 'instance_url',
        required: false,
        default: 'https://login.salesforce.com',
      }),
    );
    expect(connectorKinds['support-desk'].upstreamUrlTemplate).toBe('https://{subdomain}.zendesk.com/api/v2');
  });

  it('gives every field a description', () => {
    for (const kind of listConnectorKinds()) {
      const all = [...kind.configFields, ...kind.credentialMethods.flatMap((method) => method.fields)];
      for (const field of all) expect(field.description).not.toBe(field.name);
    }
  });

  it('carries schemas that accept what the kind accepts', () => {
    expect(connectorKinds['support-desk'].configSchema.safeParse({ subdomain: 'acme' }).success).toBe(true);
    expect(
      connectorKinds['task-management'].credentialMethods[0]!.schema.safeParse({ token: 't' }).success,
    ).toBe(true);
  });
});
