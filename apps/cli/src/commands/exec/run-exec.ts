import { ConduitError, redactUrl, redactValue, validateActionParams } from '@conduit/protocol';
import { CONNECTORS, requireConnector } from '../../connectors/connector-catalog';
import { openLocalExecutor } from '../../connectors/open-local-executor';
import { requireAction } from '../../connectors/require-action';
import { CliError } from '../../framework/cli-error';
import type { CommandContext } from '../../framework/command-context';
import { EXIT_CODES } from '../../framework/exit-codes';
import { UsageError } from '../../framework/usage-error';
import { describeAction } from '../../introspect/describe-action';
import { buildParams } from './build-params';
import { checkFlagsForAction, runAction } from './run-action';

const HOSTED_ONLY_FLAGS = [
  'service-url',
  'client-id',
  'external-user-id',
  'client-secret-file',
  'client-secret-stdin',
];

/** Runs `conduit exec`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { flags, output, runtime, signal } = context;
  if (flags.boolean('hosted')) return (await import('./run-exec-hosted')).runHosted(context);
  const hostedOnly = HOSTED_ONLY_FLAGS.find((name) => flags.has(name));
  if (hostedOnly) {
    throw new UsageError(`--${hostedOnly} applies to hosted mode (--hosted)`, { code: 'invalid_flag' });
  }
  const [connectorName, entity, actionName] = context.args as [string, string, string];
  const entry = requireConnector(connectorName, runtime.connectors ?? CONNECTORS);
  const connector = await entry.loadLocal();
  const action = requireAction(connector.definition, entity, actionName);
  checkFlagsForAction(context, action.kind);
  const description = describeAction(actionName, action);
  const params = buildParams(
    description.params,
    { pairs: flags.strings('param'), json: flags.string('params-json') },
    `${entry.name} ${entity} ${actionName}`,
  );
  // Checked against the definition before the credentials are looked for, as the executor checks
  // them: a mistake in the params is reported (exit 5) without a token having to be set first.
  validateActionParams(action, params);

  const { executor, baseUrl } = await openLocalExecutor(context, connector);
  output.debugLog(
    `exec ${entry.name} ${entity} ${actionName} (local, ${redactUrl(baseUrl)}) params ${JSON.stringify(redactValue(params))}`,
  );
  const execute = (extra: Record<string, unknown> = {}) =>
    executor.execute({ entity, action: actionName, params: { ...params, ...extra } }, { signal });
  try {
    await runAction(context, {
      kind: action.kind,
      description,
      params,
      execute,
      commandLine: ['conduit', 'exec', entry.name, entity, actionName].join(' '),
    });
  } catch (error) {
    throw onTheCommandLine(error, `${entry.name} ${entity} ${actionName}`);
  }
  return 0;
}

/**
 * A library's "hosted only" refusal speaks of constructor options (`externalUserId`, …); on the
 * command line the way out is `--hosted`.
 */
function onTheCommandLine(error: unknown, label: string): unknown {
  if (!ConduitError.isInstance(error) || error.code !== 'hosted_only') return error;
  return new CliError(
    `${label} runs over the data the hosted service has synced, so it exists only in hosted mode`,
    {
      code: 'hosted_only',
      exitCode: EXIT_CODES.validation,
      hint: `add --hosted: conduit exec --hosted ${label} … (see conduit exec --help for the hosted settings)`,
      cause: error,
    },
  );
}
