/**
 * Hosts an attachment's `download_url` may point at (docs/reference on attachments: Asana's own
 * files are presigned S3 URLs; Dropbox, Google Drive, OneDrive and Box files are on those
 * providers). A service downloading for tenants allows only these by default, so a tenant-made
 * "external" attachment cannot aim it at an arbitrary host.
 *
 * @example
 * ```ts
 * const fetch = createEgressFetch({ allowedHosts: [new URL(baseUrl).hostname, ...ASANA_DOWNLOAD_HOSTS] });
 * ```
 */
export const ASANA_DOWNLOAD_HOSTS: readonly string[] = [
  '*.asana.com',
  '*.amazonaws.com',
  '*.dropbox.com',
  '*.dropboxusercontent.com',
  '*.google.com',
  '*.googleusercontent.com',
  '*.sharepoint.com',
  '*.onedrive.com',
  '*.live.com',
  '*.box.com',
  '*.boxcloud.com',
];
