/**
 * Fills a path template from params and returns the params left over for the query string.
 *
 * @example
 * ```ts
 * fillPath('/tasks/{task_gid}', { task_gid: '1', limit: 5 }); // { path: '/tasks/1', rest: { limit: 5 } }
 * ```
 */
export function fillPath(
  template: string,
  params: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  const { parts, names } = compileTemplate(template);
  let path = parts[0] as string;
  for (let index = 0; index < names.length; index += 1) {
    path += encodeURIComponent(String(params[names[index] as string])) + (parts[index + 1] as string);
  }
  const rest: Record<string, unknown> = {};
  for (const key in params) if (!names.includes(key)) rest[key] = params[key];
  return { path, rest };
}

// Templates are a fixed set; splitting each once keeps the per-request work to string joins.
const compiledTemplates = new Map<string, { parts: string[]; names: string[] }>();

function compileTemplate(template: string): { parts: string[]; names: string[] } {
  let compiled = compiledTemplates.get(template);
  if (compiled === undefined) {
    const pieces = template.split(/\{(\w+)\}/);
    compiled = {
      parts: pieces.filter((_, index) => index % 2 === 0),
      names: pieces.filter((_, index) => index % 2 === 1),
    };
    compiledTemplates.set(template, compiled);
  }
  return compiled;
}
