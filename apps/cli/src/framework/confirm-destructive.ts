import type { CommandContext } from './command-context';
import { promptConfirm } from './prompt-confirm';
import { canPrompt } from './read-stdin';
import { UsageError } from './usage-error';

/**
 * Confirms an action that cannot be undone: `--yes` confirms it; otherwise a person at the
 * terminal is asked, and without a terminal (or under CI) it is a usage error asking for `--yes`,
 * because nothing ever prompts there. Resolves false when the person declines (the command then changes nothing and exits 0).
 *
 * @example
 * ```ts
 * if (!(await confirmDestructive(context, `delete connector ${id} (${name})?`))) return 0;
 * ```
 */
export async function confirmDestructive(context: CommandContext, question: string): Promise<boolean> {
  if (context.flags.boolean('yes')) return true;
  if (!canPrompt(context.runtime)) {
    throw new UsageError(`${question.replace(/\?$/, '')}: confirm with --yes`, {
      code: 'confirmation_required',
      hint: 'nothing prompts without a terminal or under CI; add --yes to go ahead',
    });
  }
  const confirmed = await promptConfirm(context.runtime, `${question} [y/N] `);
  if (!confirmed) context.output.note('nothing was changed');
  return confirmed;
}
