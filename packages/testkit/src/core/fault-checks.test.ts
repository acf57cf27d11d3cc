import { ValidationError } from '@conduit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AsanaSimulator, startAsanaSimulator } from '../asana/asana-simulator';
import type { AsanaFault } from '../asana/fault-injector';
import { type CloudSimulator, startCloudSimulator } from '../cloud/start-cloud-simulator';
import {
  type SalesforceFault,
  type SalesforceSimulator,
  startSalesforceSimulator,
} from '../salesforce/salesforce-simulator';
import type { ZendeskFault } from '../zendesk/zendesk-fault-queue';
import { startZendeskSimulator, type ZendeskSimulator } from '../zendesk/zendesk-simulator';

// What a malformed fault throws: a ValidationError naming the field, at the line that injected it
// (it used to be queued and served as something else, far from the mistake).
function refusedFor(field: string) {
  return expect.objectContaining({
    name: 'ValidationError',
    message: expect.stringContaining(`fault ${field}:`),
    details: [expect.objectContaining({ field, error_code: 'invalid_param' })],
  });
}

let asana: AsanaSimulator;
let zendesk: ZendeskSimulator;
let salesforce: SalesforceSimulator;
let cloud: CloudSimulator;

beforeAll(async () => {
  [asana, zendesk, salesforce, cloud] = await Promise.all([
    startAsanaSimulator({ dataset: { preset: 'tiny' } }),
    startZendeskSimulator(),
    startSalesforceSimulator({ dataset: { preset: 'empty' } }),
    startCloudSimulator(),
  ]);
});
afterAll(async () => {
  await Promise.all([asana.close(), zendesk.close(), salesforce.close(), cloud.close()]);
});

describe('asana faults.inject', () => {
  it.each<[string, AsanaFault, Record<string, unknown>]>([
    ['status', { kind: 'status', status: 99 }, {}],
    ['kind', { kind: 'bogus' } as unknown as AsanaFault, {}],
    ['ms', { kind: 'delay', ms: -5 }, {}],
    ['retryAfterSeconds', { kind: 'status', status: 429, retryAfterSeconds: -3 }, {}],
    ['afterBytes', { kind: 'reset', afterBytes: Number.NaN }, {}],
    ['times', { kind: 'status', status: 500 }, { times: 0 }],
    ['times', { kind: 'status', status: 500 }, { times: 1.5 }],
    ['target', { kind: 'status', status: 500 }, { target: 'downloads' }],
    ['path', { kind: 'status', status: 500 }, { path: 'tasks' }],
  ])('refuses a bad %s', (field, fault, options) => {
    expect(() => asana.faults.inject(fault, options)).toThrow(ValidationError);
    expect(() => asana.faults.inject(fault, options)).toThrow(refusedFor(field));
    expect(asana.faults.pending()).toBe(0);
  });

  it('still takes Infinity times and a prefix path', () => {
    asana.faults.inject(
      { kind: 'status', status: 503 },
      { times: Number.POSITIVE_INFINITY, path: '/tasks*' },
    );
    expect(asana.faults.pending()).toBe(Number.POSITIVE_INFINITY);
    asana.faults.clear();
  });
});

describe('zendesk faults.push', () => {
  it.each<[string, ZendeskFault]>([
    ['status', { status: 99 }],
    ['status', { status: 'abc' } as unknown as ZendeskFault],
    ['kind', { kind: 'bogus' } as unknown as ZendeskFault],
    ['ms', { kind: 'delay' } as unknown as ZendeskFault],
    ['retryAfter', { status: 429, retryAfter: -1 }],
    ['times', { status: 500, times: 0 }],
  ])('refuses a bad %s', (field, fault) => {
    expect(() => zendesk.faults.push(fault)).toThrow(refusedFor(field));
    expect(zendesk.faults.size).toBe(0);
  });
});

describe('salesforce inject', () => {
  const error: SalesforceFault = {
    kind: 'error',
    status: 503,
    errorCode: 'SERVER_UNAVAILABLE',
    message: 'x',
  };
  it.each<[string, SalesforceFault, Record<string, unknown>]>([
    ['status', { ...error, status: 0 }, {}],
    ['kind', { kind: 'bogus' } as unknown as SalesforceFault, {}],
    ['ms', { kind: 'delay', ms: Number.POSITIVE_INFINITY }, {}],
    ['times', error, { times: -1 }],
    ['path', error, { path: 'services/data' }],
    ['host', error, { host: 'api' }],
  ])('refuses a bad %s', (field, fault, options) => {
    expect(() => salesforce.inject(fault, options)).toThrow(refusedFor(field));
  });
});

describe('cloud faults.add', () => {
  it.each([
    ['status', { status: 0 }],
    ['delayMs', { delayMs: -1 }],
    ['retryAfterSeconds', { status: 429, retryAfterSeconds: Number.NaN }],
  ])('refuses a bad %s', (field, fault) => {
    expect(() => cloud.faults.add(fault)).toThrow(refusedFor(field));
    expect(cloud.faults.pending).toBe(0);
  });
});
