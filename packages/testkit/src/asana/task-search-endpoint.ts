import { type ApiContext, pathGid } from './api-context';
import { AsanaHttpError, notRecognized } from './asana-http-error';
import { dayNumberOf, parseDateTime, parseDay } from './calendar';
import { readLimit } from './paginate';
import type { JsonRecord } from './record-context';
import { taskItems } from './task-endpoints';
import { NO_DAY, NO_ROW, TASK_SUBTYPES } from './task-table';

/**
 * The 402 body message of search for non-premium workspaces (observed).
 *
 * @example
 * ```ts
 * expect(body.errors[0].message).toBe(ASANA_SEARCH_PREMIUM_MESSAGE);
 * ```
 */
export const SEARCH_PREMIUM_MESSAGE = 'Search is only available to premium users.';

type Predicate = (row: number) => boolean;

const SORTS = ['due_date', 'created_at', 'completed_at', 'likes', 'modified_at', 'relevance'] as const;

function bool(ctx: ApiContext, name: string): boolean | undefined {
  const value = ctx.query.get(name);
  if (value === null || value === '') return undefined;
  if (value !== 'true' && value !== 'false')
    throw new AsanaHttpError(400, `${name}: Not a boolean: ${value}`);
  return value === 'true';
}

function gidList(ctx: ApiContext, name: string): string[] | undefined {
  const value = ctx.query.get(name);
  if (value === null || value === '') return undefined;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Rows (of some entity) named by a comma-separated parameter; unknown ids are a 404. */
function rowSet(
  ctx: ApiContext,
  name: string,
  lookup: (gid: string) => number,
  allowNull = false,
): Set<number> | undefined {
  const gids = gidList(ctx, name);
  if (gids === undefined) return undefined;
  return new Set(
    gids.map((gid) => {
      if (allowNull && gid === 'null') return NO_ROW;
      const row = lookup(gid);
      if (row === NO_ROW) throw notRecognized(name, gid);
      return row;
    }),
  );
}

interface Bounds {
  kind: 'date' | 'datetime';
  /** The task value, epoch ms (datetime) or day number (date); undefined when null. */
  value: (row: number) => number | undefined;
}

/** `<field>.before`, `<field>.after` and (for dates) the exact `<field>` filters. */
function rangePredicates(ctx: ApiContext, field: string, bounds: Bounds): Predicate[] {
  const out: Predicate[] = [];
  const parse = (name: string, text: string): number => {
    // Date-time fields take a date-time; date fields take a plain date (a date-time is cut to its day).
    const ms = bounds.kind === 'datetime' ? parseDateTime(text) : undefined;
    const day = bounds.kind === 'date' ? (parseDay(text) ?? mapDay(parseDateTime(text))) : undefined;
    const value = bounds.kind === 'datetime' ? ms : day;
    if (value === undefined)
      throw new AsanaHttpError(
        400,
        `${name}: Not a valid ${bounds.kind === 'date' ? 'date' : 'date-time'}: ${text}`,
      );
    return value;
  };
  for (const [suffix, compare] of [
    ['.before', (value: number, bound: number) => value < bound],
    ['.after', (value: number, bound: number) => value > bound],
    ['', (value: number, bound: number) => value === bound],
  ] as const) {
    const name = `${field}${suffix}`;
    const raw = ctx.query.get(name);
    if (raw === null || raw === '') continue;
    if (suffix === '' && bounds.kind === 'datetime') continue;
    if (raw === 'null' && suffix === '') {
      out.push((row) => bounds.value(row) === undefined);
      continue;
    }
    const bound = parse(name, raw);
    out.push((row) => {
      const value = bounds.value(row);
      return value !== undefined && compare(value, bound);
    });
  }
  return out;
}

function mapDay(ms: number | undefined): number | undefined {
  return ms === undefined ? undefined : dayNumberOf(ms);
}

function nonNaN(value: number | undefined): number | undefined {
  return value === undefined || Number.isNaN(value) ? undefined : value;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * `GET /workspaces/{workspace_gid}/tasks/search`: premium only (402 otherwise), no offset and no
 * `next_page`, `limit` up to 100. Supports text (every word must appear in name or notes),
 * completion, subtypes, assignee/project/section/tag/team/follower/creator filters, date and
 * date-time ranges, blocking/blocked/subtask/attachment flags, and every documented sort.
 */
export function searchTasks(ctx: ApiContext): JsonRecord {
  const workspaceGid = pathGid(ctx, 'workspace_gid', 'workspace');
  const data = ctx.data;
  const workspace = data.workspaceRow(workspaceGid);
  if (workspace === NO_ROW) throw notRecognized('workspace', workspaceGid);
  if (data.workspaces[workspace]?.premium !== true) throw new AsanaHttpError(402, SEARCH_PREMIUM_MESSAGE);
  const limit = readLimit(ctx.query) ?? ctx.settings.searchDefaultLimit;
  const t = data.taskTable;
  const predicates: Predicate[] = [];
  const add = (predicate: Predicate | undefined): void => {
    if (predicate !== undefined) predicates.push(predicate);
  };

  for (const key of ctx.query.keys()) {
    if (key.startsWith('custom_fields.') || key.startsWith('custom_types.')) {
      // No custom fields exist in the simulated workspaces, so any id in these filters is unknown.
      throw notRecognized(key.split('.').slice(0, 2).join('.'), key.split('.')[1] ?? '');
    }
    if (key.startsWith('portfolios.')) throw notRecognized('portfolios.any', ctx.query.get(key) ?? '');
  }

  const text = ctx.query.get('text');
  const terms = text === null ? [] : words(text);
  if (terms.length > 0) {
    add((row) => {
      const haystack = `${data.taskName(row)} ${data.taskNotesOf(row)}`.toLowerCase();
      return terms.every((term) => haystack.includes(term));
    });
  }
  const subtype = ctx.query.get('resource_subtype');
  if (subtype !== null && subtype !== '') {
    const code = (TASK_SUBTYPES as readonly string[]).indexOf(subtype);
    if (code < 0) throw new AsanaHttpError(400, `resource_subtype: Not a valid task subtype: ${subtype}`);
    add((row) => t.subtype[row] === code);
  }
  const completed = bool(ctx, 'completed');
  if (completed !== undefined) add((row) => t.isCompleted(row) === completed);
  const isSubtask = bool(ctx, 'is_subtask');
  if (isSubtask !== undefined) add((row) => ((t.parent[row] ?? NO_ROW) !== NO_ROW) === isSubtask);
  const hasAttachment = bool(ctx, 'has_attachment');
  if (hasAttachment !== undefined) {
    add((row) => (data.attachmentsByParent.get(t.gidOf(row))?.length ?? 0) > 0 === hasAttachment);
  }
  const isBlocked = bool(ctx, 'is_blocked');
  if (isBlocked !== undefined) {
    add((row) => data.live(data.dependencies.get(row)).some((dep) => !t.isCompleted(dep)) === isBlocked);
  }
  const isBlocking = bool(ctx, 'is_blocking');
  if (isBlocking !== undefined) {
    add((row) => !t.isCompleted(row) && data.live(data.dependents.get(row)).length > 0 === isBlocking);
  }

  const userLookup = (gid: string): number => (gid === 'me' ? data.userRow(data.me.gid) : data.userRow(gid));
  const assigneeAny = rowSet(ctx, 'assignee.any', userLookup, true);
  if (assigneeAny !== undefined) add((row) => assigneeAny.has(t.assignee[row] ?? NO_ROW));
  const assigneeNot = rowSet(ctx, 'assignee.not', userLookup, true);
  if (assigneeNot !== undefined) add((row) => !assigneeNot.has(t.assignee[row] ?? NO_ROW));
  const createdByAny = rowSet(ctx, 'created_by.any', userLookup);
  if (createdByAny !== undefined) add((row) => createdByAny.has(t.createdBy[row] ?? NO_ROW));
  const createdByNot = rowSet(ctx, 'created_by.not', userLookup);
  if (createdByNot !== undefined) add((row) => !createdByNot.has(t.createdBy[row] ?? NO_ROW));
  const assignedBy = (row: number): number =>
    (t.assignee[row] ?? NO_ROW) === NO_ROW ? NO_ROW : (t.createdBy[row] ?? NO_ROW);
  const assignedByAny = rowSet(ctx, 'assigned_by.any', userLookup);
  if (assignedByAny !== undefined) add((row) => assignedByAny.has(assignedBy(row)));
  const assignedByNot = rowSet(ctx, 'assigned_by.not', userLookup);
  if (assignedByNot !== undefined) add((row) => !assignedByNot.has(assignedBy(row)));
  const followers = (row: number): number[] => [t.createdBy[row] ?? NO_ROW, t.assignee[row] ?? NO_ROW];
  const followersAny = rowSet(ctx, 'followers.any', userLookup);
  if (followersAny !== undefined) add((row) => followers(row).some((user) => followersAny.has(user)));
  const followersNot = rowSet(ctx, 'followers.not', userLookup);
  if (followersNot !== undefined) add((row) => !followers(row).some((user) => followersNot.has(user)));
  // Likes and comments are not modelled beyond counts; these exclusions only drop the owner's likes.
  const likedByNot = rowSet(ctx, 'liked_by.not', userLookup);
  if (likedByNot?.has(data.userRow(data.me.gid))) add((row) => ((t.flags[row] ?? 0) & 4) === 0);
  rowSet(ctx, 'commented_on_by.not', userLookup);

  const projectsOf = (row: number): number[] => data.membershipsOf(row).map((m) => m.project);
  const sectionsOf = (row: number): number[] => data.membershipsOf(row).map((m) => m.section);
  const tagsOf = (row: number): readonly number[] => data.taskTags.get(row) ?? [];
  const projectAny = rowSet(ctx, 'projects.any', (gid) => data.projectRow(gid));
  const sectionAny = rowSet(ctx, 'sections.any', (gid) => data.sectionRow(gid));
  if (projectAny !== undefined || sectionAny !== undefined) {
    // Documented: with both, results are the union of the two.
    add(
      (row) =>
        (projectAny !== undefined && projectsOf(row).some((p) => projectAny.has(p))) ||
        (sectionAny !== undefined && sectionsOf(row).some((s) => sectionAny.has(s))),
    );
  }
  for (const [name, lookup, of] of [
    ['projects', (gid: string) => data.projectRow(gid), projectsOf],
    ['sections', (gid: string) => data.sectionRow(gid), sectionsOf],
    ['tags', (gid: string) => data.tagRow(gid), tagsOf],
  ] as const) {
    if (name === 'tags') {
      const any = rowSet(ctx, 'tags.any', lookup);
      if (any !== undefined) add((row) => of(row).some((value) => any.has(value)));
    }
    const not = rowSet(ctx, `${name}.not`, lookup);
    if (not !== undefined) add((row) => !of(row).some((value) => not.has(value)));
    const all = rowSet(ctx, `${name}.all`, lookup);
    if (all !== undefined) add((row) => [...all].every((value) => of(row).includes(value)));
  }
  const teamsAny = rowSet(ctx, 'teams.any', (gid) => data.teamRow(gid));
  if (teamsAny !== undefined) {
    add((row) => projectsOf(row).some((p) => teamsAny.has(data.teamRow(data.projects[p]?.teamGid ?? ''))));
  }

  const day = (column: Int32Array) => (row: number) => {
    const value = column[row] ?? NO_DAY;
    return value === NO_DAY ? undefined : value;
  };
  const time = (column: Float64Array) => (row: number) => nonNaN(column[row]);
  const timeAsDay = (column: Float64Array) => (row: number) => mapDay(nonNaN(column[row]));
  for (const [field, bounds] of [
    ['due_on', { kind: 'date', value: day(t.dueOn) }],
    ['due_at', { kind: 'datetime', value: time(t.dueAt) }],
    ['start_on', { kind: 'date', value: day(t.startOn) }],
    ['created_on', { kind: 'date', value: timeAsDay(t.createdAt) }],
    ['created_at', { kind: 'datetime', value: time(t.createdAt) }],
    ['completed_on', { kind: 'date', value: timeAsDay(t.completedAt) }],
    ['completed_at', { kind: 'datetime', value: time(t.completedAt) }],
    ['modified_on', { kind: 'date', value: timeAsDay(t.modifiedAt) }],
    ['modified_at', { kind: 'datetime', value: time(t.modifiedAt) }],
  ] as const) {
    predicates.push(...rangePredicates(ctx, field, bounds));
  }

  const sortBy = ctx.query.get('sort_by') ?? 'modified_at';
  if (!(SORTS as readonly string[]).includes(sortBy)) {
    throw new AsanaHttpError(400, `sort_by: Not a valid sort: ${sortBy}`);
  }
  const ascending = bool(ctx, 'sort_ascending') ?? false;
  const matches: number[] = [];
  for (let row = 0; row < t.count; row += 1) {
    if (t.workspace[row] !== workspace || t.isDeleted(row)) continue;
    if (predicates.every((predicate) => predicate(row))) matches.push(row);
  }
  const key = sortKey(ctx, sortBy, terms);
  // Nulls (no due date, not completed) sort last either way, like the web app's search.
  matches.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === undefined || kb === undefined) return ka === kb ? b - a : ka === undefined ? 1 : -1;
    return (ascending ? ka - kb : kb - ka) || b - a;
  });
  return {
    data: matches.slice(0, limit).map(taskItems(ctx)),
  };
}

function sortKey(
  ctx: ApiContext,
  sortBy: string,
  terms: readonly string[],
): (row: number) => number | undefined {
  const t = ctx.data.taskTable;
  switch (sortBy) {
    case 'due_date':
      return (row) => {
        const dueAt = t.dueAt[row] ?? Number.NaN;
        if (!Number.isNaN(dueAt)) return dueAt;
        const dueOn = t.dueOn[row] ?? NO_DAY;
        return dueOn === NO_DAY ? undefined : dueOn * 86_400_000;
      };
    case 'created_at':
      return (row) => t.createdAt[row];
    case 'completed_at':
      return (row) => nonNaN(t.completedAt[row]);
    case 'likes':
      return (row) => t.numLikes[row] ?? 0;
    case 'relevance':
      return (row) => {
        if (terms.length === 0) return t.modifiedAt[row];
        const name = ctx.data.taskName(row).toLowerCase();
        // Name hits outrank notes-only hits; recency breaks ties.
        const nameHits = terms.filter((term) => name.includes(term)).length;
        return nameHits * 1e13 + (t.modifiedAt[row] ?? 0);
      };
    default:
      return (row) => t.modifiedAt[row];
  }
}
