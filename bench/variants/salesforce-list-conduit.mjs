// Salesforce suite, list: the connector in local mode, `for await` over every contact
// (`contacts.list`, keyset pages of 2,000 in Id order), counting records without keeping them.
//   node salesforce-list-conduit.mjs --login-url U   (credentials in SF_CLIENT_ID, SF_CLIENT_SECRET, SF_REFRESH_TOKEN)
import { reportProcess } from '../lib/measure.mjs';
import { readArgs } from './support/load.mjs';
import { salesforceFromEnv } from './support/salesforce-client.mjs';

const args = readArgs(process.argv.slice(2));
const salesforce = salesforceFromEnv(args['login-url']);

await reportProcess(async () => {
  let records = 0;
  for await (const contact of salesforce.contacts.list({ limit: 2000 })) {
    if (contact.Id) records += 1;
  }
  return { records };
});
