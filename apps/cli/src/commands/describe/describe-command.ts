import { completeAction, completeConnector, completeEntity } from '../../connectors/connector-completers';
import { CONNECTOR_NAMES_HELP, EXAMPLE_CONNECTOR } from '../../connectors/connector-help';
import { defineCommand } from '../../framework/command-spec';

/** `conduit describe <connector> [entity] [action]`: what a connector offers, from its definition. */
export const describeCommand = defineCommand({
  name: 'describe',
  summary: "Show a connector's entities, actions, params and record fields",
  description: [
    'Show what a connector offers, derived from its definition: without an entity, every entity',
    'and its actions; with one, each action with its params (type, required, limits), the rules',
    'across params, and the fields of the records it returns. --json prints the full description,',
    'JSON Schemas included.',
  ].join('\n'),
  args: [
    {
      name: 'connector',
      description: `connector name or alias: ${CONNECTOR_NAMES_HELP}`,
      required: true,
      complete: completeConnector,
    },
    { name: 'entity', description: 'an entity, to see its actions in full', complete: completeEntity },
    { name: 'action', description: 'one action of the entity', complete: completeAction },
  ],
  examples: [
    {
      command: `conduit describe ${EXAMPLE_CONNECTOR.kind}`,
      description: `the entities of the ${EXAMPLE_CONNECTOR.kind} connector and their actions`,
    },
    {
      command: `conduit describe ${EXAMPLE_CONNECTOR.kind} tasks`,
      description: 'params, rules and record fields of every tasks action',
    },
    { command: `conduit describe ${EXAMPLE_CONNECTOR.kind} attachments download`, description: 'one action' },
    {
      command: `conduit describe ${EXAMPLE_CONNECTOR.kind} --json | jq '.entities[].name'`,
      description: 'the whole description as JSON',
    },
  ],
  load: () => import('./run-describe'),
});
