import { type DownloadResult, UnsupportedOperationError } from '@conduit/protocol';
import { fillPath } from '../fill-path';
import { streamDownload } from '../stream-download';
import { unsatisfiableRange } from '../unsatisfiable-range';
import type { UpstreamSpec } from '../upstream-spec';
import { type ExecutorContext, send, toQuery } from './executor-context';

/**
 * A `download`: the bytes streamed from the action's path, or from where its `locate` finds them
 * in the metadata the path returns (a signed URL, another host); a range past the end is the
 * `range_not_satisfiable` ValidationError of the range param.
 */
export async function download(
  context: ExecutorContext,
  upstream: UpstreamSpec,
  params: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<DownloadResult> {
  const spec = upstream.download;
  const range = spec?.rangeParam === undefined ? undefined : (params[spec.rangeParam] as string | undefined);
  const { path, rest } = fillPath(upstream.path, params);
  const rangeFault = (error: unknown): never => {
    throw spec?.rangeParam === undefined ? error : unsatisfiableRange(error, spec.rangeParam, range);
  };
  if (spec?.locate === undefined)
    return streamDownload(context.transport, { path, range, signal }).catch(rangeFault);
  if (spec.rangeParam !== undefined) delete rest[spec.rangeParam];
  const body = await send(context, { path, query: toQuery(rest, upstream.query) }, signal);
  const located = spec.locate(body, params);
  if (located.url === undefined && located.path === undefined) {
    throw new UnsupportedOperationError(`The upstream gives no download for ${path}.`, {
      code: 'download_unavailable',
    });
  }
  return streamDownload(context.transport, { ...located, range, signal }).catch(rangeFault);
}
