import { type ConnectorDefinition, ValidationError } from '@conduit/protocol';
import { startZendeskSimulator, type ZendeskSimulator } from '@conduit/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zendeskDefinition } from './definition/definition';
import { createZendeskSupport, type ZendeskSupport } from './zendesk-support';

// Zendesk's own page-size name (`per_page`), as clients written against its API send it (Airbyte's
// Python SDK among them; docs/airbyte-python-sdk.md), taken as `limit` on every list in local mode.

let sim: ZendeskSimulator;
let zendesk: ZendeskSupport;

beforeAll(async () => {
  sim = await startZendeskSimulator({ dataset: { tickets: 25 }, rateLimit: false });
  zendesk = createZendeskSupport({
    credentials: { email: sim.credentials.email, api_token: sim.credentials.apiToken },
    config: { base_url: sim.baseUrl },
    retry: false,
  });
});

afterAll(async () => {
  await sim?.close();
});

type Page = { records: { id: number }[]; meta: { next_page: { offset: string } | null } };
const list = (entity: string, params: Record<string, unknown>) =>
  zendesk.execute(entity as 'tickets', 'list', params) as Promise<Page>;

describe('per_page on a Zendesk list', () => {
  it('is declared on every list', () => {
    const entities: ConnectorDefinition['entities'] = zendeskDefinition.entities;
    for (const [entity, { actions }] of Object.entries(entities)) {
      if (actions.list) expect(actions.list.paramAliases, entity).toEqual({ per_page: 'limit' });
    }
  });

  it('pages as limit does, and meta.next_page walks on with it', async () => {
    const walk = async (size: Record<string, number>) => {
      const seen: number[] = [];
      let offset: string | undefined;
      do {
        const page = await list('tickets', offset === undefined ? size : { ...size, offset });
        expect(page.records.length).toBeLessThanOrEqual(10);
        seen.push(...page.records.map((ticket) => ticket.id));
        offset = page.meta.next_page?.offset;
      } while (offset !== undefined);
      return seen;
    };
    const first = await list('tickets', { per_page: 10 });
    expect(first.records).toHaveLength(10);
    expect(first).toEqual(await list('tickets', { limit: 10 }));
    const byAlias = await walk({ per_page: 10 });
    expect(byAlias.length).toBeGreaterThan(20);
    expect(new Set(byAlias).size).toBe(byAlias.length);
    expect(byAlias).toEqual(await walk({ limit: 10 }));
  });

  it('works on a list with a required param', async () => {
    const comments = await list('ticket_comments', { ticket_id: 1, per_page: 1 });
    expect(comments.records.length).toBeLessThanOrEqual(1);
  });

  it('is refused with limit, and out of range, naming per_page', async () => {
    for (const params of [{ per_page: 5, limit: 5 }, { per_page: 0 }]) {
      const error = await list('tickets', params).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).details?.[0]?.field).toBe('params.per_page');
    }
  });
});
