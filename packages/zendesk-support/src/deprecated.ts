// The `@conduit/zendesk-support/deprecated` entry: the names kept for one minor version after they
// were replaced, out of the main entry so it lists only what a new caller needs.

/** The client and its types, which moved to @conduit/connector-kit: import them from there. */
export {
  type ActionMethod,
  type ConnectorClient,
  createConnectorClient,
  type EntityMethods,
  type ExecuteResult,
} from '@conduit/connector-kit';
/** The schema names before 0.2 (`TicketRecord` is `TicketSchema` now; the types kept their names). */
export {
  AttachmentRecord,
  AuditRecord,
  BrandRecord,
  CommentRecord,
  GroupMembershipRecord,
  GroupRecord,
  MacroRecord,
  OrganizationMembershipRecord,
  OrganizationRecord,
  SatisfactionRatingRecord,
  SlaPolicyRecord,
  TagRecord,
  TicketFieldRecord,
  TicketFormRecord,
  TicketMetricRecord,
  TicketRecord,
  UserRecord,
  ViewRecord,
} from './definition/records';
