import type { AsanaDataset } from './asana-dataset';
import type { AsanaAttachmentRow } from './dataset-rows';

/** A JSON object as the API returns it. */
export type JsonRecord = Record<string, unknown>;

/**
 * What building a response record needs beyond the dataset: the origins URLs point at (always the
 * simulator's own 127.0.0.1 ports, so nothing a client follows ever leaves the machine), the
 * simulator time, and the signer of `download_url`.
 */
export interface RecordContext {
  data: AsanaDataset;
  /** Origin of the app host: permalinks and `permanent_url` point here. */
  appOrigin: string;
  /** Origin of the second (download) host. */
  downloadOrigin: string;
  /** Simulator time, epoch ms. */
  now: number;
  /** A fresh signed download URL for an `asana`-hosted attachment. */
  signDownloadUrl(attachment: AsanaAttachmentRow): string;
}
