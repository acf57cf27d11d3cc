import {
  DEFAULT_DOWNLOAD_CAP,
  hostedConnectors,
  hostedTokenAuthenticator,
  type McpAuthenticator,
  type McpConnector,
  OUTPUT_SCHEMAS,
  type OutputSchemas,
  parseOutputSchemas,
  serveHttp,
  serveStdio,
  staticTokenAuthenticator,
} from '@conduit/mcp';
import { checkHttpUrl } from '../../config/check-http-url';
import { settingFromFlag } from '../../config/setting-from-flag';
import { describeSource } from '../../config/settings-resolver';
import { CONNECTORS, type ConnectorEntry, requireConnector } from '../../connectors/connector-catalog';
import { openLocalExecutor } from '../../connectors/open-local-executor';
import { CliError } from '../../framework/cli-error';
import type { CommandContext } from '../../framework/command-context';
import { EXIT_CODES } from '../../framework/exit-codes';
import { UsageError } from '../../framework/usage-error';
import { openHostedClient } from '../../hosted/open-hosted-client';
import { VERSION } from '../../version';

const LOCAL_ONLY_FLAGS = ['base-url', 'credentials-file', 'credentials-stdin'];
const HOSTED_ONLY_FLAGS = [
  'service-url',
  'client-id',
  'external-user-id',
  'client-secret-file',
  'client-secret-stdin',
];
/** Over HTTP in hosted mode the token names the user: the application's identity is not used. */
const HOSTED_STDIO_ONLY_FLAGS = [
  'client-id',
  'external-user-id',
  'client-secret-file',
  'client-secret-stdin',
];
/** Over stdio, stdin carries the protocol. */
const STDIN_FLAGS = ['credentials-stdin', 'client-secret-stdin'];

function parseInteger(flag: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > max) {
    throw new UsageError(`--${flag} needs an integer from 0 to ${max}, got "${value}"`, {
      code: 'invalid_flag',
    });
  }
  return Number(value);
}

function refuseFlags(context: CommandContext, names: readonly string[], why: string): void {
  const given = names.find((name) => context.flags.has(name));
  if (given) throw new UsageError(`--${given} ${why}`, { code: 'invalid_flag' });
}

/** `--output-schemas`, else the environment, else the profile, else the server's default. */
async function outputSchemasOf(context: CommandContext): Promise<OutputSchemas | undefined> {
  const setting = settingFromFlag(context, await context.settings(), 'mcp_output_schemas', 'output-schemas');
  if (setting.value === undefined) return undefined;
  const value = parseOutputSchemas(setting.value);
  if (value === undefined) {
    const source = setting.source ? describeSource(setting.source) : '--output-schemas';
    throw new UsageError(`${source} must be ${OUTPUT_SCHEMAS.join(' or ')}, got "${setting.value}"`, {
      code: 'invalid_flag',
    });
  }
  return value;
}

/** Local mode: every selected connector whose credentials are there (all of them when one is named). */
async function localConnectors(
  context: CommandContext,
  entries: readonly ConnectorEntry[],
  named: boolean,
): Promise<McpConnector[]> {
  const connectors: McpConnector[] = [];
  // Nothing to serve: the first connector's missing credentials are named (the registry's order).
  let firstMissing: unknown;
  for (const entry of entries) {
    const local = await entry.loadLocal();
    try {
      const { executor } = await openLocalExecutor(context, local);
      connectors.push({ definition: local.definition, executor });
    } catch (error) {
      if (named || !(error instanceof CliError) || error.code !== 'missing_credentials') throw error;
      firstMissing ??= error;
      context.output.debugLog(`mcp: ${entry.name} left out: ${error.message}`);
    }
  }
  if (connectors.length === 0) throw firstMissing;
  return connectors;
}

function noConnectors(only: string | undefined): CliError {
  return new CliError(
    `the end user has no ${only ?? 'connector'} connector in the hosted service that this CLI knows`,
    {
      code: 'no_connectors',
      exitCode: EXIT_CODES.notFound,
      hint: 'create one first: conduit connectors create <kind> --help',
    },
  );
}

/** Runs `conduit mcp`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { flags, output, runtime, signal } = context;
  const port = parseInteger('http', flags.string('http'), 65_535);
  const downloadCap =
    parseInteger('download-cap', flags.string('download-cap'), 2 ** 31) ?? DEFAULT_DOWNLOAD_CAP;
  const hosted = flags.boolean('hosted');
  if (port === undefined) {
    refuseFlags(context, ['host'], 'applies to --http');
    refuseFlags(context, STDIN_FLAGS, 'needs --http: over stdio, stdin carries the protocol');
  }
  if (hosted)
    refuseFlags(context, LOCAL_ONLY_FLAGS, 'applies to local mode: the hosted service holds the credentials');
  else refuseFlags(context, HOSTED_ONLY_FLAGS, 'applies to hosted mode (--hosted)');
  if (hosted && port !== undefined) {
    refuseFlags(
      context,
      HOSTED_STDIO_ONLY_FLAGS,
      'is not used over --http: each client’s scoped token names its user',
    );
  }

  const catalog = runtime.connectors ?? CONNECTORS;
  const named = flags.string('connector');
  const entries = named === undefined ? catalog : [requireConnector(named, catalog)];
  const only = named === undefined ? undefined : entries[0]!.name;
  const outputSchemas = await outputSchemasOf(context);
  const serverOptions = {
    downloadCap,
    name: 'conduit',
    ...(outputSchemas === undefined ? {} : { outputSchemas }),
  };

  let connectors: McpConnector[] | undefined;
  let authenticate: McpAuthenticator | undefined;
  if (hosted) {
    const definitions = await Promise.all(entries.map((entry) => entry.loadDefinition()));
    if (port === undefined) {
      const { client } = await openHostedClient(context);
      connectors = await hostedConnectors(
        { client, source: definitions, ...(only ? { only } : {}) },
        { signal },
      );
      if (connectors.length === 0) throw noConnectors(only);
    } else {
      const settings = await context.settings();
      const setting = settingFromFlag(context, settings, 'hosted_base_url', 'service-url');
      const baseUrl =
        setting.value === undefined
          ? undefined
          : checkHttpUrl(setting.value, setting.source ? describeSource(setting.source) : '--service-url');
      authenticate = hostedTokenAuthenticator({
        ...serverOptions,
        hosted: {
          ...(baseUrl === undefined ? {} : { baseUrl }),
          userAgent: `conduit-cli/${VERSION}`,
          ...(runtime.fetch === undefined ? {} : { fetch: runtime.fetch }),
        },
        source: definitions,
        ...(only ? { only } : {}),
      });
    }
  } else {
    connectors = await localConnectors(context, entries, named !== undefined);
    if (port !== undefined) {
      const token = (await context.settings()).get('mcp_token').value;
      if (token === undefined || token === '') {
        throw new CliError(
          'serving MCP over HTTP in local mode needs a bearer token: set CONDUIT_MCP_TOKEN',
          {
            code: 'missing_mcp_token',
            exitCode: EXIT_CODES.auth,
            hint: 'choose a long random secret (openssl rand -hex 24) and give it to the MCP client as its bearer token',
          },
        );
      }
      output.addSecret(token);
      authenticate = staticTokenAuthenticator(token, { ...serverOptions, connectors });
    }
  }

  const stopped = new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  if (port !== undefined && authenticate !== undefined) {
    const served = await serveHttp({ port, host: flags.string('host') ?? '127.0.0.1', authenticate }).catch(
      (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        throw new CliError(`the address is in use: ${(error as Error).message}`, {
          code: 'address_in_use',
          exitCode: EXIT_CODES.usage,
          hint: 'pick another --http port, or 0 for a free one',
          cause: error,
        });
      },
    );
    if (output.json) await output.printJsonLine({ url: served.url, mode: hosted ? 'hosted' : 'local' });
    else await output.print(`MCP server (${hosted ? 'hosted' : 'local'} mode) listening on ${served.url}`);
    await stopped;
    await served.close();
    return 0;
  }
  const served = await serveStdio({
    ...serverOptions,
    connectors: connectors ?? [],
    stdin: runtime.stdin,
    stdout: runtime.stdout,
  });
  const names = (connectors ?? []).map((connector) => connector.prefix ?? connector.definition.name);
  output.note(`conduit mcp: serving ${names.join(', ')} (${hosted ? 'hosted' : 'local'} mode) over stdio`);
  await Promise.race([served.closed, stopped]);
  await served.close();
  return 0;
}
