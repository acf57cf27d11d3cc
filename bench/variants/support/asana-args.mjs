// What the Asana suite's list variants share: the fields they ask for, so every client fetches the
// same records (the connector's own `project_tasks` field list), and argv parsing.
export { readArgs } from './load.mjs';

/** The `opt_fields` the connector sends for `project_tasks.list`; the baselines send the same. */
export const TASK_LIST_FIELDS = ['name', 'resource_type', 'resource_subtype', 'created_by'];
