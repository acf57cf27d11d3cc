/** The scheme of the links a download too large to inline is returned as. */
const SCHEME = 'conduit-download';

/**
 * The URI of a download, readable through the server's `resources/read`: the tool and its
 * arguments, so the read runs the same download again.
 *
 * @example
 * ```ts
 * downloadUri('asana_attachments_download', { attachment_gid: '7' }); // 'conduit-download://asana_attachments_download/eyJ…'
 * ```
 */
export function downloadUri(tool: string, args: Record<string, unknown>): string {
  return `${SCHEME}://${tool}/${Buffer.from(JSON.stringify(args)).toString('base64url')}`;
}

/** The URI template the server registers for {@link downloadUri}. */
export const DOWNLOAD_URI_TEMPLATE = `${SCHEME}://{tool}/{args}`;

/**
 * The arguments encoded in a download URI's `args` part, or undefined when they are not a JSON object.
 *
 * @example
 * ```ts
 * decodeDownloadArgs('eyJhdHRhY2htZW50X2dpZCI6IjcifQ'); // { attachment_gid: '7' }
 * ```
 */
export function decodeDownloadArgs(encoded: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
