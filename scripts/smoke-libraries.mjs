// Exercises the published libraries by name, as a user's program would, against the testkit's
// simulators: the Asana connector in local mode (lists across pages, a get, a streamed download),
// the transport on its own, and the cloud workspace client (connect, deploy, list). Run by
// scripts/check-consumer.mjs in a project that installed the packed tarballs, once with the
// current Node and once with the lowest Node the libraries' `engines` claim.
import { createAsana } from '@conduit/asana';
import { CloudWorkspace } from '@conduit/cloud';
import { HostedClient } from '@conduit/hosted';
import { ConduitError } from '@conduit/protocol';
import { startAsanaSimulator, startCloudSimulator } from '@conduit/testkit';
import { createTransport } from '@conduit/transport';

const checks = [];
const check = (name, ok) => {
  if (!ok) throw new Error(`smoke check failed: ${name}`);
  checks.push(name);
};

const asanaSim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 5 } });
try {
  const asana = createAsana({
    auth: { token: asanaSim.tokens.personalAccessToken },
    baseUrl: asanaSim.baseUrl,
  });
  const workspaces = [];
  for await (const workspace of asana.workspaces.list({ limit: 1 })) workspaces.push(workspace);
  check('asana list across pages', workspaces.length === asanaSim.data.workspaces.length);
  const gid = asanaSim.data.taskGids()[0];
  const task = await asana.tasks.get({ task_gid: gid });
  check('asana get', task.gid === gid);
  const file = asanaSim.data.attachments.find((attachment) => attachment.host === 'asana');
  if (file) {
    const download = await asana.attachments.download({ attachment_gid: file.gid });
    let bytes = 0;
    for await (const chunk of download) bytes += chunk.byteLength;
    check('asana download', bytes === file.size);
  }
  const missing = await asana.tasks.get({ task_gid: '999999999999' }).catch((error) => error);
  check('typed errors', ConduitError.isInstance(missing) && missing.status === 404);

  const transport = createTransport({ baseUrl: asanaSim.baseUrl });
  const me = await transport
    .json({ path: '/users/me', headers: { authorization: `Bearer ${asanaSim.tokens.personalAccessToken}` } })
    .catch((error) => error);
  check('transport', typeof me === 'object' && me !== null && 'data' in me);
} finally {
  await asanaSim.close();
}

const cloudSim = await startCloudSimulator();
try {
  const workspace = new CloudWorkspace({
    workspaceId: cloudSim.workspaceId,
    apiRoot: cloudSim.apiRoot,
    clientId: cloudSim.credentials.clientId,
    clientSecret: cloudSim.credentials.clientSecret,
  });
  await workspace.connect();
  const source = await workspace.deploySource({
    name: 'smoke (delete-me)',
    source: { connectorName: 'source-faker', config: { count: 3 } },
  });
  const sources = await workspace.listSources();
  check(
    'cloud deploy and list',
    sources.some((item) => item.connectorId === source.connectorId),
  );
} finally {
  await cloudSim.close();
}

check(
  'hosted client builds',
  new HostedClient({
    baseUrl: 'http://127.0.0.1:1',
    platformClientId: 'app',
    platformClientSecret: 'secret-0123456789',
    externalUserId: 'user',
  }) instanceof HostedClient,
);

console.log(`smoke on Node ${process.versions.node}: ${checks.length} checks passed`);
