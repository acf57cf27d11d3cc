import { completeConnector } from '../../connectors/connector-completers';
import { EXAMPLE_CONNECTOR } from '../../connectors/connector-help';
import { CONNECTOR_REGISTRY, credentialEnvHelp } from '../../connectors/connector-registry-entry';
import { defineCommand } from '../../framework/command-spec';
import { HOSTED_FLAGS } from '../../hosted/hosted-flags';

/**
 * `conduit mcp`: serve the connectors' entity/actions as MCP tools to an AI agent, over stdio
 * (default) or Streamable HTTP (`--http PORT`), locally or through the hosted service.
 */
export const mcpCommand = defineCommand({
  name: 'mcp',
  summary: 'Serve the connectors as tools to an AI agent (Model Context Protocol)',
  description: [
    'Start a Model Context Protocol server whose tools are the actions of the connectors: one',
    'tool per entity and action, named <definition>_<entity>_<action> after the connector',
    'definition `conduit describe` shows, with its params as arguments. Lists answer one page',
    'and a next_cursor the agent passes back as `cursor`; `fields` keeps only the record fields',
    'named; downloads come back inline up to --download-cap bytes, else as a resource link;',
    'errors are tool results saying which argument to change or when to retry.',
    '',
    'Over stdio (the default) an MCP client starts `conduit mcp` itself: stdout carries the',
    'protocol, messages go to stderr, and the server stops when the client closes stdin.',
    'With --http PORT it serves Streamable HTTP at http://HOST:PORT/mcp instead; every client',
    'must send `Authorization: Bearer <token>`.',
    '',
    'Local mode (default): the connectors run in this process with your upstream credentials,',
    'taken exactly as `conduit exec` takes them: --credentials-file, the environment, or a',
    'profile; <CONNECTOR>_BASE_URL or --base-url is the API root where a connector has no fixed',
    'one (a support desk on its own subdomain) or for a sandbox. In the environment:',
    ...CONNECTOR_REGISTRY.map((entry) => `  ${entry.name} (${entry.kind}): ${credentialEnvHelp(entry)}`),
    'Without --connector every connector with credentials is served. search needs synced data',
    'and is left out. Over HTTP the bearer token is CONDUIT_MCP_TOKEN (or the profile setting',
    'mcp_token), a secret you choose.',
    '',
    'Hosted mode (--hosted): one tool set per connector the end user has in the hosted service,',
    'search over the synced data included. Over stdio the service is reached as `conduit exec',
    '--hosted` reaches it (CONDUIT_BASE_URL, CONDUIT_CLIENT_ID, CONDUIT_CLIENT_SECRET,',
    'CONDUIT_EXTERNAL_USER_ID). Over HTTP each client sends a scoped token of the service as its',
    'bearer, and acts as that token’s user; only CONDUIT_BASE_URL is needed here.',
    '',
    'Over stdio, stdin carries the protocol: --credentials-stdin and --client-secret-stdin',
    'work only with --http.',
    '',
    'To wire it into an MCP client that starts servers over stdio (Claude Desktop:',
    'claude_desktop_config.json; most IDEs have the same entry):',
    '',
    '  {"mcpServers": {"conduit": {"command": "conduit", "args": ["mcp"],',
    `                              "env": {"${EXAMPLE_CONNECTOR.tokenEnv}": "…"}}}}`,
    '',
    'with the variables of each connector you want in "env". In hosted mode:',
    '',
    '  {"mcpServers": {"conduit": {"command": "conduit", "args": ["mcp", "--hosted"],',
    '     "env": {"CONDUIT_BASE_URL": "https://…", "CONDUIT_CLIENT_ID": "…",',
    '             "CONDUIT_CLIENT_SECRET": "…", "CONDUIT_EXTERNAL_USER_ID": "…"}}}}',
    '',
    'An HTTP client (--http) instead gets the URL and an Authorization header; see the README.',
    '',
    'Results carry structuredContent and the same JSON as text. The tool list leaves out each',
    "tool's output schema (the record's JSON Schema) by default and names the record's fields in",
    'the description of `fields` instead: the schemas were over half of the list, and most clients',
    'never show them to a model. --output-schemas full lists them, for clients that generate',
    'typed code from them or check results against them (profile setting mcp_output_schemas).',
    '',
    'Settings: flags win over the environment, which wins over the profile, as everywhere in',
    'conduit. Secrets never go on the command line.',
  ].join('\n'),
  flags: [
    {
      name: 'connector',
      type: 'string',
      valueName: 'NAME',
      description: 'serve only this connector (its name or kind)',
      complete: completeConnector,
    },
    { name: 'hosted', type: 'boolean', description: 'run the tools through the hosted service (see above)' },
    {
      name: 'http',
      type: 'string',
      valueName: 'PORT',
      description: 'serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio (0: any free port)',
    },
    {
      name: 'host',
      type: 'string',
      valueName: 'HOST',
      description: 'with --http: the address to listen on (default 127.0.0.1)',
    },
    {
      name: 'download-cap',
      type: 'string',
      valueName: 'BYTES',
      description: 'largest download returned inline (default 262144); larger ones come back as a link',
    },
    {
      name: 'output-schemas',
      type: 'string',
      valueName: 'full|none',
      description:
        "list each tool's output schema (full) or leave it out (none, the default); env CONDUIT_MCP_OUTPUT_SCHEMAS",
      // @conduit/mcp's OUTPUT_SCHEMAS, written out: importing it here would load the MCP SDK for
      // every command's help and completion.
      complete: ['none', 'full'],
    },
    {
      name: 'base-url',
      type: 'string',
      valueName: 'URL',
      description: `local mode: upstream API root, e.g. a simulator (overrides env ${EXAMPLE_CONNECTOR.baseUrlEnv})`,
    },
    {
      name: 'credentials-file',
      type: 'string',
      valueName: 'PATH',
      description: 'local mode: read upstream credentials (JSON) from a file',
      complete: 'files',
    },
    {
      name: 'credentials-stdin',
      type: 'boolean',
      description: 'local mode, with --http: read upstream credentials (JSON) from stdin',
    },
    ...HOSTED_FLAGS,
  ],
  examples: [
    {
      command: `${EXAMPLE_CONNECTOR.tokenEnv}=… conduit mcp`,
      description: 'stdio, local mode: what an MCP client config starts (see the README)',
    },
    {
      command: `conduit mcp --connector ${EXAMPLE_CONNECTOR.kind} --base-url http://127.0.0.1:4010/api`,
      description: 'against a local simulator',
    },
    {
      command: 'conduit mcp --hosted',
      description: 'stdio, every connector of CONDUIT_EXTERNAL_USER_ID in the hosted service',
    },
    {
      command: 'CONDUIT_BASE_URL=https://conduit.example.com conduit mcp --hosted --http 27017',
      description: 'Streamable HTTP at /mcp; clients send a scoped token as their bearer',
    },
    {
      command: 'CONDUIT_MCP_TOKEN=$(openssl rand -hex 24) conduit mcp --http 27017',
      description: 'Streamable HTTP in local mode, behind a token you choose',
    },
  ],
  load: () => import('./run-mcp'),
});
