// Salesforce suite, list: the connector in local mode, `for await` over every contact
// (`contacts.list`, pages of 2,000 through nextRecordsUrl), counting records without keeping them.
//   node salesforce-list-conduit.mjs --login-url U   (credentials in SF_CLIENT_ID, SF_CLIENT_SECRET, SF_REFRESH_TOKEN)
import { createSalesforce } from '@conduit/salesforce';
import { reportProcess } from '../lib/measure.mjs';
import { readArgs } from './support/load.mjs';

const args = readArgs(process.argv.slice(2));
const salesforce = createSalesforce({
  credentials: {
    refresh_token: process.env.SF_REFRESH_TOKEN,
    client_id: process.env.SF_CLIENT_ID,
    client_secret: process.env.SF_CLIENT_SECRET,
  },
  instanceUrl: args['login-url'],
  apiVersion: '62.0',
});

await reportProcess(async () => {
  let records = 0;
  for await (const contact of salesforce.contacts.list({ limit: 2000 })) {
    if (contact.Id) records += 1;
  }
  return { records };
});
