/**
 * The name of the tool for one entity/action of a connector: `<prefix>_<entity>_<action>`, in
 * the characters every MCP client and model API accepts (letters, digits, `_`, `-`).
 *
 * @example
 * ```ts
 * toolName('asana', 'tasks', 'list'); // 'asana_tasks_list'
 * ```
 */
export function toolName(prefix: string, entity: string, action: string): string {
  return `${prefix}_${entity}_${action}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
}
