import type { ConnectorDemo } from '@conduit/connector-kit';

// The `@conduit/salesforce/demo` entry: what `conduit demo` shows of the CRM connector, on its
// @conduit/testkit simulator (an optional peer, loaded only when the demo starts), with calls
// chosen from the simulator's dataset so the demo can check the answers.

/**
 * The Salesforce demo: its simulator, the connector made on it, a list, searches and, where it has files, a download.
 *
 * @example
 * ```ts
 * const upstream = await salesforceDemo.start();
 * await upstream.close();
 * ```
 */
export const salesforceDemo: ConnectorDemo = {
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
