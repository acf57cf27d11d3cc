import { afterEach, describe, expect, it } from 'vitest';

// Response bodies are read loosely here: each assertion states the shape it expects.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Body = Record<string, any>;

import { generateZendeskDataset } from './generate-zendesk-dataset';
import { ZENDESK_ERRORS } from './zendesk-http-error';
import {
  startZendeskSimulator,
  type ZendeskSimulator,
  type ZendeskSimulatorOptions,
} from './zendesk-simulator';
import { zendeskAttachmentBytes } from './zendesk-storage-host';

let sim: ZendeskSimulator | undefined;

async function start(options: ZendeskSimulatorOptions = {}): Promise<ZendeskSimulator> {
  sim = await startZendeskSimulator({ clock: 'manual', startAt: '2026-02-01T00:00:00Z', ...options });
  return sim;
}

afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function call(
  s: ZendeskSimulator,
  path: string,
  authorization: string | undefined = s.basicAuth(),
  init: RequestInit = {},
) {
  // An empty string sends no Authorization header at all.
  const headers: Record<string, string> =
    authorization === undefined || authorization === '' ? {} : { authorization };
  const response = await fetch(path.startsWith('http') ? path : `${s.baseUrl}${path}`, {
    ...init,
    headers: { ...headers, ...(init.headers as Record<string, string>) },
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Plain text or empty body.
  }
  return { status: response.status, headers: response.headers, body: body as Body };
}

describe('authentication', () => {
  it('accepts Basic {email}/token:{api_token} and OAuth bearer tokens, with and without .json', async () => {
    const s = await start();
    expect((await call(s, '/users/me.json')).body.user.email).toBe(s.credentials.email);
    expect((await call(s, '/users/me', `Bearer ${s.credentials.accessToken}`)).body.user.role).toBe('admin');
  });

  it("refuses missing, wrong, password-style and revoked credentials with 401 Couldn't authenticate you", async () => {
    const s = await start();
    const password = `Basic ${Buffer.from(`${s.credentials.email}:${s.credentials.apiToken}`).toString('base64')}`;
    const otherEmail = s.basicAuth('someone@else.example', s.credentials.apiToken);
    const revoked = s.issueAccessToken();
    s.tokens.revoke(revoked);
    for (const auth of [
      '',
      'Bearer nope',
      password,
      otherEmail,
      `Bearer ${revoked}`,
      s.basicAuth(undefined, 'wrong'),
    ]) {
      const reply = await call(s, '/tickets', auth);
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual(ZENDESK_ERRORS.unauthenticated);
    }
  });

  it('expires OAuth tokens, and refuses an agent or a narrow scope with 403 in both shapes', async () => {
    const s = await start();
    const shortLived = s.issueAccessToken({ ttlSeconds: 600 });
    expect((await call(s, '/tickets', `Bearer ${shortLived}`)).status).toBe(200);
    s.clock.advance(601_000);
    expect((await call(s, '/tickets', `Bearer ${shortLived}`)).status).toBe(401);
    const agent = s.data.users.find((u) => u.role === 'agent')!;
    const agentAuth = s.basicAuth(agent.email, s.issueApiToken(agent.id));
    expect((await call(s, '/tickets', agentAuth)).status).toBe(200);
    const forbidden = await call(s, '/incremental/tickets/cursor?start_time=0', agentAuth);
    expect(forbidden).toMatchObject({ status: 403, body: ZENDESK_ERRORS.forbidden });
    const ticketsOnly = `Bearer ${s.issueAccessToken({ scopes: ['tickets:read'] })}`;
    expect((await call(s, '/tickets', ticketsOnly)).status).toBe(200);
    expect((await call(s, '/users', ticketsOnly)).status).toBe(403);
    await s.close();
    const nested = await start({ nestedForbidden: true });
    const nestedReply = await call(
      nested,
      '/users',
      `Bearer ${nested.issueAccessToken({ scopes: ['tickets:read'] })}`,
    );
    expect(nestedReply.body).toEqual(ZENDESK_ERRORS.forbiddenNested);
  });

  it('POST /oauth/tokens: code grant, rotating refresh, invalid_grant on reuse, lifetime bounds, legacy clients', async () => {
    const s = await start();
    const post = (body: Record<string, unknown>) =>
      call(s, s.oauthTokenUrl, undefined, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    const client = { client_id: s.tokens.clientId, client_secret: s.tokens.clientSecret };
    const code = s.issueAuthorizationCode({ redirectUri: 'https://app.example/cb' });
    const first = await post({
      ...client,
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'https://app.example/cb',
      expires_in: 3600,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      refresh_token_expires_in: 2_592_000,
    });
    const refreshed = await post({
      ...client,
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
    });
    expect(refreshed.status).toBe(201);
    expect((await call(s, '/tickets', `Bearer ${first.body.access_token}`)).status).toBe(401);
    expect((await call(s, '/tickets', `Bearer ${refreshed.body.access_token}`)).status).toBe(200);
    const reused = await post({
      ...client,
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
    });
    expect(reused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(
      (
        await post({
          ...client,
          grant_type: 'refresh_token',
          refresh_token: refreshed.body.refresh_token,
          expires_in: 100,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await post({
          ...client,
          grant_type: 'refresh_token',
          refresh_token: refreshed.body.refresh_token,
          refresh_token_expires_in: 10,
        })
      ).status,
    ).toBe(400);
    expect((await post({ client_id: 'x', client_secret: 'y', grant_type: 'refresh_token' })).status).toBe(
      401,
    );
    s.tokens.legacyClient = true;
    const legacy = await post({
      ...client,
      grant_type: 'authorization_code',
      code: s.issueAuthorizationCode(),
    });
    expect(legacy.body.refresh_token).toBeUndefined();
    expect(legacy.body.expires_in).toBeUndefined();
  });
});

describe('pagination', () => {
  it('cursor: walks every live ticket once via links.next, stops on has_more, binds cursors to their query', async () => {
    const s = await start({ dataset: { tickets: 950 }, rateLimit: false });
    const seen: number[] = [];
    let next: string | null = `${s.baseUrl}/tickets.json?page%5Bsize%5D=100`;
    let last: Body = {};
    while (next !== null) {
      last = (await call(s, next)).body;
      seen.push(...last.tickets.map((t: { id: number }) => t.id));
      expect(last.count).toBeUndefined();
      next = last.meta.has_more ? last.links.next : null;
    }
    expect(seen).toEqual(s.data.liveTickets().map((t) => t.id));
    expect(last.meta.has_more).toBe(false);
    const page = (await call(s, '/tickets?page[size]=2')).body;
    const reused = await call(
      s,
      `/tickets?page[size]=2&sort=-updated_at&page[after]=${page.meta.after_cursor}`,
    );
    expect(reused.status).toBe(400);
    expect((await call(s, '/tickets?page[size]=101')).status).toBe(400);
    const desc = (await call(s, '/tickets?page[size]=3&sort=-id')).body;
    expect(desc.tickets.map((t: { id: number }) => t.id)).toEqual([950, 949, 948]);
    const back = (await call(s, `/tickets?page[size]=2&page[after]=${page.meta.after_cursor}`)).body;
    expect((await call(s, back.links.prev)).body.tickets.map((t: { id: number }) => t.id)).toEqual([1, 2]);
  });

  it('cursor: clamps an oversize page[size] when configured', async () => {
    const s = await start({ dataset: { tickets: 300 }, clampPageSize: true });
    expect((await call(s, '/tickets?page[size]=500')).body.tickets).toHaveLength(100);
  });

  it('offset: absolute next_page/previous_page, true count, 400 past page 100 or record 10,000', async () => {
    const s = await start({ dataset: { tickets: 12_000 }, rateLimit: false });
    const first = (await call(s, '/tickets.json?per_page=50')).body;
    expect(first.count).toBe(s.data.liveTickets().length);
    expect(first.next_page).toBe(`${s.baseUrl}/tickets.json?per_page=50&page=2`);
    expect(first.previous_page).toBeNull();
    expect((await call(s, '/tickets?page=100&per_page=100')).status).toBe(200);
    const beyond = await call(s, '/tickets?page=101');
    expect(beyond).toMatchObject({ status: 400, body: ZENDESK_ERRORS.offsetLimit });
    const sorted = (await call(s, '/tickets?per_page=3&sort_by=updated_at&sort_order=desc')).body.tickets;
    expect(sorted[0].updated_at >= sorted[1].updated_at).toBe(true);
  });

  it('per endpoint: ticket_fields unpaginated, /ticket_audits top-level cursors, metrics newest first, brands by name', async () => {
    const s = await start();
    const fields = (await call(s, '/ticket_fields')).body;
    expect(fields.ticket_fields.map((f: { position: number }) => f.position)).toEqual(
      fields.ticket_fields.map((_: unknown, i: number) => i + 1),
    );
    const audits = (await call(s, '/ticket_audits?page[size]=5')).body;
    expect(Object.keys(audits).sort()).toEqual([
      'after_cursor',
      'after_url',
      'audits',
      'before_cursor',
      'before_url',
    ]);
    const more = (await call(s, audits.after_url)).body;
    expect(more.audits[0].id).toBeLessThan(audits.audits.at(-1).id);
    const metrics = (await call(s, '/ticket_metrics?page[size]=3')).body.ticket_metrics;
    expect(metrics[0].created_at >= metrics[1].created_at).toBe(true);
    const brands = (await call(s, '/brands')).body.brands.map((b: { name: string }) => b.name);
    expect(brands).toEqual([...brands].sort());
    const comments = (await call(s, '/tickets/4/comments')).body.comments;
    expect(comments[0].created_at <= comments.at(-1).created_at).toBe(true);
  });
});

describe('incremental exports and deletions', () => {
  it('cursor export: start_time rules, deleted tickets as status deleted, exclude_deleted, cursor reused next run', async () => {
    const s = await start({ rateLimit: false });
    const now = Math.floor(s.clock.now() / 1000);
    expect((await call(s, '/incremental/tickets/cursor')).status).toBe(400);
    expect((await call(s, `/incremental/tickets/cursor?start_time=${now - 10}`)).status).toBe(400);
    const first = (await call(s, '/incremental/tickets/cursor?start_time=0&per_page=25')).body;
    expect(first.before_cursor).toBeNull();
    expect(first.end_of_stream).toBe(false);
    let page = first;
    const ids = [...first.tickets.map((t: { id: number }) => t.id)];
    while (!page.end_of_stream) {
      page = (await call(s, page.after_url)).body;
      ids.push(...page.tickets.map((t: { id: number }) => t.id));
    }
    expect(new Set(ids).size).toBe(s.data.tickets.length);
    const deleted = s.data.deleteTicket(3);
    s.data.updateTicket(4, { status: 'solved' });
    // Withheld for the first minute, then served after the stored cursor.
    expect(
      (await call(s, `/incremental/tickets/cursor?cursor=${encodeURIComponent(page.after_cursor)}`)).body
        .tickets,
    ).toEqual([]);
    s.clock.advance(61_000);
    const next = (
      await call(s, `/incremental/tickets/cursor?cursor=${encodeURIComponent(page.after_cursor)}`)
    ).body;
    expect(next.tickets.map((t: { id: number; status: string }) => [t.id, t.status])).toEqual([
      [3, 'deleted'],
      [4, 'solved'],
    ]);
    const excluded = (
      await call(
        s,
        `/incremental/tickets/cursor?start_time=${deleted.generatedTimestamp}&exclude_deleted=true`,
      )
    ).body;
    expect(excluded.tickets.map((t: { id: number }) => t.id)).toEqual([4]);
    expect((await call(s, '/tickets/3')).status).toBe(404);
    expect((await call(s, '/tickets/3/comments')).body).toEqual(ZENDESK_ERRORS.notFound);
    const trash = (await call(s, '/deleted_tickets')).body.deleted_tickets;
    expect(trash).toEqual([
      expect.objectContaining({
        id: 3,
        previous_state: deleted.deleted?.previousState,
        deleted_at: expect.stringMatching(/Z$/),
      }),
    ]);
    const listed = (await call(s, '/tickets?page[size]=100')).body.tickets.map((t: { id: number }) => t.id);
    expect(listed).not.toContain(3);
  });

  it('time-based exports: end_time, next_page, end_of_stream; users cursor and organizations exports', async () => {
    const s = await start({ rateLimit: false, dataset: { tickets: 2500 } });
    const first = (await call(s, '/incremental/tickets?start_time=0')).body;
    expect(first).toMatchObject({ count: 1000, end_of_stream: false });
    expect(first.next_page).toContain(`start_time=${first.end_time}`);
    const users = (await call(s, '/incremental/users/cursor?start_time=0&per_page=10')).body;
    expect(users.users).toHaveLength(10);
    expect(users.end_of_stream).toBe(false);
    const orgs = (await call(s, '/incremental/organizations?start_time=0')).body;
    expect(orgs).toMatchObject({ count: s.data.organizations.length, end_of_stream: true });
  });

  it('archived tickets: gone from lists, present in exports and gets', async () => {
    const s = await start({ rateLimit: false });
    const archivedId = [...s.data.archived][0]!;
    expect((await call(s, `/tickets/${archivedId}`)).status).toBe(200);
    const listed = (await call(s, '/tickets?page[size]=100')).body.tickets.map((t: { id: number }) => t.id);
    expect(listed).not.toContain(archivedId);
    const exported = (await call(s, '/incremental/tickets/cursor?start_time=0')).body.tickets.map(
      (t: { id: number }) => t.id,
    );
    expect(exported).toContain(archivedId);
  });
});

describe('what a change stream polls', () => {
  it('count tickets is live (deleted ones out, archived ones in); sorted lists put the newest change first', async () => {
    const s = await start({ rateLimit: false });
    const count = async () => (await call(s, '/tickets/count')).body.count;
    const before = await count();
    expect(before).toEqual({
      value: s.data.tickets.filter((t) => t.deleted === undefined).length,
      refreshed_at: '2026-02-01T00:00:00Z',
    });
    s.clock.advance(2_000);
    s.data.deleteTicket(7);
    s.data.addTicket({ subject: 'new' });
    s.clock.advance(2_000);
    s.data.addComment(9, { body: 'later' });
    expect((await count()).value).toBe(before.value);
    s.data.deleteTicket(8);
    expect((await count()).value).toBe(before.value - 1);
    const newest = (await call(s, '/tickets?page[size]=3&sort=-updated_at')).body.tickets;
    expect(newest.map((t: { id: number }) => t.id)).toEqual([
      9,
      s.data.tickets.at(-1)!.id,
      expect.any(Number),
    ]);
    const trash = (await call(s, '/deleted_tickets?sort_by=deleted_at&sort_order=desc&per_page=1')).body;
    expect(trash.deleted_tickets.map((t: { id: number }) => t.id)).toEqual([8]);
    expect(trash.next_page).toContain('page=2');
  });

  it('above 100,000 tickets the count is refreshed once a day, as the spec says', async () => {
    const s = await start({ rateLimit: false, dataset: { tickets: 100_500 } });
    const first = (await call(s, '/tickets/count')).body.count;
    s.data.addTicket({ subject: 'not counted yet' });
    s.clock.advance(3_600_000);
    expect((await call(s, '/tickets/count')).body.count).toEqual(first);
    s.clock.advance(86_400_000);
    expect((await call(s, '/tickets/count')).body.count.value).toBe(first.value + 1);
  }, 60_000);
});

describe('rate limits', () => {
  it('sends x-rate-limit on every response, ratelimit-* on lists, 429 with Retry-After over the limit', async () => {
    const s = await start({ rateLimit: { perMinute: 3 } });
    const list = await call(s, '/tickets');
    expect(list.headers.get('x-rate-limit')).toBe('3');
    expect(list.headers.get('x-rate-limit-remaining')).toBe('2');
    expect(list.headers.get('ratelimit-limit')).toBe('3');
    expect(list.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
    expect(list.headers.get('zendesk-ratelimit-tickets-index')).toMatch(/^total=3; remaining=2; resets=\d+$/);
    const single = await call(s, '/tickets/1');
    expect(single.headers.get('ratelimit-limit')).toBeNull();
    await call(s, '/users/me');
    const limited = await call(s, '/users/me');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    s.clock.advance(60_000);
    expect((await call(s, '/users/me')).status).toBe(200);
  });

  it('incremental exports have their own 10/min budget', async () => {
    const s = await start();
    for (let i = 0; i < 10; i += 1)
      expect((await call(s, '/incremental/organizations?start_time=0')).status).toBe(200);
    expect((await call(s, '/incremental/organizations?start_time=0')).status).toBe(429);
    expect((await call(s, '/tickets')).status).toBe(200);
  });

  it('injected faults: 503 with Retry-After, resets', async () => {
    const s = await start();
    s.faults.push({ status: 503, retryAfter: 2 });
    const failed = await call(s, '/tickets');
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('2');
    s.faults.push({ kind: 'reset' });
    await expect(
      fetch(`${s.baseUrl}/tickets`, { headers: { authorization: s.basicAuth() } }),
    ).rejects.toThrow();
    expect((await call(s, '/tickets')).status).toBe(200);
  });
});

describe('attachments', () => {
  it('content_url answers 302 to the storage host, which refuses Authorization, serves ranges and expires', async () => {
    const s = await start();
    const attachment = [...s.data.attachmentById.values()].find((a) => !a.inline)!;
    const record = (await call(s, `/attachments/${attachment.id}`)).body.attachment;
    expect(record).toMatchObject({ size: attachment.size, file_name: attachment.fileName });
    expect((await fetch(record.content_url, { redirect: 'manual' })).status).toBe(401);
    const hop = await fetch(record.content_url, {
      redirect: 'manual',
      headers: { authorization: s.basicAuth() },
    });
    expect(hop.status).toBe(302);
    const location = hop.headers.get('location')!;
    expect(location.startsWith(s.storageOrigin)).toBe(true);
    const leaked = await fetch(location, { headers: { authorization: s.basicAuth() } });
    expect(leaked.status).toBe(400);
    expect(await leaked.text()).toContain('<Code>InvalidArgument</Code>');
    const whole = await fetch(location);
    expect(whole.headers.get('content-type')).toBe(record.content_type);
    expect(
      Buffer.from(await whole.arrayBuffer()).equals(zendeskAttachmentBytes(attachment, 0, attachment.size)),
    ).toBe(true);
    const part = await fetch(location, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${attachment.size}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(zendeskAttachmentBytes(attachment, 10, 20))).toBe(
      true,
    );
    expect((await fetch(location, { headers: { range: `bytes=${attachment.size + 5}-` } })).status).toBe(416);
    s.clock.advance(61_000);
    const expired = await fetch(location);
    expect(expired.status).toBe(403);
  });

  it('inline images are listed only with include_inline_images=true', async () => {
    const s = await start();
    const inline = [...s.data.attachmentById.values()].find((a) => a.inline)!;
    const ids = async (query: string) =>
      (await call(s, `/tickets/${inline.ticketId}/comments${query}`)).body.comments.flatMap(
        (c: { attachments: Array<{ id: number }> }) => c.attachments.map((a) => a.id),
      );
    expect(await ids('')).not.toContain(inline.id);
    expect(await ids('?include_inline_images=true')).toContain(inline.id);
  });
});

describe('search', () => {
  it('parses type, status comparisons, tags and negation, dates, people and phrases; result_type on each hit', async () => {
    const s = await start();
    const search = async (query: string) =>
      (await call(s, `/search?query=${encodeURIComponent(query)}`)).body;
    const open = await search('type:ticket status:open');
    expect(open.count).toBe(s.data.liveTickets().filter((t) => t.status === 'open').length);
    expect(
      open.results.every(
        (r: { result_type: string; status: string }) => r.result_type === 'ticket' && r.status === 'open',
      ),
    ).toBe(true);
    const unsolved = await search('type:ticket status<solved');
    expect(
      unsolved.results.every((r: { status: string }) =>
        ['new', 'open', 'pending', 'hold'].includes(r.status),
      ),
    ).toBe(true);
    const battery = await search('type:ticket tags:battery -tags:warranty');
    expect(battery.count).toBeGreaterThan(0);
    expect(
      battery.results.every(
        (r: { tags: string[] }) => r.tags.includes('battery') && !r.tags.includes('warranty'),
      ),
    ).toBe(true);
    expect((await search('type:ticket created>2099-01-01')).count).toBe(0);
    expect((await search('type:ticket updated<1hours')).count).toBe(s.data.liveTickets().length);
    expect(
      (await search('"Greenbriar Corporation"')).results.map((r: { result_type: string }) => r.result_type),
    ).toContain('organization');
    expect((await search('type:user role')).count).toBe(0);
    expect(
      (await search('assignee:none type:ticket')).results.every(
        (r: { assignee_id: null }) => r.assignee_id === null,
      ),
    ).toBe(true);
    expect((await search('3')).results[0]).toMatchObject({ id: 3, result_type: 'ticket' });
  });

  it('offset only (page[size] refused), 1,000 results at most', async () => {
    const s = await start({ dataset: { tickets: 3000 }, rateLimit: false });
    const refused = await call(s, '/search?query=type:ticket&page[size]=10');
    expect(refused).toMatchObject({ status: 400, body: ZENDESK_ERRORS.searchPageSize });
    const all = (await call(s, '/search?query=type:ticket&page=10')).body;
    expect(all.count).toBe(s.data.liveTickets().length);
    expect(all.next_page).toBeNull();
    expect(await call(s, '/search?query=type:ticket&page=11')).toMatchObject({
      status: 422,
      body: ZENDESK_ERRORS.searchLimit,
    });
  });
});

describe('serialized ticket records', () => {
  it('are rebuilt after any change, even twice within one second', async () => {
    const s = await start();
    expect((await call(s, '/tickets/5')).body.ticket.status).toBe(s.data.ticketById.get(5)!.status);
    s.data.updateTicket(5, { status: 'pending' });
    expect((await call(s, '/tickets/5')).body.ticket.status).toBe('pending');
    s.data.updateTicket(5, { status: 'solved', tags: ['x'] });
    const listed = (await call(s, '/tickets?page[size]=10')).body.tickets.find(
      (t: { id: number }) => t.id === 5,
    );
    expect(listed).toMatchObject({ status: 'solved', tags: ['x'] });
  });
});

describe('dataset', () => {
  it('is deterministic, has tickets in every status and users of every role, and builds 100,000 tickets quickly', () => {
    const a = generateZendeskDataset({ seed: 4 });
    const b = generateZendeskDataset({ seed: 4 });
    expect(a.tickets).toEqual(b.tickets);
    expect(new Set(a.tickets.map((t) => t.status))).toEqual(
      new Set(['new', 'open', 'pending', 'hold', 'solved', 'closed']),
    );
    expect(new Set(a.users.map((u) => u.role))).toEqual(new Set(['admin', 'agent', 'end-user']));
    expect(a.attachmentById.size).toBeGreaterThan(5);
    const started = performance.now();
    const big = generateZendeskDataset({ tickets: 100_000 });
    expect(big.tickets).toHaveLength(100_000);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(() => generateZendeskDataset({ tickets: -1 })).toThrow(/tickets/);
    expect(() => generateZendeskDataset({ tickets: 2.5 })).toThrow(/tickets/);
  });

  it('keeps the first sandbox tickets below 40, and none at 0: a test adds exactly its own', async () => {
    const few = generateZendeskDataset({ tickets: 3 });
    expect(few.tickets.map((t) => t.id)).toEqual([1, 2, 3]);
    expect([...few.attachmentById.values()].every((a) => a.ticketId <= 3)).toBe(true);

    const s = await start({ dataset: generateZendeskDataset({ tickets: 0 }) });
    expect((await call(s, '/tickets')).body.tickets).toEqual([]);
    const mine = s.data.addTicket({ subject: 'Printer on fire' });
    const listed = (await call(s, '/tickets')).body.tickets as Body[];
    expect(listed.map((t) => [t.id, t.subject])).toEqual([[mine.id, 'Printer on fire']]);
    expect((await call(s, '/users?role=agent')).body.users.length).toBeGreaterThan(0);
  });
});
