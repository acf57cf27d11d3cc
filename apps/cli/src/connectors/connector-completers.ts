import type { CompletionCandidate, CompletionRequest } from '../framework/command-spec';
import { CONNECTORS } from './connector-catalog';

/** Completes a connector name or alias. */
export function completeConnector(): CompletionCandidate[] {
  return CONNECTORS.flatMap((entry) => [
    { value: entry.name, description: entry.summary },
    ...entry.aliases.map((alias) => ({ value: alias, description: `alias of ${entry.name}` })),
  ]);
}

async function descriptionFor(name: string | undefined) {
  if (name === undefined) return undefined;
  const entry = CONNECTORS.find((candidate) => candidate.name === name || candidate.aliases.includes(name));
  if (!entry) return undefined;
  // Imported here: the specs that use these completers load on every start-up, this only on TAB.
  const { loadConnectorDescription } = await import('./load-connector-description');
  return loadConnectorDescription(entry);
}

/** Completes an entity of the connector named by the first argument. */
export async function completeEntity(request: CompletionRequest): Promise<CompletionCandidate[]> {
  const description = await descriptionFor(request.previousArgs[0]);
  return (description?.entities ?? []).map((entity) => ({
    value: entity.name,
    description: entity.description,
  }));
}

/** Completes an action of the entity named by the second argument. */
export async function completeAction(request: CompletionRequest): Promise<CompletionCandidate[]> {
  const description = await descriptionFor(request.previousArgs[0]);
  const entity = description?.entities.find((candidate) => candidate.name === request.previousArgs[1]);
  return (entity?.actions ?? []).map((action) => ({ value: action.name, description: action.description }));
}

/**
 * Completes `--param` with the params of the action named by the first three arguments, as
 * `name=` so the value follows at once; the description says the type and whether it is required.
 */
export async function completeParam(request: CompletionRequest): Promise<CompletionCandidate[]> {
  const [connector, entityName, actionName] = request.previousArgs;
  const description = await descriptionFor(connector);
  const entity = description?.entities.find((candidate) => candidate.name === entityName);
  const action = entity?.actions.find((candidate) => candidate.name === actionName);
  return (action?.params ?? []).map((param) => ({
    value: `${param.name}=`,
    description: `${param.type}${param.required ? ', required' : ''}${param.description ? `: ${param.description}` : ''}`,
  }));
}
