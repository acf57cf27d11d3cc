import type { ConnectorDemo } from '@conduit/connector-kit';

// The `@conduit/zendesk-support/demo` entry: what `conduit demo` shows of the support-desk connector, on its
// @conduit/testkit simulator (an optional peer, loaded only when the demo starts), with calls
// chosen from the simulator's dataset so the demo can check the answers.

/**
 * The Zendesk Support demo: its simulator, the connector made on it, a list, searches and, where it has files, a download.
 *
 * @example
 * ```ts
 * const upstream = await zendeskSupportDemo.start();
 * await upstream.close();
 * ```
 */
export const zendeskSupportDemo: ConnectorDemo = {
  simulator: 'the Zendesk simulator with its help desk dataset',
  downloads: true,
  async start() {
    const { startZendeskSimulator } = await import('@conduit/testkit');
    // Records are exportable at once, so the sync sees the dataset without the upstream's minute.
    const simulator = await startZendeskSimulator({ exportDelaySeconds: 0 });
    const data = simulator.data;
    const file = [...data.attachmentById.values()]
      .filter((attachment) => !attachment.inline)
      .sort((a, b) => b.size - a.size)[0];
    return {
      baseUrl: simulator.baseUrl,
      facts: {
        tickets: data.tickets.length,
        users: data.users.length,
        organizations: data.organizations.length,
      },
      lines: [
        `a bicycle maker's help desk: ${data.tickets.length} tickets, ${data.users.length} people, ${data.organizations.length} organizations`,
      ],
      connector: {
        name: 'Lumen Bikes help desk (demo)',
        credentials: { email: simulator.credentials.email, api_token: simulator.credentials.apiToken },
        config: { subdomain: data.subdomain, base_url: simulator.baseUrl },
      },
      secrets: [simulator.credentials.apiToken],
      list: {
        entity: 'tickets',
        params: {},
        pageSize: 10,
        what: 'the tickets',
        label: (ticket) => `#${String(ticket.id)}`,
      },
      searches: [
        {
          title: 'Search the synced tickets: urgent and high, not yet solved',
          entity: 'tickets',
          where: 'priority in (urgent, high) and status not in (solved, closed)',
          sort: ['updated_at:desc'],
          fields: ['id', 'subject', 'status', 'priority'],
          limit: 5,
          label: (ticket) =>
            `#${String(ticket.id).padEnd(4)} ${String(ticket.status).padEnd(8)} ${String(ticket.subject)}`,
        },
      ],
      ...(file === undefined
        ? {}
        : {
            download: {
              entity: 'attachments',
              params: { attachment_id: file.id },
              name: file.fileName,
              size: file.size,
            },
          }),
      // The attachment is served by a storage host after a redirect: it must never see credentials.
      fault: () =>
        simulator.requests.all.some(
          (request) => request.host === 'storage' && request.headers.authorization !== undefined,
        )
          ? 'credentials reached the storage host'
          : undefined,
      close: () => simulator.close(),
    };
  },
};
