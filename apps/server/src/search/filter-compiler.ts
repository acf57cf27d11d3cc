import type {
  SearchCompareNode,
  SearchFieldTarget,
  SearchFilter,
  SearchInNode,
  SearchScalar,
  SearchTextNode,
} from '@conduit/protocol';
import type { CollectionLayout } from './collection-layout';
import { lengthKey, recordIdKey } from './indexed-document';
import { likePatternOf } from './like-pattern';
import type { LateralJoins, SearchDialect } from './search-dialect';
import { storableText } from './sql-literals';
import type { SqlParams } from './sql-params';
import type { TextPlan } from './text-plans';

/** A compiled filter: a two-valued predicate over `r`, and the score expression of its text conditions. */
export interface CompiledFilter {
  readonly predicate: string;
  /** The sum of the `keyword`/`fuzzy` conditions' scores; null when the filter has none (score 1). */
  readonly score: string | null;
}

/** What compiling one query needs. */
export interface FilterContext {
  readonly dialect: SearchDialect;
  readonly layout: CollectionLayout;
  readonly plans: ReadonlyMap<SearchTextNode, TextPlan>;
  readonly params: SqlParams;
  readonly laterals: LateralJoins;
}

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

function isTopLevelScalar(target: SearchFieldTarget): boolean {
  return target.path.length === 1 && SCALAR_TYPES.has(target.fieldType);
}

/**
 * Compiles a parsed filter into SQL over the records table (alias `r`), following contract §4:
 * `eq`/`neq` exact (`eq: null` matching null or missing; on arrays, any element), order
 * comparisons on numbers and strings, `in`, `like`, `keyword` (BM25) and `fuzzy`, combined with
 * `and`, `or` and `not` to any depth. Typed columns serve the paths they copy; every value is a
 * bound parameter.
 *
 * @example
 * ```ts
 * const { predicate, score } = compileFilter(parsed.filter, { dialect, layout, plans, params, laterals: { joins: [] } });
 * const sql = `SELECT r.record_id FROM search_records r WHERE r.collection_id = $1 AND ${predicate}`;
 * ```
 */
export function compileFilter(filter: SearchFilter | null, context: FilterContext): CompiledFilter {
  const scores: string[] = [];
  const predicate = filter === null ? context.dialect.trueSql : compileNode(filter, context, scores);
  return { predicate, score: scores.length === 0 ? null : `(${scores.join(' + ')})` };
}

function compileNode(node: SearchFilter, context: FilterContext, scores: string[]): string {
  switch (node.kind) {
    case 'and':
      return `(${node.conditions.map((inner) => compileNode(inner, context, scores)).join(' AND ')})`;
    case 'or':
      return `(${node.conditions.map((inner) => compileNode(inner, context, scores)).join(' OR ')})`;
    case 'not':
      return `(NOT ${compileNode(node.condition, context, scores)})`;
    case 'compare':
      return compileCompare(node, context);
    case 'in':
      return compileIn(node, context);
    case 'text':
      return compileText(node, context, scores);
  }
}

function present(target: SearchFieldTarget, context: FilterContext): string {
  const column = context.layout.hotColumnFor(target.path);
  if (column) return `(r.${column.column} IS NOT NULL)`;
  if (target.path.length === 1 && target.fieldType !== 'array') {
    return context.dialect.fieldPresent(target.field, context.params);
  }
  return context.dialect.pathPresent(target, context.params);
}

function equals(target: SearchFieldTarget, value: SearchScalar, context: FilterContext): string {
  const column = context.layout.hotColumnFor(target.path);
  if (column) return context.dialect.hotCompare(column, 'eq', value, context.params);
  if (isTopLevelScalar(target)) return fieldIn(target.field, [value], context);
  return context.dialect.pathCompare(target, 'eq', value, context.params);
}

/**
 * A top-level scalar field equal to one of `values` (non-null, at least one). On the field records
 * are stored under, the values a record id can be made of are looked up in the table's key first;
 * the value itself is still compared, so types match exactly as elsewhere (`"5"` never finds the
 * record whose integer `id` is 5, although both are stored under the key `5`).
 */
function fieldIn(field: string, values: readonly SearchScalar[], context: FilterContext): string {
  const { dialect, params } = context;
  if (field !== context.layout.recordIdField) return dialect.fieldIn(field, values, params);
  const keyed: SearchScalar[] = [];
  const rest: SearchScalar[] = [];
  for (const value of values) {
    // A record's key keeps a U+0000 its data has replaced: such values take the scan.
    const key = recordIdKey(value);
    (key !== undefined && !storableText(key).includes('\uFFFD') ? keyed : rest).push(value);
  }
  const parts: string[] = [];
  if (keyed.length > 0) {
    const ids = [...new Set(keyed.map((value) => recordIdKey(value)!))];
    parts.push(`(${dialect.recordIdIn(ids, params)} AND ${dialect.fieldIn(field, keyed, params)})`);
  }
  if (rest.length > 0) parts.push(dialect.fieldIn(field, rest, params));
  return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
}

function compileCompare(node: SearchCompareNode, context: FilterContext): string {
  const { dialect, params } = context;
  if (node.op === 'eq' || node.op === 'neq') {
    const holds = node.value === null ? `(NOT ${present(node, context)})` : equals(node, node.value, context);
    return node.op === 'eq' ? holds : `(NOT ${holds})`;
  }
  const column = context.layout.hotColumnFor(node.path);
  if (column) return dialect.hotCompare(column, node.op, node.value, params);
  if (isTopLevelScalar(node)) return dialect.fieldCompare(node.field, node.op, node.value, params);
  return dialect.pathCompare(node, node.op, node.value, params);
}

function compileIn(node: SearchInNode, context: FilterContext): string {
  const values = node.values.filter((value) => value !== null);
  const parts: string[] = [];
  if (values.length > 0) {
    const column = context.layout.hotColumnFor(node.path);
    if (column) {
      const typed = values.filter((value) => typeof value === column.type);
      if (typed.length > 0) {
        parts.push(
          `(r.${column.column} IS NOT NULL AND r.${column.column} IN (${context.params.list(typed)}))`,
        );
      }
    } else if (isTopLevelScalar(node)) {
      parts.push(fieldIn(node.field, values, context));
    } else {
      parts.push(context.dialect.pathIn(node, values, context.params));
    }
  }
  if (values.length < node.values.length) parts.push(`(NOT ${present(node, context)})`);
  return parts.length === 0 ? context.dialect.falseSql : `(${parts.join(' OR ')})`;
}

function compileText(node: SearchTextNode, context: FilterContext, scores: string[]): string {
  const { dialect, params } = context;
  if (node.op === 'like') {
    return dialect.like(node, context.layout.hotColumnFor(node.path), likePatternOf(node.value), params);
  }
  const plan = context.plans.get(node);
  if (!plan) throw new Error('a text condition was compiled without its plan');
  switch (plan.kind) {
    case 'nothing':
      // Still a text condition: the query ranks by relevance, and this one contributes none.
      scores.push('0');
      return dialect.falseSql;
    case 'indexed-keyword': {
      const length = dialect.termFrequency(lengthKey(plan.field), params);
      const k = dialect.real(plan.bm25.k, params);
      const lengthFactor = dialect.real(plan.bm25.lengthFactor, params);
      const terms = plan.keys.map((key, index) => {
        const tf = dialect.termFrequency(key, params);
        return `${dialect.real(plan.bm25.weights[index]!, params)} * ${tf} / (${tf} + ${k} + ${lengthFactor} * ${length})`;
      });
      scores.push(`(${terms.join(' + ')})`);
      return dialect.anyToken(plan.tokens, params);
    }
    case 'indexed-fuzzy': {
      // Per query word, the similarity of its best match present in the record (0 when none).
      const best = () =>
        plan.groups.map((group) =>
          dialect.greatest([
            '0',
            ...group.map(
              (option) =>
                `(CASE WHEN ${dialect.hasTerm(option.key, params)} THEN ${dialect.real(option.similarity, params)} ELSE 0 END)`,
            ),
          ]),
        );
      // The condition holds when every word matched; the score is read from the term map only, so
      // a record's postings are never rebuilt to score it.
      const matched = best()
        .map((value) => `${value} > 0`)
        .join(' AND ');
      scores.push(
        `(CASE WHEN ${matched} THEN (${best().join(' + ')}) / ${dialect.real(plan.groups.length, params)} ELSE 0 END)`,
      );
      return dialect.allTokenGroups(plan.groups, params);
    }
    case 'scanned-keyword':
    case 'scanned-fuzzy': {
      const compiled = dialect.scannedText(plan, params, context.laterals);
      scores.push(compiled.score);
      return compiled.predicate;
    }
  }
}
