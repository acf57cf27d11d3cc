import { parseUpstream } from '@conduit/connector-kit';
import { UnsupportedOperationError } from '@conduit/protocol';
import * as z from 'zod';
import { AttachmentSchema } from './records';

const AttachmentEnvelope = z.object({ data: AttachmentSchema });

/**
 * Where an attachment's bytes are: its `download_url`, signed for another host (so fetched without
 * the upstream's credentials). Attachments hosted elsewhere (Google Drive, Box, …) have none.
 *
 * @example
 * ```ts
 * download: { rangeParam: 'range_header', locate: locateAttachmentDownload }
 * ```
 */
export function locateAttachmentDownload(body: unknown): { url: string; filename: string } {
  const attachment = parseUpstream(AttachmentEnvelope, body, 'attachment').data;
  if (!attachment.download_url) {
    throw new UnsupportedOperationError(
      `Attachment ${attachment.gid} (${attachment.name}, hosted on ${attachment.host}) has no download URL; the upstream gives none for this host, so open its view_url or permanent_url instead.`,
      { code: 'download_unavailable' },
    );
  }
  return { url: attachment.download_url, filename: attachment.name };
}
