// The `@conduit/asana/records` entry: every record's zod schema and type (the types are in the
// main entry too), and the fields hosted search indexes, for the callers that validate or index
// records themselves.
export {
  type Attachment,
  type AttachmentCompact,
  AttachmentCompactSchema,
  AttachmentSchema,
  type Project,
  ProjectSchema,
  type ResourceCompact,
  ResourceCompactSchema,
  type Section,
  SectionSchema,
  type Tag,
  TagSchema,
  type Task,
  type TaskCompact,
  TaskCompactSchema,
  TaskSchema,
  type Team,
  TeamSchema,
  type User,
  UserSchema,
  type Workspace,
  WorkspaceSchema,
} from './definition/records';
export {
  SEARCHABLE_ENTITIES,
  SEARCHABLE_FIELDS,
  type SearchableEntity,
} from './definition/searchable-fields';
