import type { ActionKind, DownloadResult, ListEnvelope, SearchEnvelope } from '@conduit/protocol';
import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';
import type { ActionDescription } from '../../introspect/describe-action';
import { printListPage, streamList } from './print-list';
import { printRecord } from './print-record';
import { printSearchPage } from './print-search';
import { saveDownloadToFile, writeDownloadToStdout } from './save-download';

/**
 * `--limit-total N` as a number, or undefined when not given.
 *
 * @example
 * ```ts
 * parseLimitTotal('50'); // 50
 * ```
 */
export function parseLimitTotal(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw new UsageError(`--limit-total needs a positive integer, got "${raw}"`, { code: 'invalid_flag' });
  }
  return Number(raw);
}

/**
 * Refuses flags that do not apply to the action's kind (`--all` on a get, `-o` on a list), and a
 * download's bytes on a terminal or mixed with `--json` on stdout.
 *
 * @example
 * ```ts
 * checkFlagsForAction(context, 'list');
 * ```
 */
export function checkFlagsForAction(context: CommandContext, kind: ActionKind): void {
  const { flags } = context;
  const listOnly = ['all', 'limit-total'].filter((name) => flags.has(name));
  if (kind !== 'list' && listOnly.length > 0) {
    throw new UsageError(`--${listOnly[0]} applies to list actions only`, { code: 'invalid_flag' });
  }
  if (kind !== 'download' && flags.has('output')) {
    throw new UsageError('--output applies to download actions only', { code: 'invalid_flag' });
  }
  if (kind === 'download') {
    const target = flags.string('output');
    const toStdout = target === undefined || target === '-';
    if (toStdout && context.global.json) {
      throw new UsageError('--json with a download needs -o FILE: the bytes would go to stdout', {
        code: 'invalid_flag',
      });
    }
    // Raw bytes on a terminal scramble it; curl refuses for the same reason.
    if (target === undefined && context.output.isInteractive) {
      throw new UsageError('refusing to write a download to the terminal', {
        code: 'binary_to_terminal',
        hint: 'write it to a file with -o FILE, pipe it, or force stdout with -o -',
      });
    }
  }
}

/** One action ready to run, in either mode. */
export interface PreparedAction {
  readonly kind: ActionKind;
  /** The action's params and record fields, when the CLI has its definition. */
  readonly description: ActionDescription | undefined;
  /** The params the command line gave. */
  readonly params: Record<string, unknown>;
  /** Runs the action with the params, plus `extra` (the next page's offset). */
  readonly execute: (extra?: Record<string, unknown>) => Promise<unknown>;
  /** `conduit exec …` as typed, for the hint about the next page. */
  readonly commandLine: string;
}

/**
 * Runs an action and prints its result as `conduit exec` does in both modes: a list page (or
 * every page, streamed, with `--all` / `--limit-total`), a record, a page of hits, or a download
 * to a file or stdout.
 *
 * @example
 * ```ts
 * await runAction(context, { kind: 'get', description, params, execute, commandLine });
 * ```
 */
export async function runAction(context: CommandContext, action: PreparedAction): Promise<void> {
  const { flags, output, signal } = context;
  const limitTotal = parseLimitTotal(flags.string('limit-total'));
  switch (action.kind) {
    case 'list': {
      const fields = action.description?.record ?? null;
      if (!flags.boolean('all') && limitTotal === undefined) {
        await printListPage((await action.execute()) as ListEnvelope, fields, output, action.commandLine);
        return;
      }
      // Ask for no more per page than the total wanted, when the action lets the caller choose.
      const pageSize = action.description?.params.find(
        (param) => param.name === 'limit' && param.json_types.includes('integer'),
      );
      const extra =
        limitTotal !== undefined && pageSize && action.params.limit === undefined
          ? { limit: Math.min(limitTotal, pageSize.maximum ?? limitTotal) }
          : {};
      await streamList(
        async (offset) =>
          (await action.execute(offset === undefined ? extra : { ...extra, offset })) as ListEnvelope,
        output,
        { fields, limitTotal, signal },
      );
      return;
    }
    case 'get':
      await printRecord(await action.execute(), output);
      return;
    case 'search':
      await printSearchPage((await action.execute()) as SearchEnvelope, output);
      return;
    case 'download': {
      const result = (await action.execute()) as DownloadResult;
      const target = flags.string('output');
      if (target === undefined || target === '-') await writeDownloadToStdout(result, output);
      else await saveDownloadToFile(result, target, output, signal);
      return;
    }
  }
}
