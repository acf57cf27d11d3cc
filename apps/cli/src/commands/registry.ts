import type { CommandSpec } from '../framework/command-spec';
import { completeCommand, completionCommand } from './completion/completion-command';
import { describeCommand } from './describe/describe-command';
import { execCommand } from './exec/exec-command';
import { helpCommand } from './help/help-command';
import { profileCommand } from './profile/profile-command';

/**
 * Every command of `conduit`, in the order help lists them. A new command is a folder under
 * `commands/` with a `<name>-command.ts` spec (help, flags, examples, and a lazy `load` of its
 * `run` module) and one line here; parsing, help, `--json` errors, exit codes and shell
 * completion come from the spec.
 */
export const COMMANDS: readonly CommandSpec[] = [
  describeCommand,
  execCommand,
  profileCommand,
  completionCommand,
  helpCommand,
  completeCommand,
];
