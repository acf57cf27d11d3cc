import { createHash, createHmac } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSalesforceDataset } from './generate-salesforce-dataset';
import { type SalesforceSimulator, startSalesforceSimulator } from './salesforce-simulator';
import { createSelfSignedCertificate } from './self-signed-certificate';

const V = '/services/data/v62.0';
let sim: SalesforceSimulator;
let token: string;

async function tokenRequest(
  target: SalesforceSimulator,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(target.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

async function get(
  path: string,
  options: { token?: string | null; headers?: Record<string, string>; base?: string } = {},
) {
  const bearer = options.token === undefined ? token : options.token;
  const response = await fetch(`${options.base ?? sim.instanceUrl}${path}`, {
    headers: { ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }), ...options.headers },
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // blobs
  }
  return {
    status: response.status,
    headers: response.headers,
    // biome-ignore lint/suspicious/noExplicitAny: assertions read arbitrary upstream JSON
    body: body as any,
    bytes: Buffer.from(text, 'latin1'),
  };
}

const q = (soql: string): string => `${V}/query?q=${encodeURIComponent(soql)}`;

beforeAll(async () => {
  sim = await startSalesforceSimulator({ dataset: { seed: 9, scale: { contacts: 4500 } } });
  token = (await sim.refresh()).access_token;
});

afterAll(async () => {
  await sim.close();
});

describe('OAuth refresh flow', () => {
  it('answers the refresh grant with instance_url, id, signature and no refresh_token by default', async () => {
    const { clientId, clientSecret, refreshToken } = sim.credentials;
    const reply = await tokenRequest(sim, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
      client_secret: clientSecret,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      instance_url: sim.instanceUrl,
      token_type: 'Bearer',
      scope: 'refresh_token api id',
    });
    expect(reply.body.access_token).toMatch(/^00D[A-Za-z0-9]{12}!AQ/);
    expect(reply.body.refresh_token).toBeUndefined();
    expect(reply.body.issued_at).toMatch(/^\d{13}$/);
    const signature = createHmac('sha256', clientSecret)
      .update(reply.body.id + reply.body.issued_at)
      .digest('base64');
    expect(reply.body.signature).toBe(signature);
    expect(reply.body.id).toBe(`${sim.loginUrl}/id/${sim.data.orgId}/${sim.data.apiUserId}`);
    const data = await get(`${V}/limits`, { token: reply.body.access_token });
    expect(data.status).toBe(200);
  });

  it('accepts client credentials in a Basic header', async () => {
    const { clientId, clientSecret, refreshToken } = sim.credentials;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const reply = await tokenRequest(
      sim,
      { grant_type: 'refresh_token', refresh_token: refreshToken },
      { authorization: `Basic ${basic}` },
    );
    expect(reply.status).toBe(200);
  });

  it('refuses with the OAuth error objects', async () => {
    const { clientId, clientSecret, refreshToken } = sim.credentials;
    const cases: Array<[Record<string, string>, string, string]> = [
      [
        { refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret },
        'invalid_request',
        'grant type is missing',
      ],
      [
        { grant_type: 'password', client_id: clientId, client_secret: clientSecret },
        'unsupported_grant_type',
        'grant type not supported',
      ],
      [
        {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: 'nope',
          client_secret: clientSecret,
        },
        'invalid_client_id',
        'client identifier invalid',
      ],
      [
        {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: clientId,
          client_secret: 'nope',
        },
        'invalid_client',
        'invalid client credentials',
      ],
      [
        {
          grant_type: 'refresh_token',
          refresh_token: 'nope',
          client_id: clientId,
          client_secret: clientSecret,
        },
        'invalid_grant',
        'expired access/refresh token',
      ],
    ];
    for (const [form, error, description] of cases) {
      const reply = await tokenRequest(sim, form);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error, error_description: description });
    }
  });

  it('rotates refresh tokens when asked, and a replayed old token revokes the family', async () => {
    const own = await startSalesforceSimulator({
      dataset: { preset: 'empty' },
      oauth: { rotateRefreshTokens: true },
    });
    try {
      const { clientId, clientSecret, refreshToken } = own.credentials;
      const form = (refresh: string) => ({
        grant_type: 'refresh_token',
        refresh_token: refresh,
        client_id: clientId,
        client_secret: clientSecret,
      });
      const first = await tokenRequest(own, form(refreshToken));
      const next = first.body.refresh_token as string;
      expect(next).toMatch(/^5Aep861/);
      expect(next).not.toBe(refreshToken);
      const replay = await tokenRequest(own, form(refreshToken));
      expect(replay.body.error).toBe('invalid_grant');
      expect((await tokenRequest(own, form(next))).body.error).toBe('invalid_grant');
      const session = await fetch(`${own.instanceUrl}${V}/limits`, {
        headers: { authorization: `Bearer ${first.body.access_token}` },
      });
      expect(session.status).toBe(401);
    } finally {
      await own.close();
    }
  });

  it('expires sessions after their lifetime: 401 INVALID_SESSION_ID without the limit header', async () => {
    const own = await startSalesforceSimulator({
      dataset: { preset: 'empty' },
      clock: 'manual',
      oauth: { sessionTtlSeconds: 60 },
    });
    try {
      const { access_token } = await own.refresh();
      const ok = await fetch(`${own.instanceUrl}${V}/sobjects`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(ok.status).toBe(200);
      own.clock.advance(61_000);
      const expired = await fetch(`${own.instanceUrl}${V}/sobjects`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(expired.status).toBe(401);
      expect(expired.headers.get('sforce-limit-info')).toBeNull();
      expect(await expired.json()).toEqual([
        { message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' },
      ]);
    } finally {
      await own.close();
    }
  });

  it('serves data only on the instance host', async () => {
    const reply = await get(`${V}/limits`, { base: sim.loginUrl });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual([
      { errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' },
    ]);
  });
});

describe('versions and limits', () => {
  it('lists versions without auth and 404s unknown ones', async () => {
    const versions = await get('/services/data/', { token: null });
    expect(versions.status).toBe(200);
    expect(versions.body).toContainEqual({
      label: "Winter '25",
      url: '/services/data/v62.0',
      version: '62.0',
    });
    expect(versions.headers.get('sforce-limit-info')).toBeNull();
    expect((await get('/services/data/v12.0/limits')).status).toBe(404);
  });

  it('counts every authenticated call in Sforce-Limit-Info and refuses at the allocation', async () => {
    const own = await startSalesforceSimulator({ dataset: { preset: 'empty' }, dailyApiLimit: 3 });
    try {
      const { access_token } = await own.refresh();
      const call = () =>
        fetch(`${own.instanceUrl}${V}/sobjects/Account/001000000000000AAA`, {
          headers: { authorization: `Bearer ${access_token}` },
        });
      const first = await call();
      expect(first.status).toBe(404);
      expect(first.headers.get('sforce-limit-info')).toBe('api-usage=1/3');
      await call();
      await call();
      const refused = await call();
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual([
        { message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' },
      ]);
      expect(refused.headers.get('sforce-limit-info')).toBe('api-usage=3/3');
    } finally {
      await own.close();
    }
  });

  it('reports the allocation in /limits consistently with the header', async () => {
    const reply = await get(`${V}/limits`);
    const [used, max] = (reply.headers.get('sforce-limit-info') as string)
      .replace('api-usage=', '')
      .split('/')
      .map(Number);
    expect(reply.body.DailyApiRequests).toEqual({ Max: max, Remaining: (max as number) - (used as number) });
  });

  it('refuses requests over the concurrency gate', async () => {
    sim.setConcurrencyLimit(1);
    sim.setLatency(150);
    try {
      const replies = await Promise.all([get(`${V}/limits`), get(`${V}/limits`)]);
      const statuses = replies.map((reply) => reply.status).sort();
      expect(statuses).toEqual([200, 403]);
      expect(replies.find((reply) => reply.status === 403)?.body[0].message).toBe(
        'ConcurrentPerOrgLongTxn Limit exceeded.',
      );
    } finally {
      sim.setConcurrencyLimit(25);
      sim.setLatency(0);
    }
  });
});

describe('query', () => {
  it('pages with nextRecordsUrl in batches of 2000 and totalSize of the whole result', async () => {
    const first = await get(q('SELECT Id, Name FROM Contact ORDER BY Id'));
    expect(first.status).toBe(200);
    const total = sim.data.count('Contact');
    expect(first.body).toMatchObject({ totalSize: total, done: false });
    expect(first.body.records).toHaveLength(2000);
    expect(first.body.nextRecordsUrl).toMatch(/^\/services\/data\/v62\.0\/query\/0r8[A-Za-z0-9]{15}-2000$/);
    const ids = first.body.records.map((record: { Id: string }) => record.Id);
    let next: string | undefined = first.body.nextRecordsUrl;
    while (next !== undefined) {
      const page = await get(next);
      expect(page.status).toBe(200);
      ids.push(...page.body.records.map((record: { Id: string }) => record.Id));
      next = page.body.nextRecordsUrl;
      if (next === undefined) expect(page.body.done).toBe(true);
    }
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
  });

  it('honours Sforce-Query-Options batchSize within 200..2000', async () => {
    const small = await get(q('SELECT Id FROM Contact'), {
      headers: { 'sforce-query-options': 'batchSize=500' },
    });
    expect(small.body.records).toHaveLength(500);
    const clamped = await get(q('SELECT Id FROM Contact'), {
      headers: { 'sforce-query-options': 'batchSize=10' },
    });
    expect(clamped.body.records).toHaveLength(200);
    const more = await get(small.body.nextRecordsUrl);
    expect(more.body.records).toHaveLength(500);
  });

  it('answers INVALID_QUERY_LOCATOR for unknown or expired locators', async () => {
    const first = await get(q('SELECT Id FROM Contact'));
    sim.expireQueryLocators();
    const reply = await get(first.body.nextRecordsUrl);
    expect(reply.status).toBe(400);
    expect(reply.body[0].errorCode).toBe('INVALID_QUERY_LOCATOR');
    expect((await get(`${V}/query/0r8bogus-2000`)).body[0].errorCode).toBe('INVALID_QUERY_LOCATOR');
  });

  it('returns records with attributes, formatted datetimes, address objects and explicit nulls', async () => {
    const reply = await get(
      q("SELECT Id, Name, CreatedDate, BillingAddress, Fax FROM Account WHERE Name = 'Acme Corporation'"),
    );
    const [account] = reply.body.records;
    expect(account.attributes).toEqual({ type: 'Account', url: `${V}/sobjects/Account/${account.Id}` });
    expect(account.Id).toMatch(/^001[A-Za-z0-9]{15}$/);
    expect(account.CreatedDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000\+0000$/);
    expect(account.BillingAddress).toMatchObject({ city: 'San Francisco', country: 'USA' });
    expect(account.Fax).toBeNull();
  });

  it('answers COUNT() with totalSize and no records', async () => {
    const reply = await get(q('SELECT COUNT() FROM Opportunity'));
    expect(reply.body).toEqual({ totalSize: 20, done: true, records: [] });
  });

  it('has opportunities in every stage', async () => {
    const stages = await get(q('SELECT MasterLabel FROM OpportunityStage ORDER BY SortOrder'));
    for (const stage of stages.body.records) {
      const reply = await get(q(`SELECT COUNT() FROM Opportunity WHERE StageName = '${stage.MasterLabel}'`));
      expect(reply.body.totalSize, stage.MasterLabel).toBeGreaterThan(0);
    }
  });

  it('refuses bad SOQL with error arrays', async () => {
    const cases: Array<[string, string]> = [
      ['SELECT Id FRM Account', 'MALFORMED_QUERY'],
      ['SELECT Id, Foo FROM Account', 'INVALID_FIELD'],
      ['SELECT Id FROM Widget__c', 'INVALID_TYPE'],
    ];
    for (const [soql, code] of cases) {
      const reply = await get(q(soql));
      expect(reply.status).toBe(400);
      expect(reply.body).toHaveLength(1);
      expect(reply.body[0].errorCode).toBe(code);
      expect(reply.headers.get('sforce-limit-info')).toMatch(/^api-usage=\d+\/\d+$/);
    }
    expect((await get(`${V}/query`)).body[0].errorCode).toBe('MALFORMED_QUERY');
  });

  it('hides deleted rows from query and shows them in queryAll with IsDeleted', async () => {
    const lead = sim.data.records('Lead')[3]!;
    sim.delete(lead.Id);
    const soql = `SELECT Id, IsDeleted FROM Lead WHERE Id = '${lead.Id}'`;
    expect((await get(q(soql))).body.totalSize).toBe(0);
    const all = await get(`${V}/queryAll?q=${encodeURIComponent(soql)}`);
    expect(all.body.records).toEqual([{ attributes: expect.any(Object), Id: lead.Id, IsDeleted: true }]);
    expect((await get(`${V}/sobjects/Lead/${lead.Id}`)).status).toBe(404);
  });
});

describe('sObject resources', () => {
  it('gets a record with every field, or only ?fields', async () => {
    const contact = sim.data.records('Contact')[0]!;
    const full = await get(`${V}/sobjects/Contact/${contact.Id}`);
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({
      attributes: { type: 'Contact' },
      Id: contact.Id,
      Email: contact.Email,
      MailingAddress: expect.any(Object),
    });
    const some = await get(`${V}/sobjects/Contact/${contact.Id}?fields=Email,LastName`);
    expect(Object.keys(some.body)).toEqual(['attributes', 'Email', 'LastName']);
    const bad = await get(`${V}/sobjects/Contact/${contact.Id}?fields=Nope`);
    expect(bad.status).toBe(400);
    expect(bad.body[0].errorCode).toBe('INVALID_FIELD');
  });

  it('404s unknown ids and types with the observed messages', async () => {
    const unknown = await get(`${V}/sobjects/Account/001xyz`);
    expect(unknown.body).toEqual([
      {
        message: 'Provided external ID field does not exist or is not accessible: 001xyz',
        errorCode: 'NOT_FOUND',
      },
    ]);
    const type = await get(`${V}/sobjects/Widget__c/001xyz`);
    expect(type.body).toEqual([{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }]);
  });

  it('describes the org and each object', async () => {
    const global = await get(`${V}/sobjects`);
    expect(global.body).toMatchObject({ encoding: 'UTF-8', maxBatchSize: 200 });
    expect(global.body.sobjects.find((entry: { name: string }) => entry.name === 'Account')).toMatchObject({
      keyPrefix: '001',
      queryable: true,
      urls: {
        sobject: `${V}/sobjects/Account`,
        describe: `${V}/sobjects/Account/describe`,
        rowTemplate: `${V}/sobjects/Account/{ID}`,
      },
    });
    const describe = await get(`${V}/sobjects/Contact/describe`);
    expect(describe.body.fields.find((field: { name: string }) => field.name === 'AccountId')).toMatchObject({
      type: 'reference',
      referenceTo: ['Account'],
      relationshipName: 'Account',
    });
  });

  it('downloads VersionData and Body with the bearer token, sizes matching, ranges honoured', async () => {
    const version = sim.data
      .records('ContentVersion')
      .find((record) => (record.ContentSize as number) > 100_000)!;
    const response = await fetch(`${sim.instanceUrl}${V}/sobjects/ContentVersion/${version.Id}/VersionData`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(version.ContentSize);
    expect(createHash('md5').update(bytes).digest('hex')).toBe(version.Checksum);
    const anonymous = await fetch(`${sim.instanceUrl}${V}/sobjects/ContentVersion/${version.Id}/VersionData`);
    expect(anonymous.status).toBe(401);
    const ranged = await fetch(`${sim.instanceUrl}${V}/sobjects/ContentVersion/${version.Id}/VersionData`, {
      headers: { authorization: `Bearer ${token}`, range: 'bytes=10-19' },
    });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(bytes.subarray(10, 20));
    const attachment = sim.data.records('Attachment').find((record) => record.ContentType === 'text/plain')!;
    const body = await get(`${V}/sobjects/Attachment/${attachment.Id}/Body`);
    expect(body.headers.get('content-type')).toBe('text/plain');
    expect(body.body).toMatch(/^Plain notes attached to/);
    const record = await get(`${V}/sobjects/Attachment/${attachment.Id}`);
    expect(record.body.Body).toBe(`${V}/sobjects/Attachment/${attachment.Id}/Body`);
    expect((await get(`${V}/sobjects/Attachment/${attachment.Id}/Name`)).status).toBe(404);
  });
});

describe('replication', () => {
  it('lists updated ids by SystemModstamp and deleted records with dates', async () => {
    const own = await startSalesforceSimulator({
      clock: 'manual',
      startAt: Date.parse('2026-04-01T10:00:00Z'),
    });
    try {
      const { access_token } = await own.refresh();
      const call = async (path: string) =>
        (await fetch(`${own.instanceUrl}${path}`, { headers: { authorization: `Bearer ${access_token}` } }))
          // biome-ignore lint/suspicious/noExplicitAny: assertions read arbitrary upstream JSON
          .json() as Promise<any>;
      own.clock.advance(120_000);
      const account = own.data.records('Account')[2]!;
      own.update(account.Id, { Industry: 'Consulting' });
      const contact = own.data.records('Contact')[1]!;
      own.delete(contact.Id);
      own.clock.advance(120_000);
      const start = encodeURIComponent('2026-04-01T10:01:00+00:00');
      const end = encodeURIComponent('2026-04-01T10:05:00+00:00');
      const updated = await call(`${V}/sobjects/Account/updated/?start=${start}&end=${end}`);
      expect(updated).toEqual({ ids: [account.Id], latestDateCovered: '2026-04-01T10:04:00.000+0000' });
      const deleted = await call(`${V}/sobjects/Contact/deleted/?start=${start}&end=${end}`);
      expect(deleted.deletedRecords).toEqual([
        { id: contact.Id, deletedDate: '2026-04-01T10:02:00.000+0000' },
      ]);
      expect(deleted.latestDateCovered).toBe('2026-04-01T10:04:00.000+0000');
      const tooOld = await call(
        `${V}/sobjects/Account/updated/?start=${encodeURIComponent('2026-02-01T00:00:00+00:00')}&end=${end}`,
      );
      expect(tooOld[0].errorCode).toBe('INVALID_REPLICATION_DATE');
      own.clock.advance(16 * 86_400_000);
      own.data.purgeDeletedBefore(own.clock.now() - 15 * 86_400_000);
      expect(own.data.byId.has(contact.Id)).toBe(false);
    } finally {
      await own.close();
    }
  });
});

describe('a SystemModstamp watermark through queryAll', () => {
  it('compares stamps to the second, orders by stamp and id, and keeps deleted rows', async () => {
    const own = await startSalesforceSimulator({
      clock: 'manual',
      startAt: Date.parse('2026-04-01T10:00:00.400Z'),
      dailyApiLimit: 500,
    });
    try {
      const { access_token } = await own.refresh();
      const call = async (soql: string) => {
        const reply = await fetch(`${own.instanceUrl}${V}/queryAll?q=${encodeURIComponent(soql)}`, {
          headers: { authorization: `Bearer ${access_token}` },
        });
        // biome-ignore lint/suspicious/noExplicitAny: assertions read arbitrary upstream JSON
        return { body: (await reply.json()) as any, usage: reply.headers.get('sforce-limit-info') };
      };
      own.clock.advance(60_000);
      const [first, second] = own.data.records('Opportunity');
      own.update(second!.Id, { Name: 'Stamped 10:01:00' });
      own.clock.advance(300);
      // Same second (10:01:00.700 is stored as 10:01:00.000), then deleted: a row with IsDeleted.
      own.update(first!.Id, { Name: 'Also 10:01:00' });
      own.delete(first!.Id);
      const soql = (op: string, at: string) =>
        `SELECT Id, Name, IsDeleted, SystemModstamp FROM Opportunity WHERE SystemModstamp ${op} ${at} ORDER BY SystemModstamp ASC, Id ASC`;
      const since = await call(soql('>=', '2026-04-01T10:01:00Z'));
      expect(since.body.records.map((row: { Id: string }) => row.Id)).toEqual([first!.Id, second!.Id].sort());
      expect(
        since.body.records.every(
          (row: { SystemModstamp: string }) => row.SystemModstamp === '2026-04-01T10:01:00.000+0000',
        ),
      ).toBe(true);
      expect(since.body.records.find((row: { Id: string }) => row.Id === first!.Id).IsDeleted).toBe(true);
      expect((await call(soql('>', '2026-04-01T10:01:00Z'))).body.totalSize).toBe(0);
      expect(since.usage).toMatch(/^api-usage=\d+\/500$/);
    } finally {
      await own.close();
    }
  });
});

describe('analytics reports', () => {
  it('lists reports as a bare array and runs one with a factMap', async () => {
    const list = await get(`${V}/analytics/reports`);
    expect(Array.isArray(list.body)).toBe(true);
    const report = list.body.find((entry: { name: string }) => entry.name === 'Opportunities by Stage');
    expect(report).toMatchObject({
      url: `${V}/analytics/reports/${report.id}`,
      describeUrl: `${V}/analytics/reports/${report.id}/describe`,
    });
    const run = await get(`${V}/analytics/reports/${report.id}?includeDetails=true`);
    expect(run.body.factMap['T!T'].aggregates[0].value).toBe(20);
    expect(run.body.allData).toBe(true);
    expect(run.body.groupingsDown.groupings).toHaveLength(10);
    expect((await get(`${V}/analytics/reports/00ODn0000000zzzAAA`)).status).toBe(404);
  });
});

describe('faults', () => {
  it('injects error arrays and resets', async () => {
    sim.inject(
      { kind: 'error', status: 503, errorCode: 'SERVER_UNAVAILABLE', message: 'Server unavailable' },
      { path: /\/limits$/ },
    );
    const reply = await get(`${V}/limits`);
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual([{ message: 'Server unavailable', errorCode: 'SERVER_UNAVAILABLE' }]);
    sim.inject({ kind: 'reset' }, { path: /\/limits$/ });
    await expect(get(`${V}/limits`)).rejects.toThrow();
    expect((await get(`${V}/limits`)).status).toBe(200);
  });

  it('matches a string path as the whole path or as the part after the API version', async () => {
    const unavailable = {
      kind: 'error',
      status: 503,
      errorCode: 'SERVER_UNAVAILABLE',
      message: 'down',
    } as const;
    // `/limits` used to be compared with the whole path only, and so never fired.
    sim.inject(unavailable, { path: '/limits' });
    expect((await get(`${V}/sobjects`)).status).toBe(200);
    expect((await get(`${V}/limits`)).status).toBe(503);
    sim.inject(unavailable, { path: `${V}/limits` });
    expect((await get(`${V}/limits`)).status).toBe(503);
    expect((await get(`${V}/limits`)).status).toBe(200);
  });
});

describe('https and scale', () => {
  it('serves https on loopback with a self-signed certificate', async () => {
    const tls = createSelfSignedCertificate();
    const own = await startSalesforceSimulator({ dataset: { preset: 'empty' }, tls });
    try {
      expect(own.instanceUrl).toMatch(/^https:\/\/127\.0\.0\.1:/);
      const status = await new Promise<number>((resolve, reject) => {
        const request = httpsRequest(`${own.loginUrl}/services/data/`, { ca: tls.cert }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        request.end();
      });
      expect(status).toBe(200);
    } finally {
      await own.close();
    }
  });

  // Its speed is the salesforce bench's business; a wall-clock bound here only flakes on a loaded machine.
  it('generates 100,000 accounts and contacts deterministically', { timeout: 60_000 }, () => {
    const big = generateSalesforceDataset({
      preset: 'empty',
      seed: 4,
      referenceTime: Date.parse('2026-01-01T00:00:00Z'),
      scale: { accounts: 100_000, contacts: 100_000 },
    });
    expect(big.count('Account')).toBe(100_000);
    expect(big.count('Contact')).toBe(100_000);
    expect(big.records('Contact')[99_999]).toMatchObject({
      Email: 'shafi.goldwasser.100000@scale.example.com',
      IsDeleted: false,
    });
  });

  it('builds the same sandbox for the same seed and reference time', () => {
    const options = { seed: 2, referenceTime: Date.parse('2026-01-01T00:00:00Z') };
    const a = generateSalesforceDataset(options);
    const b = generateSalesforceDataset(options);
    expect(a.records('Opportunity')).toEqual(b.records('Opportunity'));
    expect(a.count('Case')).toBe(8);
    expect(a.count('Task')).toBe(15);
    expect(a.count('Event')).toBe(8);
    expect(a.count('Note')).toBe(6);
    expect(a.count('ContentVersion')).toBe(5);
    expect(a.count('Attachment')).toBe(4);
    expect(a.count('Campaign')).toBe(3);
    expect(a.count('Report')).toBe(3);
  });
});
