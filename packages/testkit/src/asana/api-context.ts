import type { AsanaDataset } from './asana-dataset';
import { notRecognized } from './asana-http-error';
import { attachmentRecord } from './attachment-records';
import { type FieldTree, projectRecord, type ResolveReference } from './opt-fields';
import type { ListRequest } from './paginate';
import type { JsonRecord, RecordContext } from './record-context';
import type { RecordFields } from './record-fields';
import {
  projectRecord as fullProject,
  sectionRecord,
  tagRecord,
  teamRecord,
  userRecord,
  workspaceRecord,
} from './resource-records';
import { taskRecord } from './task-records';
import { NO_ROW } from './task-table';

/** Knobs of endpoint behaviour. */
export interface EndpointSettings {
  /** Unpaginated lists answer "result too large" above this. Default 1000. */
  maxUnpaginated: number;
  /** Workspace and team user lists are silently capped here. Default 2000. */
  userListCap: number;
  /** Task search page size without `limit`. Default 20. */
  searchDefaultLimit: number;
  /**
   * Whether the token may read `GET /workspaces/{gid}/events`: only a service account in an
   * Enterprise+ domain may (reference §10). Default false, so tests see what most users see.
   */
  workspaceEvents: boolean;
}

/** Everything a request handler needs. */
export interface ApiContext {
  data: AsanaDataset;
  /** Path relative to `/api/1.0`. */
  apiPath: string;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** The requested field tree, when `opt_fields` was sent. */
  fields: FieldTree | undefined;
  records: RecordContext;
  list: ListRequest;
  settings: EndpointSettings;
}

/**
 * Looks up the full record a compact reference names (for `opt_fields` paths that reach past
 * the compact fields, like `assignee.email` or `parent.created_by`).
 */
export function referenceResolver(records: RecordContext): ResolveReference {
  const data = records.data;
  return (reference) => {
    const gid = String(reference.gid);
    switch (reference.resource_type) {
      case 'task': {
        const row = data.taskRow(gid);
        return row === NO_ROW ? undefined : taskRecord(records, row, true);
      }
      case 'project': {
        const project = data.project(gid);
        return project === undefined ? undefined : fullProject(records, project, true);
      }
      case 'user': {
        const user = data.user(gid);
        return user === undefined ? undefined : userRecord(records, user, true);
      }
      case 'workspace': {
        const workspace = data.workspace(gid);
        return workspace === undefined ? undefined : workspaceRecord(workspace);
      }
      case 'team': {
        const team = data.team(gid);
        return team === undefined ? undefined : teamRecord(records, team);
      }
      case 'section': {
        const section = data.section(gid);
        return section === undefined ? undefined : sectionRecord(records, section);
      }
      case 'tag': {
        const tag = data.tag(gid);
        return tag === undefined ? undefined : tagRecord(records, tag);
      }
      case 'attachment': {
        const attachment = data.attachment(gid);
        return attachment === undefined ? undefined : attachmentRecord(records, attachment);
      }
      default:
        return undefined;
    }
  };
}

/**
 * Renders one item of a list: the compact shape by default, or exactly the `opt_fields` asked
 * for (projected from the full record, opt-in fields included).
 */
export function listItem(ctx: ApiContext, compact: () => JsonRecord, full: () => JsonRecord): JsonRecord {
  if (ctx.fields === undefined) return compact();
  return projectRecord(full(), ctx.fields, referenceResolver(ctx.records));
}

/**
 * The renderer of a list's items, worked out once per page: the compact shape by default, or
 * exactly the `opt_fields` asked for, building only those fields of each record.
 */
export function listItems<S>(
  ctx: ApiContext,
  fields: RecordFields<S>,
  compact: (subject: S) => JsonRecord,
): (subject: S) => JsonRecord {
  if (ctx.fields === undefined) return compact;
  const project = fields.projection(ctx.fields);
  const resolve = referenceResolver(ctx.records);
  return (subject) => project(subject, resolve);
}

/**
 * A get-by-gid response of a record described by its fields: the full record by default (without
 * opt-in fields), or only the `opt_fields` asked for.
 */
export function singleRecord<S>(ctx: ApiContext, fields: RecordFields<S>, subject: S): JsonRecord {
  if (ctx.fields === undefined) return { data: fields.full(subject, false) };
  return { data: fields.projection(ctx.fields)(subject, referenceResolver(ctx.records)) };
}

/**
 * Renders a get-by-gid response: the full record by default (without opt-in fields), or exactly
 * the `opt_fields` asked for.
 */
export function single(ctx: ApiContext, full: (optIn: boolean) => JsonRecord): JsonRecord {
  if (ctx.fields === undefined) return { data: full(false) };
  return { data: projectRecord(full(true), ctx.fields, referenceResolver(ctx.records)) };
}

/**
 * A path parameter that must be a gid; anything else is "not recognized", as Asana answers for
 * malformed ids too.
 */
export function pathGid(ctx: ApiContext, name: string, field: string): string {
  const gid = ctx.params[name] ?? '';
  if (!/^\d+$/.test(gid)) throw notRecognized(field, gid);
  return gid;
}
