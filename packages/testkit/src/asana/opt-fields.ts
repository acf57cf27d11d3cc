import type { JsonRecord } from './record-context';

/** A parsed `opt_fields` value: each requested field and the sub-fields asked of it. */
export type FieldTree = Map<string, FieldTree>;

/** Expands `(a|b)` groups, innermost first: `this.(followers|assignee).email` gives two paths. */
function expandGroups(path: string): string[] {
  const open = path.lastIndexOf('(');
  if (open < 0) return [path];
  const close = path.indexOf(')', open);
  if (close < 0) return [path];
  const head = path.slice(0, open);
  const tail = path.slice(close + 1);
  return path
    .slice(open + 1, close)
    .split('|')
    .flatMap((choice) => expandGroups(`${head}${choice.trim()}${tail}`));
}

/**
 * Parses every `opt_fields` value of a query: comma-separated (the spec's form) and repeated keys
 * (what node-asana sends for arrays) both work, as do dotted paths, `this.` prefixes and `(a|b)`
 * groups. Returns undefined when the parameter is absent, so callers use the default shape.
 *
 * @example
 * ```ts
 * parseOptFields(new URLSearchParams('opt_fields=name,assignee.(name|email)'));
 * // Map { name => Map{}, assignee => Map { name => Map{}, email => Map{} } }
 * ```
 */
export function parseOptFields(query: URLSearchParams): FieldTree | undefined {
  const values = query.getAll('opt_fields');
  if (values.length === 0) return undefined;
  const tree: FieldTree = new Map();
  for (const raw of values.flatMap((value) => splitTopLevel(value))) {
    for (const path of expandGroups(raw.trim())) {
      const segments = path
        .split('.')
        .map((segment) => segment.trim())
        .filter((segment) => segment !== '');
      if (segments[0] === 'this') segments.shift();
      let node = tree;
      for (const segment of segments) {
        let child = node.get(segment);
        if (child === undefined) {
          child = new Map();
          node.set(segment, child);
        }
        node = child;
      }
    }
  }
  return tree;
}

/** Splits on commas that are not inside a `( … )` group. */
function splitTopLevel(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of value) {
    if (char === '(') depth += 1;
    if (char === ')') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.filter((part) => part.trim() !== '');
}

/** Turns a compact reference into the full record it names, so `assignee.email` can be answered. */
export type ResolveReference = (reference: JsonRecord) => JsonRecord | undefined;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isReference(value: JsonRecord): boolean {
  return typeof value.gid === 'string' && typeof value.resource_type === 'string';
}

/**
 * A nested value nobody asked sub-fields of: a resource collapses to `{gid, resource_type}` (how the
 * API answers `opt_fields=assignee`), plain objects keep their fields, recursively.
 */
function bare(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(bare);
  if (!isRecord(value)) return value;
  if (isReference(value)) return { gid: value.gid, resource_type: value.resource_type };
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, bare(inner)]));
}

/**
 * One requested value in the shape `opt_fields` asks for: with no sub-fields a bare value (see
 * `bare`), else the projection of each record in it.
 */
export function shapeValue(value: unknown, tree: FieldTree, resolve: ResolveReference): unknown {
  if (Array.isArray(value)) return value.map((item) => shapeValue(item, tree, resolve));
  if (!isRecord(value)) return value;
  if (tree.size === 0) return bare(value);
  return projectRecord(value, tree, resolve);
}

/**
 * Keeps exactly the requested fields of a record, plus `gid` wherever the object has one. A field
 * the record lacks is looked up on the full record its reference names (`parent.created_by`,
 * `assignee.email`); fields that exist nowhere are left out, as unknown fields are.
 *
 * @example
 * ```ts
 * projectRecord(fullTask, parseOptFields(query)!, resolve); // { gid, name, assignee: { gid, email } }
 * ```
 */
export function projectRecord(record: JsonRecord, tree: FieldTree, resolve: ResolveReference): JsonRecord {
  const out: JsonRecord = {};
  if (record.gid !== undefined) out.gid = record.gid;
  let source = record;
  let resolved = false;
  for (const [field, subtree] of tree) {
    if (field === 'gid') continue;
    if (!(field in source) && !resolved && isReference(record)) {
      resolved = true;
      source = resolve(record) ?? record;
    }
    if (!(field in source)) continue;
    out[field] = shapeValue(source[field], subtree, resolve);
  }
  return out;
}
