// The `@conduit/asana/deprecated` entry: the names kept for one minor version after they were
// replaced, out of the main entry so it lists only what a new caller needs. Each says what
// replaces it.
export {
  AttachmentListRecord,
  AttachmentRecord,
  CommonListRecord,
  CompactReference,
  ProjectRecord,
  SectionRecord,
  TagRecord,
  TaskListRecord,
  TaskRecord,
  TeamRecord,
  UserRecord,
  WorkspaceRecord,
} from './definition/records';
export {
  type ActionMethod,
  type AsanaAuth,
  type AsanaLocalOptions,
  type ConnectorClient,
  createConnectorClient,
  createLocalExecutor,
  type EntityMethods,
  type ExecuteResult,
} from './deprecated-exports';
