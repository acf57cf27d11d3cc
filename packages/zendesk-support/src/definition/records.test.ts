import { type ConnectorClient, compileRecordCheck } from '@conduit/connector-kit';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ZendeskDefinition } from './definition';
import type { Ticket, TicketComment, User } from './records';
import * as records from './records';

type Client = ConnectorClient<ZendeskDefinition>;

const ticket = {
  id: 35436,
  url: 'https://example.zendesk.com/api/v2/tickets/35436.json',
  external_id: null,
  type: 'incident',
  subject: 'Help, my printer is on fire!',
  priority: 'high',
  status: 'open',
  requester_id: 20978392,
  assignee_id: null,
  organization_id: null,
  group_id: 98738,
  tags: ['enterprise'],
  via: { channel: 'web', source: { from: {}, to: {}, rel: null } },
  satisfaction_rating: { id: 1, score: 'good', comment: 'Thanks' },
  custom_fields: [
    { id: 27642, value: '745' },
    { id: 27648, value: ['a', 'b'] },
    { id: 27649, value: null },
  ],
  created_at: '2009-07-20T22:55:29Z',
  updated_at: '2011-05-05T10:38:52Z',
  // Fields the type does not declare still pass through.
  custom_status_id: 1,
  from_messaging_channel: false,
};

describe('zendesk records', () => {
  it('types what the client returns with the exported record types, undeclared fields refused', () => {
    expectTypeOf<Awaited<ReturnType<Client['tickets']['get']>>>().toEqualTypeOf<Ticket>();
    expectTypeOf<
      Awaited<ReturnType<Client['ticket_comments']['list']>>['records'][number]
    >().toEqualTypeOf<TicketComment>();
    expectTypeOf<Awaited<ReturnType<Client['users']['get']>>>().toEqualTypeOf<User>();
    type Hit = Awaited<ReturnType<Client['tickets']['search']>>['hits'][number]['data'];
    expectTypeOf<Hit['subject']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Hit>().not.toHaveProperty('sbject');
    const typed = {} as Ticket;
    // @ts-expect-error `sbject` is no field of a ticket
    void typed.sbject;
    expectTypeOf(typed.subject).toEqualTypeOf<string | null>();
    expectTypeOf(typed.satisfaction_rating?.score).toEqualTypeOf<string | undefined>();
    expectTypeOf(typed.via?.source?.from?.name).toEqualTypeOf<string | null | undefined>();
    expectTypeOf<TicketComment['attachments'][number]['file_name']>().toEqualTypeOf<string>();
    const raw: Record<string, unknown> = typed;
    expectTypeOf(raw.custom_status_id).toEqualTypeOf<unknown>();
  });

  it('parses a documented ticket, keeping the fields the type does not declare', () => {
    expect(records.TicketSchema.parse(ticket)).toStrictEqual(ticket);
    expect(compileRecordCheck(records.TicketSchema)?.(ticket)).toBe(true);
    const missing = records.TicketSchema.safeParse({ ...ticket, status: undefined });
    expect(missing.error?.issues[0]?.path).toEqual(['status']);
  });

  it('keeps the old schema names one minor version as aliases of the new ones', () => {
    expect(records.TicketRecord).toBe(records.TicketSchema);
    expect(records.CommentRecord).toBe(records.TicketCommentSchema);
    expect(records.AuditRecord).toBe(records.TicketAuditSchema);
  });

  it("every record schema compiles to the kit's record check, so pages are used as they came", () => {
    for (const [name, schema] of Object.entries(records)) {
      if (name.endsWith('Schema')) expect(compileRecordCheck(schema as never), name).toBeTypeOf('function');
    }
  });
});
