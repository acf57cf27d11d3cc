// Salesforce suite, list: jsforce 3 (the de facto Node library) running the connector's SOQL for
// `contacts.list`, streaming records (`query(...).stream('record')`, autoFetch through
// nextRecordsUrl) and counting them without keeping them. Authenticates the same way: OAuth
// refresh token, the first call refreshes (jsforce on the 401).
//   node salesforce-list-jsforce.mjs --login-url U --soql S   (credentials as for the conduit variant)
import jsforce from 'jsforce';
import { reportProcess } from '../lib/measure.mjs';
import { readArgs } from './support/load.mjs';

const args = readArgs(process.argv.slice(2));
const oauth2 = new jsforce.OAuth2({
  loginUrl: args['login-url'],
  clientId: process.env.SF_CLIENT_ID,
  clientSecret: process.env.SF_CLIENT_SECRET,
});

await reportProcess(async () => {
  // The instance_url is known only from a token response, so refresh first (as the connector
  // does: one token call each), then open the connection on it.
  const token = await oauth2.refreshToken(process.env.SF_REFRESH_TOKEN);
  const conn = new jsforce.Connection({
    oauth2,
    instanceUrl: token.instance_url,
    accessToken: token.access_token,
    refreshToken: process.env.SF_REFRESH_TOKEN,
    version: '62.0',
  });
  let records = 0;
  const stream = conn.query(args.soql).maxFetch(10_000_000).stream('record');
  for await (const record of stream) {
    if (record.Id) records += 1;
  }
  return { records };
});
