import { CursorExpiredError, NotFoundError, ValidationError } from '@conduit/protocol';
import {
  createSelfSignedCertificate,
  SalesforceBlobContent,
  type SalesforceSimulator,
  startSalesforceSimulator,
} from '@conduit/testkit';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesforceExecutor, type SalesforceLocalOptions } from './local-executor';
import { RequestLimitExceededError } from './salesforce-errors';

let sim: SalesforceSimulator;

function executor(options: Partial<SalesforceLocalOptions> = {}, target: SalesforceSimulator = sim) {
  const { clientId, clientSecret, refreshToken } = target.credentials;
  return createSalesforceExecutor({
    credentials: { refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret },
    instanceUrl: target.loginUrl,
    apiVersion: '62.0',
    retry: false,
    ...options,
  });
}

type Page = { records: Array<Record<string, unknown>>; meta: { next_page: { offset: string } | null } };

beforeAll(async () => {
  sim = await startSalesforceSimulator({ dataset: { seed: 3, scale: { contacts: 2300 } } });
});

afterAll(async () => {
  await sim.close();
});

describe('lists and gets of every sObject entity', () => {
  const entities: Array<[string, string]> = [
    ['accounts', 'Account'],
    ['contacts', 'Contact'],
    ['leads', 'Lead'],
    ['opportunities', 'Opportunity'],
    ['tasks', 'Task'],
    ['events', 'Event'],
    ['campaigns', 'Campaign'],
    ['cases', 'Case'],
    ['notes', 'Note'],
    ['content_versions', 'ContentVersion'],
    ['attachments', 'Attachment'],
    ['users', 'User'],
    ['opportunity_stages', 'OpportunityStage'],
  ];
  for (const [entity, sobject] of entities) {
    it(`${entity}: list gives typed records with attributes, get reads the sObject resource`, async () => {
      const run = executor();
      const page = (await run.execute({ entity, action: 'list', params: {} })) as Page;
      const expected = sim.data
        .records(sobject)
        .filter((record) => sobject !== 'User' || record.IsActive === true);
      expect(page.records.length).toBe(Math.min(expected.length, 2000));
      const first = page.records[0] as { attributes: { type: string }; Id: string };
      expect(first.attributes.type).toBe(sobject);
      const one = (await run.execute({ entity, action: 'get', params: { id: first.Id } })) as Record<
        string,
        unknown
      >;
      expect(one.Id).toBe(first.Id);
      expect(one.attributes).toMatchObject({ type: sobject });
      expect(
        sim.requests.count({ path: `/services/data/v62.0/sobjects/${sobject}/${first.Id}` }),
      ).toBeGreaterThan(0);
    });
  }

  it('orders lists newest first and users only active ones', async () => {
    const page = (await executor().execute({ entity: 'users', action: 'list', params: {} })) as Page;
    expect(page.records.every((user) => user.IsActive === true)).toBe(true);
    const stages = (await executor().execute({
      entity: 'opportunity_stages',
      action: 'list',
      params: {},
    })) as Page;
    expect(stages.records.map((stage) => stage.SortOrder)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('get takes fields and 404s unknown ids as NotFoundError', async () => {
    const account = sim.data.records('Account')[0]!;
    const some = (await executor().execute({
      entity: 'accounts',
      action: 'get',
      params: { id: account.Id, fields: 'Name,Industry' },
    })) as Record<string, unknown>;
    expect(Object.keys(some)).toEqual(['attributes', 'Id', 'Name', 'Industry']);
    const listed = (await executor().execute({
      entity: 'accounts',
      action: 'get',
      params: { id: account.Id, fields: ['Name', 'Industry'] },
    })) as Record<string, unknown>;
    expect(listed).toEqual(some);
    const badName = executor().execute({
      entity: 'accounts',
      action: 'get',
      params: { id: account.Id, fields: ['Name', 'Bad name'] },
    });
    await expect(badName).rejects.toBeInstanceOf(ValidationError);
    await expect(badName).rejects.toMatchObject({
      details: [{ field: 'params.fields[1]', error_code: 'invalid_param' }],
    });
    await expect(
      executor().execute({ entity: 'accounts', action: 'get', params: { id: '001Dn0000000zzzAAA' } }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      executor().execute({ entity: 'accounts', action: 'get', params: { id: "x' OR 1=1" } }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('paging', () => {
  it('pages by keyset on Id: meta.next_page holds exactly the params to pass back, null when done', async () => {
    const run = executor();
    const total = sim.data.count('Contact');
    const seen = new Set<string>();
    let params: Record<string, unknown> = { limit: 500 };
    const sizes: number[] = [];
    for (;;) {
      const page = (await run.execute({ entity: 'contacts', action: 'list', params })) as Page;
      sizes.push(page.records.length);
      for (const record of page.records) seen.add(record.Id as string);
      if (page.meta.next_page === null) break;
      expect(Object.keys(page.meta.next_page)).toEqual(['offset']);
      params = { ...page.meta.next_page, limit: 500 };
    }
    expect(seen.size).toBe(total);
    expect(sizes).toEqual(
      [...Array(Math.floor(total / 500)).fill(500), total % 500].filter((size) => size > 0),
    );
    const queries = sim.requests.filter({ path: /\/query$/ });
    expect(queries.map((request) => request.headers['sforce-query-options'])).toContain('batchSize=501');
    expect(queries.at(-1)?.query.get('q')).toMatch(
      /^SELECT FIELDS\(STANDARD\) FROM Contact WHERE Id > '003\w{15}' ORDER BY Id ASC LIMIT 501$/,
    );
  });

  it('refuses an offset that points elsewhere or is forged, and maps expired locators of old offsets to CursorExpiredError', async () => {
    const run = executor();
    for (const offset of [
      'https://evil.example.com/services/data/v62.0/query/x-1',
      'k1.not-json',
      `k1.${Buffer.from(JSON.stringify({ p: {}, k: ["x' OR Id != '"] })).toString('base64url')}`,
    ]) {
      await expect(
        run.execute({ entity: 'contacts', action: 'list', params: { offset } }),
      ).rejects.toBeInstanceOf(CursorExpiredError);
    }
    // An offset of the nextRecordsUrl form (from an earlier version) is still followed.
    const first = (await run.execute({
      entity: 'query',
      action: 'list',
      params: { q: 'SELECT Id FROM Contact', limit: 200 },
    })) as Page;
    const legacy = (await run.execute({
      entity: 'contacts',
      action: 'list',
      params: { offset: first.meta.next_page!.offset, limit: 200 },
    })) as Page;
    expect(legacy.records).toHaveLength(200);
    sim.expireQueryLocators();
    await expect(
      run.execute({ entity: 'contacts', action: 'list', params: { offset: first.meta.next_page!.offset } }),
    ).rejects.toBeInstanceOf(CursorExpiredError);
  });

  it('gives pages of exactly limit for any limit 1..2000, and refuses too large ones', async () => {
    const run = executor();
    for (const limit of [1, 2, 199]) {
      const page = (await run.execute({ entity: 'contacts', action: 'list', params: { limit } })) as Page;
      expect(page.records).toHaveLength(limit);
      expect(page.meta.next_page).not.toBeNull();
    }
    expect(sim.requests.filter({ path: /\/query$/ }).at(-1)?.headers['sforce-query-options']).toBe(
      'batchSize=200',
    );
    await expect(
      executor().execute({ entity: 'contacts', action: 'list', params: { limit: 5000 } }),
    ).rejects.toMatchObject({ code: 'invalid_param' });
  });
});

describe('filters are escaped literals', () => {
  it('filters by name, email, stage and ids', async () => {
    const run = executor();
    const acme = (await run.execute({
      entity: 'accounts',
      action: 'list',
      params: { name: 'Acme Corporation' },
    })) as Page;
    expect(acme.records).toHaveLength(1);
    const contacts = (await run.execute({
      entity: 'contacts',
      action: 'list',
      params: { account_id: acme.records[0]!.Id },
    })) as Page;
    expect(contacts.records).toHaveLength(3);
    const email = contacts.records[0]!.Email as string;
    expect(
      ((await run.execute({ entity: 'contacts', action: 'list', params: { email } })) as Page).records,
    ).toHaveLength(1);
    const won = (await run.execute({
      entity: 'opportunities',
      action: 'list',
      params: { stage: 'Closed Won' },
    })) as Page;
    expect(won.records).toHaveLength(2);
    expect(won.records.every((record) => record.IsWon === true)).toBe(true);
  });

  it('keeps a SOQL injection attempt inside the literal', async () => {
    sim.insert('Account', { Name: "O'Brien & Sons" });
    const run = executor();
    const quoted = (await run.execute({
      entity: 'accounts',
      action: 'list',
      params: { name: "O'Brien & Sons" },
    })) as Page;
    expect(quoted.records).toHaveLength(1);
    const injection = (await run.execute({
      entity: 'accounts',
      action: 'list',
      params: { name: "x' OR Name != 'x" },
    })) as Page;
    expect(injection.records).toHaveLength(0);
    const backslash = (await run.execute({
      entity: 'accounts',
      action: 'list',
      params: { name: "x\\' OR Name != \\'x" },
    })) as Page;
    expect(backslash.records).toHaveLength(0);
    const soql = sim.requests.filter({ path: /\/query$/ }).map((request) => request.query.get('q'));
    expect(soql).toContain(
      "SELECT FIELDS(STANDARD) FROM Account WHERE Name = 'x\\' OR Name != \\'x' ORDER BY Id ASC LIMIT 2000",
    );
    await expect(
      run.execute({ entity: 'contacts', action: 'list', params: { account_id: "001' OR Id != '" } }),
    ).rejects.toMatchObject({ code: 'invalid_param' });
  });

  it('reads changes since an instant, deleted ones with include_deleted', async () => {
    const run = executor();
    const since = new Date(sim.clock.now() - 1000).toISOString();
    const lead = sim.data.records('Lead')[1]!;
    sim.delete(lead.Id);
    const changed = (await run.execute({
      entity: 'leads',
      action: 'list',
      params: { modified_since: since, include_deleted: true },
    })) as Page;
    expect(changed.records.map((record) => [record.Id, record.IsDeleted])).toContainEqual([lead.Id, true]);
    const live = (await run.execute({
      entity: 'leads',
      action: 'list',
      params: { modified_since: since },
    })) as Page;
    expect(live.records.map((record) => record.Id)).not.toContain(lead.Id);
  });
});

describe("the caller's own SOQL", () => {
  it('runs it as is and pages', async () => {
    const page = (await executor().execute({
      entity: 'query',
      action: 'list',
      params: { q: 'SELECT Id, Name, Account.Name FROM Contact ORDER BY Id' },
    })) as Page;
    expect(page.records).toHaveLength(2000);
    expect(page.meta.next_page).not.toBeNull();
    const org = (await executor().execute({
      entity: 'query',
      action: 'list',
      params: { q: 'SELECT Id FROM Organization LIMIT 1' },
    })) as Page;
    expect(org.records[0]).toMatchObject({ attributes: { type: 'Organization' }, Id: sim.data.orgId });
  });

  it('answers refused SOQL as invalid_param naming q with the upstream message', async () => {
    for (const [q, code] of [
      ['SELECT Id FRM Account', 'MALFORMED_QUERY'],
      ['SELECT Nope FROM Account', 'INVALID_FIELD'],
      ['SELECT Id FROM Widget__c', 'INVALID_TYPE'],
    ] as const) {
      const error = (await executor()
        .execute({ entity: 'query', action: 'list', params: { q } })
        .catch((caught: unknown) => caught)) as ValidationError;
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.code).toBe('invalid_param');
      expect(error.status).toBe(400);
      expect(error.details[0]).toMatchObject({ field: 'params.q', error_code: 'invalid_param' });
      expect(error.message).toContain(code);
    }
  });
});

describe('sobjects and reports', () => {
  it('lists sObject types and describes one', async () => {
    const page = (await executor().execute({ entity: 'sobjects', action: 'list', params: {} })) as Page;
    expect(page.records.map((entry) => entry.name)).toContain('Opportunity');
    expect(page.meta.next_page).toBeNull();
    const describe = (await executor().execute({
      entity: 'sobjects',
      action: 'get',
      params: { id: 'Contact' },
    })) as { fields: Array<{ name: string }> };
    expect(describe.fields.map((field) => field.name)).toContain('Email');
  });

  it('lists reports and runs one', async () => {
    const page = (await executor().execute({ entity: 'reports', action: 'list', params: {} })) as Page;
    const report = page.records.find((entry) => entry.name === 'Open Cases')!;
    const run = (await executor().execute({
      entity: 'reports',
      action: 'get',
      params: { id: report.id },
    })) as { factMap: Record<string, { aggregates: Array<{ value: number }> }> };
    expect(run.factMap['T!T']!.aggregates[0]!.value).toBe(
      sim.data.records('Case').filter((c) => c.IsClosed === false).length,
    );
  });
});

describe('downloads', () => {
  it('refuses a range without a start or with its end before its start, before any request', async () => {
    const attachment = sim.data.records('Attachment')[0]!;
    const before = sim.requests.count();
    for (const range_header of ['bytes=-', 'bytes=500-100']) {
      const download = executor().execute({
        entity: 'attachments',
        action: 'download',
        params: { id: attachment.Id, range_header },
      });
      await expect(download, range_header).rejects.toBeInstanceOf(ValidationError);
      await expect(download, range_header).rejects.toMatchObject({
        details: [{ field: 'params.range_header', error_code: 'invalid_param' }],
      });
    }
    expect(sim.requests.count()).toBe(before);
  });

  it('a range past the end of the blob → ValidationError naming range_header, with the size', async () => {
    const attachment = sim.data.records('Attachment')[0]!;
    const size = attachment.BodyLength as number;
    const download = executor().execute({
      entity: 'attachments',
      action: 'download',
      params: { id: attachment.Id, range_header: `bytes=${size + 10}-${size + 20}` },
    });
    await expect(download).rejects.toBeInstanceOf(ValidationError);
    await expect(download).rejects.toMatchObject({
      code: 'range_not_satisfiable',
      details: [
        {
          field: 'params.range_header',
          message: `range_header: bytes=${size + 10}-${size + 20} is outside the content (${size} bytes)`,
          error_code: 'range_not_satisfiable',
        },
      ],
    });
  });

  it('streams VersionData and Body with the bearer token, in chunks, ranges honoured', async () => {
    const run = executor();
    const version = sim.data
      .records('ContentVersion')
      .find((record) => (record.ContentSize as number) > 1_000_000)!;
    const result = (await run.execute({
      entity: 'content_versions',
      action: 'download',
      params: { id: version.Id },
    })) as AsyncIterable<Uint8Array>;
    let size = 0;
    let chunks = 0;
    for await (const chunk of result) {
      size += chunk.length;
      chunks += 1;
    }
    expect(size).toBe(version.ContentSize);
    expect(chunks).toBeGreaterThan(1);
    const request = sim.requests
      .filter({ path: `/services/data/v62.0/sobjects/ContentVersion/${version.Id}/VersionData` })
      .at(-1)!;
    expect(request.headers.authorization).toMatch(/^Bearer 00D/);
    expect(request.host).toBe('instance');
    const attachment = sim.data.records('Attachment').find((record) => record.ContentType === 'text/plain')!;
    const ranged = (await run.execute({
      entity: 'attachments',
      action: 'download',
      params: { id: attachment.Id, range_header: 'bytes=0-4' },
    })) as AsyncIterable<Uint8Array>;
    const parts: Uint8Array[] = [];
    for await (const chunk of ranged) parts.push(chunk);
    expect(Buffer.concat(parts).toString()).toBe('Plain');
  });
});

describe('download memory', () => {
  it('streams a 192 MB file with backpressure, never holding it', { timeout: 60_000 }, async () => {
    const size = 192 * 1024 * 1024;
    const chunks = size / 65_536;
    const parent = sim.data.records('Account')[0]!;
    const attachment = sim.insert('Attachment', {
      ParentId: parent.Id,
      Name: 'big.bin',
      ContentType: 'application/octet-stream',
      BodyLength: size,
    });
    // Counts the 64 KiB chunks the simulator has produced: it writes with backpressure, so a
    // client that reads slowly holds the rest of the file back at the server.
    const inner = SalesforceBlobContent.generated(size, 'big');
    let produced = 0;
    const counting = {
      size,
      *chunks(start?: number, end?: number) {
        for (const chunk of inner.chunks(start, end)) {
          produced += 1;
          yield chunk;
        }
      },
    };
    sim.data.setBlob(attachment.Id, counting as unknown as SalesforceBlobContent);
    const result = (await executor().execute({
      entity: 'attachments',
      action: 'download',
      params: { id: attachment.Id },
    })) as AsyncIterable<Uint8Array>;
    const iterator = result[Symbol.asyncIterator]();
    try {
      let received = (await iterator.next()).value?.length ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Socket and stream buffers hold some MB (tens at most on loopback), far from the whole file.
      expect(produced).toBeLessThan(chunks / 2);
      for (let step = await iterator.next(); !step.done; step = await iterator.next()) {
        received += step.value.length;
      }
      expect(received).toBe(size);
      expect(produced).toBe(chunks);
    } finally {
      await iterator.return?.();
    }
  });
});

describe('sessions and refresh', () => {
  it('sends data calls to the instance_url of the token response, never the login host', async () => {
    const run = executor();
    await run.execute({ entity: 'accounts', action: 'list', params: {} });
    expect(run.instanceUrl).toBe(sim.instanceUrl);
    expect(sim.requests.count({ host: 'login', path: /^\/services\/data\// })).toBe(0);
  });

  it('refreshes once, single-flight, on INVALID_SESSION_ID and replays', async () => {
    const own = await startSalesforceSimulator({ dataset: { seed: 1 } });
    try {
      const run = executor({}, own);
      await run.execute({ entity: 'accounts', action: 'list', params: {} });
      expect(own.requests.count({ path: '/services/oauth2/token' })).toBe(1);
      own.expireSessions();
      const results = await Promise.all(
        Array.from(
          { length: 5 },
          () => run.execute({ entity: 'cases', action: 'list', params: {} }) as Promise<Page>,
        ),
      );
      expect(results.every((page) => page.records.length === 8)).toBe(true);
      expect(own.requests.count({ path: '/services/oauth2/token' })).toBe(2);
      expect(own.requests.count({ status: 401 })).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });

  it('saves rotated refresh tokens and fails typed when the refresh is refused', async () => {
    const own = await startSalesforceSimulator({
      dataset: { preset: 'empty' },
      oauth: { rotateRefreshTokens: true },
    });
    try {
      const saved: Array<Record<string, string>> = [];
      const run = executor({ saveCredentials: (credentials) => void saved.push(credentials) }, own);
      await run.execute({ entity: 'users', action: 'list', params: {} });
      expect(saved).toHaveLength(1);
      expect(saved[0]!.refresh_token).not.toBe(own.credentials.refreshToken);
      expect(saved[0]!.access_token).toMatch(/^00D/);
      own.revokeToken(saved[0]!.refresh_token!);
      own.expireSessions();
      await expect(run.execute({ entity: 'users', action: 'list', params: {} })).rejects.toMatchObject({
        code: 'invalid_grant',
      });
    } finally {
      await own.close();
    }
  });

  it('works over https on loopback with a self-signed certificate', async () => {
    const tls = createSelfSignedCertificate();
    const own = await startSalesforceSimulator({ dataset: { preset: 'empty' }, tls });
    try {
      // A user's own fetch trusting the test CA, as the transport README shows for custom CAs.
      const agent = new Agent({ connect: { ca: tls.cert } });
      const trusting: typeof fetch = (input, init) =>
        fetch(input, { ...init, dispatcher: agent } as RequestInit);
      const run = executor({ fetch: trusting }, own);
      const page = (await run.execute({ entity: 'users', action: 'list', params: {} })) as Page;
      expect(page.records.length).toBeGreaterThan(0);
      expect(run.instanceUrl).toMatch(/^https:\/\/127\.0\.0\.1:/);
    } finally {
      await own.close();
    }
  });

  it('refuses token-method credentials with a clear typed error', () => {
    expect(() => createSalesforceExecutor({ credentials: { access_token: 'abc' } })).toThrow(
      /no token method/,
    );
    expect(() => createSalesforceExecutor({ credentials: { refresh_token: 'r', client_id: 'c' } })).toThrow(
      ValidationError,
    );
  });
});

describe('options', () => {
  it('refuses an instanceUrl that is not an absolute http(s) URL with a ValidationError naming it', () => {
    for (const instanceUrl of ['acme.my.salesforce.com', 'ftp://acme.my.salesforce.com', '']) {
      let error: unknown;
      try {
        executor({ instanceUrl });
      } catch (caught) {
        error = caught;
      }
      expect(error, instanceUrl).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).code).toBe('invalid_config');
      expect((error as ValidationError).details).toEqual([
        {
          field: 'instanceUrl',
          message: 'instanceUrl: must be an absolute https URL, e.g. https://acme.my.salesforce.com',
          error_code: 'invalid_config',
        },
      ]);
    }
  });
});

describe('limits', () => {
  it('exposes Sforce-Limit-Info, warns near the end and types REQUEST_LIMIT_EXCEEDED', async () => {
    const own = await startSalesforceSimulator({
      dataset: { preset: 'empty' },
      dailyApiLimit: 10,
      apiUsage: 7,
    });
    try {
      const warnings: Array<{ used: number; max: number }> = [];
      const run = executor({ onLimitWarning: (usage) => void warnings.push(usage) }, own);
      await run.execute({ entity: 'users', action: 'list', params: {} });
      expect(run.apiUsage).toEqual({ used: 8, max: 10 });
      await run.execute({ entity: 'users', action: 'list', params: {} });
      await run.execute({ entity: 'users', action: 'list', params: {} });
      expect(warnings).toEqual([{ used: 9, max: 10 }]);
      const error = await run
        .execute({ entity: 'users', action: 'list', params: {} })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RequestLimitExceededError);
      expect(error).toMatchObject({ code: 'request_limit_exceeded', status: 403, retryable: false });
    } finally {
      await own.close();
    }
  });

  it('caps concurrency below the org gate', async () => {
    sim.setConcurrencyLimit(3);
    sim.setLatency(50);
    try {
      const run = executor({ rateLimit: { requestsPerInterval: 1000, intervalMs: 1000, maxConcurrent: 3 } });
      const pages = await Promise.all(
        Array.from({ length: 9 }, () => run.execute({ entity: 'notes', action: 'list', params: {} })),
      );
      expect(pages).toHaveLength(9);
    } finally {
      sim.setConcurrencyLimit(25);
      sim.setLatency(0);
    }
  });
});
