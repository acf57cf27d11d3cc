import { readFile } from 'node:fs/promises';
import { parseSearchParams, redactValue, type SearchEnvelope } from '@conduit/protocol';
import { requireAction } from '../../connectors/require-action';
import type { CommandContext } from '../../framework/command-context';
import { readStdin } from '../../framework/read-stdin';
import { UsageError } from '../../framework/usage-error';
import { loadHostedDefinition } from '../../hosted/load-hosted-definition';
import { openHostedClient } from '../../hosted/open-hosted-client';
import { resolveHostedConnector } from '../../hosted/resolve-hosted-connector';
import { printSearchPage } from '../exec/print-search';
import { buildSearchParams } from './build-search-params';
import { streamHits } from './stream-hits';

const MAX_QUERY_BYTES = 1024 * 1024;

async function readQuery(context: CommandContext): Promise<{ text: string; origin: string } | undefined> {
  const { flags, runtime } = context;
  const inline = flags.string('query');
  const file = flags.string('query-file');
  if (inline !== undefined && file !== undefined) {
    throw new UsageError('give --query or --query-file, not both', { code: 'conflicting_flags' });
  }
  if (inline !== undefined) return { text: inline, origin: '--query' };
  if (file === undefined) return undefined;
  if (file === '-') {
    return {
      text: await readStdin(runtime.stdin, { maxBytes: MAX_QUERY_BYTES, what: '--query-file -' }),
      origin: '--query-file -',
    };
  }
  try {
    return { text: await readFile(file, 'utf8'), origin: `--query-file ${file}` };
  } catch (error) {
    throw new UsageError(
      `cannot read --query-file ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      {
        code: 'unreadable_file',
      },
    );
  }
}

/** Runs `conduit search <entity>`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { flags, output, signal } = context;
  const entity = context.args[0]!;
  const all = flags.boolean('all');
  if (all && flags.has('cursor')) {
    throw new UsageError('--all starts from the first page; leave out --cursor', {
      code: 'conflicting_flags',
    });
  }
  const query = await readQuery(context);
  const { client } = await openHostedClient(context, {
    stdinTakenBy: flags.string('query-file') === '-' ? '--query-file -' : undefined,
  });
  const connector = await resolveHostedConnector(
    client,
    flags.string('connector') ?? 'task-management',
    signal,
    context.runtime.connectors,
  );
  const definition = await loadHostedDefinition(connector.connector_type, context.runtime.connectors);
  const searchAction = definition ? requireAction(definition, entity, 'search') : undefined;
  const searchableFields = searchAction?.searchableFields;
  const params = buildSearchParams(
    {
      where: flags.string('where'),
      query,
      sort: flags.strings('sort'),
      fields: flags.strings('fields'),
      limit: flags.string('limit'),
      cursor: flags.string('cursor'),
      defaultLimit: all ? 1000 : 50,
    },
    searchableFields,
  );
  // The service would refuse a bad query with the same faults; checking here saves the round trip
  // and names the JSON path of each fault before anything is sent.
  if (searchableFields) parseSearchParams(params, searchableFields, searchAction?.unsearchableFields);
  output.debugLog(`search ${connector.id} ${entity} params ${JSON.stringify(redactValue(params))}`);

  const fields = params.fields as string[] | undefined;
  const view = {
    columns: fields,
    nextHint: (cursor: string) => `add --all, or --cursor ${cursor} for the next page`,
  };
  const fetchPage = (cursor: string | undefined) =>
    client.execute(connector.id, entity, 'search', cursor === undefined ? params : { ...params, cursor }, {
      signal,
    }) as Promise<SearchEnvelope>;
  const hits = all
    ? await streamHits(fetchPage, output, signal, view)
    : await fetchPage(undefined).then(async (page) => {
        await printSearchPage(page, output, view);
        return page.hits.length;
      });
  if (hits === 0 && !output.json && params.cursor === undefined) {
    output.note(
      output.errorStyle.dim(`search runs over synced data: see conduit sync status ${connector.id}`),
    );
  }
  return 0;
}
