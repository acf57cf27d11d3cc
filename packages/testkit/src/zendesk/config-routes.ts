import { bool, byId, id, type RouteContext, type ZendeskRoute } from './route-context';
import type { ZendeskDataset } from './zendesk-dataset';
import { invalidAttribute } from './zendesk-http-error';
import { paginate, wantsCursor } from './zendesk-pagination';
import { CONFIG_RECORDS, type RecordUrls } from './zendesk-records';
import type { ZendeskConfigRow } from './zendesk-rows';

// The account's configuration collections (views, macros, ticket fields and forms, SLA policies):
// one list route and one record route each.

/** The config collections the simulator serves (`views`, `macros`, ...). */
type ConfigKey = keyof typeof CONFIG_RECORDS;

/** How a config record is rendered; `position` is its 1-based place in the collection served. */
type ConfigRender = (
  row: ZendeskConfigRow,
  urls: RecordUrls,
  position: number,
  data: ZendeskDataset,
) => unknown;

function configRenderer(key: ConfigKey): ConfigRender {
  return CONFIG_RECORDS[key] as ConfigRender;
}

export function configList(
  ctx: RouteContext,
  key: ConfigKey,
  rows: readonly ZendeskConfigRow[],
  cursor = true,
  offset = true,
  all: readonly ZendeskConfigRow[] = rows,
): unknown {
  const render = configRenderer(key);
  // A record's position is its place in the whole collection, whatever a request filters out.
  const position = new Map(all.map((row, index) => [row.id, index + 1]));
  return paginate(ctx.list, rows, {
    key,
    render: (row) => render(row, ctx.urls, position.get(row.id) ?? 0, ctx.data),
    sortKey: (row) => [row.id],
    cursor,
    offset,
  });
}

/**
 * The `sort_by` values of views and macros under offset pagination, with the order each takes
 * when `sort_order` is not given: ascending for alphabetical and position, descending for the
 * others (shared/specs/zendesk/ticketing.yaml, ListViews and MacroSortBy).
 */
const CONFIG_ORDERS: Record<
  'views' | 'macros',
  { fallback: string; fields: Record<string, (row: ZendeskConfigRow, position: number) => number | string> }
> = {
  views: {
    fallback: 'position',
    fields: {
      alphabetical: (row) => String(row.title),
      created_at: (row) => row.createdAt,
      updated_at: (row) => row.updatedAt,
      position: (_row, position) => position,
    },
  },
  macros: {
    fallback: 'alphabetical',
    fields: {
      alphabetical: (row) => String(row.title),
      created_at: (row) => row.createdAt,
      updated_at: (row) => row.updatedAt,
      // No macro is ever applied in the simulator, so every usage count is 0 (ties go by id).
      usage_1h: () => 0,
      usage_24h: () => 0,
      usage_7d: () => 0,
      usage_30d: () => 0,
    },
  },
};

/** A view's or macro's access: `account` unrestricted, `shared` restricted to a group. */
function accessOf(row: ZendeskConfigRow): 'account' | 'shared' {
  return row.groupId === undefined ? 'account' : 'shared';
}

/**
 * Views and macros: `active=true|false` keeps only those, `access` and `group_id` those so
 * restricted, and (macros) `only_viewable=true` those that can be applied (the active ones) and
 * `category` those of that category (the simulator's macros have none). Offset pages are ordered
 * by `sort_by`/`sort_order`; cursor pages by creation, as Zendesk's are.
 */
export function activeConfigList(
  ctx: RouteContext,
  key: 'views' | 'macros',
  rows: readonly ZendeskConfigRow[],
): unknown {
  const active = bool(ctx, 'active');
  const viewable = bool(ctx, 'only_viewable');
  const access = ctx.query.get('access');
  const group = ctx.query.get('group_id');
  const category = ctx.query.get('category');
  if (group !== null && !/^\d+$/.test(group)) throw invalidAttribute('group_id must be an integer');
  if (category !== null && !/^\d+$/.test(category)) throw invalidAttribute('category must be an integer');
  const kept = rows.filter(
    (row) =>
      (active === undefined || row.active === active) &&
      (viewable !== true || row.active === true) &&
      (access === null || accessOf(row) === access) &&
      (group === null || row.groupId === Number(group)) &&
      category === null,
  );
  if (wantsCursor(ctx.url)) return configList(ctx, key, kept, true, true, rows);
  const orders = CONFIG_ORDERS[key];
  const by = ctx.query.get('sort_by') ?? orders.fallback;
  const field = orders.fields[by];
  if (field === undefined) {
    throw invalidAttribute(`sort_by must be one of ${Object.keys(orders.fields).join(', ')}`);
  }
  const order = ctx.query.get('sort_order') ?? (by === 'alphabetical' || by === 'position' ? 'asc' : 'desc');
  if (order !== 'asc' && order !== 'desc') throw invalidAttribute('sort_order must be asc or desc');
  const position = new Map(rows.map((row, index) => [row.id, index + 1]));
  const value = (row: ZendeskConfigRow) => field(row, position.get(row.id) ?? 0);
  const sign = order === 'asc' ? 1 : -1;
  const sorted = [...kept].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return x === y ? a.id - b.id : sign * (x < y ? -1 : 1);
  });
  return configList(ctx, key, sorted, false, true, rows);
}

function configGet(
  ctx: RouteContext,
  key: ConfigKey,
  single: string,
  rows: readonly ZendeskConfigRow[],
  param: string,
): unknown {
  const render = configRenderer(key);
  const row = byId(rows, id(ctx, param));
  return { [single]: render(row, ctx.urls, rows.indexOf(row) + 1, ctx.data) };
}

/** A config collection's list route and its `{single}_id` record route (`/views`, `/views/{view_id}`). */
export function configRoutes(options: {
  template: string;
  key: ConfigKey;
  /** The record's JSON key (`view`); its id parameter is `{single}_id`. */
  single: string;
  rowsOf(data: ZendeskDataset): readonly ZendeskConfigRow[];
  adminOnly?: boolean;
  list(ctx: RouteContext, key: ConfigKey, rows: readonly ZendeskConfigRow[]): unknown;
}): ZendeskRoute[] {
  const { template, key, single, rowsOf, list } = options;
  const access = options.adminOnly === true ? { adminOnly: true } : {};
  return [
    {
      template,
      resource: 'other',
      ...access,
      list: true,
      handler: (ctx) => list(ctx, key, rowsOf(ctx.data)),
    },
    {
      template: `${template}/{${single}_id}`,
      resource: 'other',
      ...access,
      handler: (ctx) => configGet(ctx, key, single, rowsOf(ctx.data), `${single}_id`),
    },
  ];
}
