// The Salesforce connector in local mode as the list variants create it: the simulator's
// credentials from the environment (SF_CLIENT_ID, SF_CLIENT_SECRET, SF_REFRESH_TOKEN), never argv.
import { createSalesforce } from '@conduit/salesforce';

export function salesforceFromEnv(loginUrl) {
  return createSalesforce({
    credentials: {
      refresh_token: process.env.SF_REFRESH_TOKEN,
      client_id: process.env.SF_CLIENT_ID,
      client_secret: process.env.SF_CLIENT_SECRET,
    },
    instanceUrl: loginUrl,
    apiVersion: '62.0',
  });
}
