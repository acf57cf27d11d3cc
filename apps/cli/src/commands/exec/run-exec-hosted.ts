import { ACTION_KINDS, type ActionKind, redactValue, resolveExecuteRequest } from '@conduit/protocol';
import { requireAction } from '../../connectors/require-action';
import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';
import { loadHostedDefinition } from '../../hosted/load-hosted-definition';
import { openHostedClient } from '../../hosted/open-hosted-client';
import { resolveHostedConnector } from '../../hosted/resolve-hosted-connector';
import { describeAction } from '../../introspect/describe-action';
import { buildParams } from './build-params';
import { checkFlagsForAction, runAction } from './run-action';

const LOCAL_ONLY_FLAGS = ['base-url', 'credentials-file', 'credentials-stdin'];

/**
 * Runs `conduit exec --hosted <connector> <entity> <action>`: the same action through the hosted
 * service, on a connector named by id or by type. When the CLI has the type's definition, params
 * are typed and checked by it before anything is sent, exactly as in local mode; otherwise they
 * are sent as given (JSON when a value parses as JSON) and the service checks them.
 */
export async function runHosted(context: CommandContext): Promise<number | undefined> {
  const { flags, output, runtime, signal } = context;
  const [reference, entity, actionName] = context.args as [string, string, string];
  const localOnly = LOCAL_ONLY_FLAGS.find((name) => flags.has(name));
  if (localOnly) {
    throw new UsageError(`--${localOnly} applies to local mode: the hosted service holds the credentials`, {
      code: 'invalid_flag',
    });
  }
  const { client } = await openHostedClient(context);
  const connector = await resolveHostedConnector(client, reference, signal, runtime.connectors);
  const definition = await loadHostedDefinition(connector.connector_type, runtime.connectors);
  const pairs = { pairs: flags.strings('param'), json: flags.string('params-json') };
  const label = `${connector.connector_type} ${entity} ${actionName}`;
  let kind: ActionKind;
  let params: Record<string, unknown>;
  let description: ReturnType<typeof describeAction> | undefined;
  if (definition) {
    const action = requireAction(definition, entity, actionName);
    kind = action.kind;
    checkFlagsForAction(context, kind);
    description = describeAction(actionName, action);
    params = buildParams(description.params, pairs, label);
    resolveExecuteRequest(definition, entity, actionName, params);
  } else {
    if (!(ACTION_KINDS as readonly string[]).includes(actionName)) {
      throw new UsageError(`unknown action "${actionName}"; actions: ${ACTION_KINDS.join(', ')}`, {
        code: 'unsupported_action',
      });
    }
    kind = actionName as ActionKind;
    checkFlagsForAction(context, kind);
    params = buildParams([], pairs, label, { untyped: true });
  }
  output.debugLog(
    `exec ${connector.id} (${connector.connector_type}) ${entity} ${actionName} (hosted) params ${JSON.stringify(redactValue(params))}`,
  );
  await runAction(context, {
    kind,
    description,
    params,
    execute: (extra = {}) =>
      client.execute(connector.id, entity, actionName, { ...params, ...extra }, { signal }),
    commandLine: ['conduit', 'exec', '--hosted', reference, entity, actionName].join(' '),
  });
  return 0;
}
