import type { IncomingHttpHeaders } from 'node:http';
import type { BlobContent } from './blob-content';
import type { QueryLocators } from './query-locators';
import type { SalesforceDataset } from './salesforce-dataset';

/** What a data endpoint needs to answer one request. */
export interface DataContext {
  data: SalesforceDataset;
  /** `/services/data/v62.0`: record and locator URLs use the request's version. */
  versionPath: string;
  version: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  now: number;
  locators: QueryLocators;
  /**
   * The largest batch the org returns whatever `batchSize` asks (Salesforce "may return fewer"
   * depending on record size, at most 200 with two long-text fields: crm-upstream.md §4.1).
   */
  batchCeiling: number;
  /** Usage so far and the daily allocation, for `/limits`. */
  usage: { used: number; max: number };
}

/** A data endpoint's answer: JSON, or the bytes of a blob field. */
export type DataReply =
  | { kind: 'json'; status: number; body: unknown }
  | { kind: 'blob'; blob: BlobContent; contentType: string };

/** A JSON answer. */
export const json = (body: unknown, status = 200): DataReply => ({ kind: 'json', status, body });
