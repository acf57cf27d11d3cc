import type { ConnectorDemo } from './connector-demo';

// What `conduit demo` shows of each connector: its testkit simulator, with calls chosen from the
// simulator's dataset so the demo can check the answers. Loaded only when the demo runs.

const asanaDemo: ConnectorDemo = {
  simulator: 'the Asana simulator with the sandbox dataset',
  downloads: true,
  async start() {
    const { startAsanaSimulator } = await import('@conduit/testkit');
    const simulator = await startAsanaSimulator({ dataset: { preset: 'sandbox' } });
    const data = simulator.data;
    const project = data.projects
      .map((row) => ({ row, tasks: data.taskGids({ projectGid: row.gid }).length }))
      .reduce((best, candidate) => (candidate.tasks > best.tasks ? candidate : best));
    const largest = [...data.attachments]
      .filter((attachment) => attachment.host === 'asana')
      .sort((a, b) => b.size - a.size)[0];
    return {
      baseUrl: simulator.baseUrl,
      facts: {
        workspaces: data.workspaces.map((workspace) => workspace.name),
        projects: data.projects.length,
        tasks: data.taskCount,
        users: data.users.length,
        attachments: data.attachments.length,
      },
      lines: [
        `${data.workspaces.map((workspace) => workspace.name).join(' and ')}: ${data.projects.length} projects, ${data.taskCount} tasks, ${data.users.length} people, ${data.attachments.length} attachments`,
      ],
      connector: {
        name: 'Northwind Studio (demo)',
        credentials: { token: simulator.tokens.personalAccessToken },
        config: { base_url: simulator.baseUrl },
      },
      secrets: [simulator.tokens.personalAccessToken],
      list: {
        entity: 'project_tasks',
        params: { project_gid: project.row.gid },
        pageSize: 4,
        what: `the tasks of "${project.row.name}"`,
        expected: project.tasks,
        label: (task) => String(task.name ?? task.gid),
      },
      searches: [
        {
          title: 'Fuzzy search for "onbording", a misspelt word',
          entity: 'tasks',
          where: 'name~~onbording',
          fields: ['gid', 'name'],
          limit: 10,
          label: (task) => String(task.name),
        },
        {
          title: 'Filtered search: open tasks, soonest due first',
          entity: 'tasks',
          where: 'completed=false and due_on!=null',
          sort: ['due_on:asc'],
          fields: ['gid', 'name', 'due_on'],
          limit: 5,
          label: (task) => `${String(task.due_on)}  ${String(task.name)}`,
        },
      ],
      ...(largest === undefined
        ? {}
        : {
            download: {
              entity: 'attachments',
              params: { attachment_gid: largest.gid },
              name: largest.name,
              size: largest.size,
            },
          }),
      close: () => simulator.close(),
    };
  },
};

const zendeskDemo: ConnectorDemo = {
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

const salesforceDemo: ConnectorDemo = {
  simulator: 'the Salesforce simulator with its CRM dataset',
  downloads: false,
  async start() {
    const { startSalesforceSimulator } = await import('@conduit/testkit');
    const simulator = await startSalesforceSimulator();
    const data = simulator.data;
    const won = data.records('Opportunity').filter((deal) => deal.StageName === 'Closed Won');
    const contact = data.records('Contact')[0];
    const { refreshToken, clientId, clientSecret } = simulator.credentials;
    return {
      baseUrl: simulator.loginUrl,
      facts: {
        accounts: data.records('Account').length,
        contacts: data.records('Contact').length,
        opportunities: data.records('Opportunity').length,
      },
      lines: [
        `${data.records('Account').length} accounts, ${data.records('Contact').length} contacts, ${data.records('Opportunity').length} opportunities`,
      ],
      connector: {
        name: 'Northwind CRM (demo)',
        credentials: { refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret },
        config: { base_url: simulator.loginUrl },
      },
      secrets: [refreshToken, clientSecret],
      list: {
        entity: 'opportunities',
        params: { stage: 'Closed Won' },
        pageSize: 4,
        what: 'the Closed Won opportunities',
        expected: won.length,
        label: (deal) => `${String(deal.Name)} (${String(deal.Amount)})`,
      },
      searches:
        contact === undefined
          ? []
          : [
              {
                title: 'Search the synced contacts by email',
                entity: 'contacts',
                where: `Email=${JSON.stringify(String(contact.Email))}`,
                fields: ['Id', 'Name', 'Email'],
                limit: 5,
                label: (found) => `${String(found.Id)} ${String(found.Name)} <${String(found.Email)}>`,
              },
            ],
      close: () => simulator.close(),
    };
  },
};

/**
 * What `conduit demo` runs of each connector, by its name in the registry (`@conduit/connectors`);
 * a connector without an entry is left out of the demo.
 *
 * @example
 * ```ts
 * CONNECTOR_DEMOS.asana?.simulator; // 'the Asana simulator with the sandbox dataset'
 * ```
 */
export const CONNECTOR_DEMOS: Readonly<Record<string, ConnectorDemo>> = {
  asana: asanaDemo,
  zendesk: zendeskDemo,
  salesforce: salesforceDemo,
};
