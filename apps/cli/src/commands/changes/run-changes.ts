import { CHANGE_FEED_LIMITS } from '@conduit/protocol';
import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';
import { openHostedClient } from '../../hosted/open-hosted-client';
import { resolveHostedConnector } from '../../hosted/resolve-hosted-connector';

function limitOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const limit = /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN;
  if (!(limit >= 1 && limit <= CHANGE_FEED_LIMITS.maxLimit)) {
    throw new UsageError(`--limit must be a whole number from 1 to ${CHANGE_FEED_LIMITS.maxLimit}`, {
      code: 'invalid_flag',
    });
  }
  return limit;
}

/** Runs `conduit changes <connector> [--cursor C] [--follow] [--limit N]`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { flags, output, signal } = context;
  const follow = flags.boolean('follow');
  const cursor = flags.string('cursor');
  const limit = limitOf(flags.string('limit'));
  const { client } = await openHostedClient(context);
  const connector = await resolveHostedConnector(
    client,
    context.args[0]!,
    signal,
    context.runtime.connectors,
  );
  let last = cursor;
  try {
    for await (const change of client.changes(connector.id, {
      follow,
      signal,
      ...(cursor === undefined ? {} : { cursor }),
      ...(limit === undefined ? {} : { limit }),
    })) {
      await output.printJsonLine(change);
      last = change.next_cursor;
    }
  } catch (error) {
    // Ctrl-C while following is how a follow ends.
    if (!signal.aborted) throw error;
  }
  if (last !== undefined && !output.json) {
    output.note(output.errorStyle.dim(`resume after the last change with: --cursor ${last}`));
  }
  return 0;
}
