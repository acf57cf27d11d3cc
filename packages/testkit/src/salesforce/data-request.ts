import { type BodyFault, bearerToken, sendBody } from '../core/http-io';
import { sleep } from '../core/sleep';
import { type DataReply, routeDataRequest } from './data-endpoints';
import {
  DATA_PATH,
  type SalesforceExchange,
  type SalesforceHostState,
  sendSalesforceJson,
} from './salesforce-host';
import { RESOURCE_NOT_FOUND, SalesforceHttpError, SESSION_EXPIRED } from './salesforce-http-error';
import type { SalesforceFault } from './salesforce-simulator-options';

const VERSION_LABELS: Record<string, string> = {
  '59.0': "Winter '24",
  '60.0': "Spring '24",
  '61.0': "Summer '24",
  '62.0': "Winter '25",
  '63.0': "Spring '25",
  '64.0': "Summer '25",
  '65.0': "Winter '26",
  '66.0': "Spring '26",
  '67.0': "Summer '26",
};

/** The API versions served by default: 55.0 to 67.0. */
export const DEFAULT_VERSIONS = Array.from({ length: 13 }, (_, i) => `${55 + i}.0`);

/** `GET /services/data`: the versions served, oldest first. */
export function versionList(state: SalesforceHostState): unknown {
  return [...state.versions]
    .sort((a, b) => Number(a) - Number(b))
    .map((version) => ({
      label: VERSION_LABELS[version] ?? `Version ${version}`,
      url: `/services/data/v${version}`,
      version,
    }));
}

/** A single `bytes=a-b` range within `size`, or undefined (serve everything) or 'invalid'. */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'invalid';
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size : Math.min(size, Number(to) + 1);
  return start >= size || start >= end ? 'invalid' : { start, end };
}

async function serveBlob(
  { req, res }: SalesforceExchange,
  reply: Extract<DataReply, { kind: 'blob' }>,
  headers: Record<string, string>,
  fault: SalesforceFault | undefined,
): Promise<void> {
  const size = reply.blob.size;
  const range = parseRange(req.headers.range, size);
  if (range === 'invalid') {
    await sendBody(
      req,
      res,
      416,
      { ...headers, 'content-range': `bytes */${size}`, 'content-length': 0 },
      [],
    );
    return;
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? size;
  await sendBody(
    req,
    res,
    range === undefined ? 200 : 206,
    {
      ...headers,
      'content-type': reply.contentType,
      'content-length': end - start,
      ...(range === undefined ? {} : { 'content-range': `bytes ${start}-${end - 1}/${size}` }),
    },
    reply.blob.chunks(start, end),
    bodyFaultOf(fault),
  );
}

/** A reset queued after some bytes, as the body writer applies it. */
function bodyFaultOf(fault: SalesforceFault | undefined): BodyFault | undefined {
  return fault?.kind === 'reset' && fault.afterBytes !== undefined
    ? { kind: 'reset', afterBytes: fault.afterBytes }
    : undefined;
}

/**
 * A REST API request on the instance host (`/services/data/vNN.N/…`): the session, the daily
 * allocation (`Sforce-Limit-Info`), the concurrency limit, then the endpoint's answer or
 * Salesforce's error array (crm-upstream.md §7, §8).
 */
export async function serveData(
  state: SalesforceHostState,
  exchange: SalesforceExchange,
  fault: SalesforceFault | undefined,
): Promise<void> {
  const { req, res, url } = exchange;
  const { usage, limits, clock, tokens } = state;
  const match = DATA_PATH.exec(url.pathname);
  if (match === null || !state.versions.has(match[1] as string)) {
    await sendSalesforceJson(exchange, 404, [{ errorCode: 'NOT_FOUND', message: RESOURCE_NOT_FOUND }]);
    return;
  }
  const token = bearerToken(req.headers.authorization);
  if (token === undefined || !tokens.authenticate(token, clock.now())) {
    await sendSalesforceJson(exchange, 401, SESSION_EXPIRED);
    return;
  }
  if (usage.used >= usage.max) {
    await sendSalesforceJson(
      exchange,
      403,
      [{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }],
      { 'sforce-limit-info': `api-usage=${usage.used}/${usage.max}` },
    );
    return;
  }
  usage.used += 1;
  const headers = { 'sforce-limit-info': `api-usage=${usage.used}/${usage.max}` };
  if (limits.inFlight >= limits.concurrency) {
    await sendSalesforceJson(
      exchange,
      403,
      [{ message: 'ConcurrentPerOrgLongTxn Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }],
      headers,
    );
    return;
  }
  limits.inFlight += 1;
  try {
    await sleep(limits.latencyMs + (fault?.kind === 'delay' ? fault.ms : 0));
    if (res.destroyed) return;
    if (fault?.kind === 'error') {
      await sendSalesforceJson(
        exchange,
        fault.status,
        [{ message: fault.message, errorCode: fault.errorCode }],
        headers,
      );
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      await sendSalesforceJson(
        exchange,
        405,
        [
          {
            errorCode: 'METHOD_NOT_ALLOWED',
            message: `HTTP Method '${req.method}' not allowed. Allowed are GET,HEAD`,
          },
        ],
        headers,
      );
      return;
    }
    const now = clock.now();
    state.data.purgeDeletedBefore(now - state.recycleBinMs);
    let reply: DataReply;
    try {
      reply = routeDataRequest(match[2] ?? '/', {
        data: state.data,
        version: match[1] as string,
        versionPath: `/services/data/v${match[1]}`,
        query: url.searchParams,
        headers: req.headers,
        now,
        locators: state.locators,
        batchCeiling: limits.batchCeiling,
        usage,
      });
    } catch (error) {
      if (!(error instanceof SalesforceHttpError)) throw error;
      await sendSalesforceJson(exchange, error.status, error.body, headers);
      return;
    }
    if (reply.kind === 'blob') {
      await serveBlob(exchange, reply, headers, fault);
      return;
    }
    await sendSalesforceJson(exchange, reply.status, reply.body, headers, bodyFaultOf(fault));
  } finally {
    limits.inFlight -= 1;
  }
}
