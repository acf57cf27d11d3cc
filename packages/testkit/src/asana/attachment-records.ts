import { isoTime } from './calendar';
import type { AsanaAttachmentRow } from './dataset-rows';
import type { JsonRecord, RecordContext } from './record-context';

/** `AttachmentCompact` with its default fields. */
export function attachmentCompact(row: AsanaAttachmentRow): JsonRecord {
  return { gid: row.gid, resource_type: 'attachment', name: row.name, resource_subtype: row.host };
}

/**
 * The public link a third-party host would give. It points at the simulator's download host
 * (under `/providers/<host>/`), never at the real provider, so clients under test stay offline.
 */
export function providerUrl(ctx: RecordContext, row: AsanaAttachmentRow, kind: 'file' | 'view'): string {
  const base = `${ctx.downloadOrigin}/providers/${row.host}/${row.gid}`;
  return kind === 'view' ? `${base}/view` : `${base}/${encodeURIComponent(row.name)}`;
}

function downloadUrl(ctx: RecordContext, row: AsanaAttachmentRow): string | null {
  switch (row.host) {
    case 'asana':
      return ctx.signDownloadUrl(row);
    // Vimeo video messages never have one; Box files often do not, and the simulator picks "not".
    case 'vimeo':
    case 'box':
      return null;
    default:
      return providerUrl(ctx, row, 'file');
  }
}

function parentRecord(ctx: RecordContext, row: AsanaAttachmentRow): JsonRecord | null {
  if (row.parentType === 'project') {
    const project = ctx.data.project(row.parentGid);
    return project === undefined
      ? null
      : { gid: project.gid, resource_type: 'project', name: project.name, resource_subtype: null };
  }
  const task = ctx.data.task(row.parentGid);
  return task === undefined
    ? null
    : { gid: task.gid, resource_type: 'task', name: task.name, resource_subtype: task.resourceSubtype };
}

/**
 * `AttachmentResponse`: `size` only for `asana`-hosted files, `connected_to_app` only for
 * `external` and `gdrive`, and a freshly signed `download_url` on every read.
 */
export function attachmentRecord(ctx: RecordContext, row: AsanaAttachmentRow): JsonRecord {
  return {
    ...attachmentCompact(row),
    created_at: isoTime(row.createdAt),
    download_url: downloadUrl(ctx, row),
    permanent_url: row.host === 'asana' ? `${ctx.appOrigin}/app/asana/-/get_asset?asset_id=${row.gid}` : null,
    host: row.host,
    parent: parentRecord(ctx, row),
    ...(row.host === 'asana' ? { size: row.size } : {}),
    view_url:
      row.host === 'asana'
        ? `${ctx.appOrigin}/app/asana/-/get_asset?asset_id=${row.gid}`
        : providerUrl(ctx, row, 'view'),
    ...(row.host === 'external' || row.host === 'gdrive' ? { connected_to_app: row.host === 'gdrive' } : {}),
  };
}
