// What the Asana suite's list variants share: the fields they ask for, so every client fetches the
// same records, and argv parsing.
import { asanaDefinition } from '@conduit/asana';

export { readArgs } from './load.mjs';

/**
 * The `opt_fields` the connector sends for `project_tasks.list`, read from its definition so the
 * baselines always ask for the same bytes. (Until 2026-11-26 this was a copy that still asked for
 * `resource_type`, which the connector stopped asking for: the baselines fetched about 14% more.)
 */
export const TASK_LIST_FIELDS =
  asanaDefinition.entities.project_tasks.actions.list.upstream.query.opt_fields.split(',');
