import type { ActionDescription } from '../../introspect/describe-action';

function placeholder(name: string, type: string): string {
  if (/(_gid|^project|^section|^workspace|^team|^parent|^organization)$/.test(name)) return '<gid>';
  if (type === 'integer' || type === 'number') return '<n>';
  if (type === 'boolean') return 'true';
  return `<${name}>`;
}

/**
 * A `conduit exec` line that satisfies an action's required params and rules, with placeholders
 * for the values: the quickest way from `describe` to a first call.
 *
 * @example
 * ```ts
 * exampleInvocation('example', 'tasks', tasksGet); // 'conduit exec example tasks get -p task_gid=<gid>'
 * ```
 */
export function exampleInvocation(connector: string, entity: string, action: ActionDescription): string {
  const names: string[] = action.params.filter((param) => param.required).map((param) => param.name);
  for (const rule of action.rules) {
    const chosen = rule.groups?.[0] ?? rule.params.slice(0, 1);
    for (const name of chosen) if (!names.includes(name)) names.push(name);
  }
  const words = ['conduit', 'exec', connector, entity, action.name];
  for (const name of names) {
    const param = action.params.find((candidate) => candidate.name === name);
    if (param?.json_types.includes('object') || param?.json_types.includes('array')) {
      words.push(`-p '${name}=<json>'`);
    } else {
      words.push(`-p ${name}=${placeholder(name, param?.type ?? 'string')}`);
    }
  }
  if (action.name === 'download') words.push('-o <file>');
  return words.join(' ');
}
