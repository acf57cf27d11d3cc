import { CONNECTORS, requireConnector } from '../../connectors/connector-catalog';
import { loadConnectorDescription } from '../../connectors/load-connector-description';
import type { CommandContext } from '../../framework/command-context';
import { didYouMean } from '../../framework/suggest';
import { UsageError } from '../../framework/usage-error';
import type { ConnectorDescription, EntityDescription } from '../../introspect/describe-connector';
import { formatTable } from '../../output/table';
import { renderEntity } from './render-entity';

function requireEntity(description: ConnectorDescription, name: string): EntityDescription {
  const entity = description.entities.find((candidate) => candidate.name === name);
  if (entity) return entity;
  const known = description.entities.map((candidate) => candidate.name);
  throw new UsageError(`unknown entity "${name}" of ${description.display_name}`, {
    code: 'unknown_entity',
    hint: didYouMean(name, known) ?? `run conduit describe ${description.name} to see its entities`,
  });
}

/** Runs `conduit describe`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const [connectorName, entityName, actionName] = context.args as [
    string,
    string | undefined,
    string | undefined,
  ];
  const { output } = context;
  const entry = requireConnector(connectorName, context.runtime.connectors ?? CONNECTORS);
  const description = await loadConnectorDescription(entry);

  if (entityName === undefined) {
    if (output.json) {
      await output.printJson(description);
      return 0;
    }
    const actionCount = description.entities.reduce((sum, entity) => sum + entity.actions.length, 0);
    const aliases = description.aliases.length > 0 ? `, alias ${description.aliases.join(', ')}` : '';
    await output.print(
      `${output.style.bold(description.display_name)} (${description.name}${aliases}): ${description.entities.length} entities, ${actionCount} actions\n`,
    );
    await output.write(
      formatTable(
        [{ header: 'ENTITY' }, { header: 'ACTIONS' }, { header: 'DESCRIPTION' }],
        description.entities.map((entity) => [
          entity.name,
          entity.actions.map((action) => action.name).join(', '),
          entity.description,
        ]),
        { style: output.style },
      ),
    );
    output.note(
      output.errorStyle.dim(
        `\nrun conduit describe ${description.name} <entity> for params and record fields`,
      ),
    );
    return 0;
  }

  const entity = requireEntity(description, entityName);
  if (actionName !== undefined) {
    const action = entity.actions.find((candidate) => candidate.name === actionName);
    if (!action) {
      const offered = entity.actions.map((candidate) => candidate.name);
      throw new UsageError(
        `${description.name} ${entity.name} has no action "${actionName}" (actions: ${offered.join(', ')})`,
        {
          code: 'unsupported_action',
          ...(didYouMean(actionName, offered) ? { hint: didYouMean(actionName, offered)! } : {}),
        },
      );
    }
    if (output.json) {
      await output.printJson({ connector: description.name, entity: entity.name, ...action });
      return 0;
    }
  }
  if (output.json) {
    await output.printJson({ connector: description.name, ...entity });
    return 0;
  }
  await output.write(renderEntity(description.name, entity, output.style, actionName));
  return 0;
}
