import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
const spec = parse(readFileSync('/work/shared/specs/asana/asana_oas.yaml','utf8'));
const paths = ['/tasks','/tasks/{task_gid}','/tasks/{task_gid}/subtasks','/tasks/{task_gid}/dependencies','/tasks/{task_gid}/dependents','/tasks/{task_gid}/projects','/projects','/projects/{project_gid}','/projects/{project_gid}/tasks','/projects/{project_gid}/sections','/sections/{section_gid}','/sections/{section_gid}/tasks','/teams/{team_gid}','/teams/{team_gid}/projects','/teams/{team_gid}/users','/workspaces','/workspaces/{workspace_gid}','/workspaces/{workspace_gid}/projects','/workspaces/{workspace_gid}/users','/workspaces/{workspace_gid}/teams','/workspaces/{workspace_gid}/tags','/workspaces/{workspace_gid}/tasks/search','/users','/users/{user_gid}','/users/{user_gid}/teams','/tags/{tag_gid}','/tags/{tag_gid}/tasks','/attachments','/attachments/{attachment_gid}'];
for (const p of paths) {
  const item = spec.paths[p];
  if (!item) { console.log('MISSING', p); continue; }
  const op = item.get;
  const params = [...(item.parameters||[]), ...(op.parameters||[])].map(x => x.$ref ? x.$ref.split('/').pop() : x.name);
  const res = Object.fromEntries(Object.entries(op.responses).map(([k,v]) => [k, v.$ref ? v.$ref.split('/').pop() : JSON.stringify(v.content?.['application/json']?.schema)]));
  console.log(p, op.operationId, '\n  params:', params.join(','), '\n  res:', JSON.stringify(res));
}
console.log(JSON.stringify(spec.components.responses.BadRequest), JSON.stringify(spec.components.responses.GatewayTimeout));
console.log(Object.keys(spec.components.responses));
console.log(JSON.stringify(spec.components.parameters.limit), JSON.stringify(spec.components.parameters.offset));
