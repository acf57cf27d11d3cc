export {
  type ActionMethod,
  type ConnectorClient,
  createConnectorClient,
  type EntityMethods,
  type ExecuteResult,
} from '@conduit/connector-kit';
export { type Asana, type AsanaOptions, createAsana } from './asana';
export { mapAsanaError, PremiumRequiredError } from './asana-errors';
export { type AsanaDefinition, asanaDefinition } from './definition/definition';
export * from './definition/records';
export {
  SEARCHABLE_ENTITIES,
  SEARCHABLE_FIELDS,
  type SearchableEntity,
} from './definition/searchable-fields';
export { type AsanaHostedOptions, createAsanaHostedExecutor } from './hosted-executor';
export {
  ASANA_API_URL,
  ASANA_RATE_LIMIT,
  type AsanaAuth,
  type AsanaLocalOptions,
  type AsanaTokens,
  createLocalExecutor,
} from './local-executor';
export { VERSION } from './version';
