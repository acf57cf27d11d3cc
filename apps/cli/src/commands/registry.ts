import type { CommandSpec } from '../framework/command-spec';
import { appsCommand } from './apps/apps-command';
import { changesCommand } from './changes/changes-command';
import { cloudCommand } from './cloud/cloud-command';
import { completeCommand, completionCommand } from './completion/completion-command';
import { connectorsCommand } from './connectors/connectors-command';
import { demoCommand } from './demo/demo-command';
import { describeCommand } from './describe/describe-command';
import { downloadCommand } from './download/download-command';
import { execCommand } from './exec/exec-command';
import { helpCommand } from './help/help-command';
import { mcpCommand } from './mcp/mcp-command';
import { profileCommand } from './profile/profile-command';
import { searchCommand } from './search/search-command';
import { serveCommand } from './serve/serve-command';
import { syncCommand } from './sync/sync-command';

/**
 * Every command of `conduit`, in the order help lists them. A new command is a folder under
 * `commands/` with a `<name>-command.ts` spec (help, flags, examples, and a lazy `load` of its
 * `run` module) and one line here; parsing, help, `--json` errors, exit codes and shell
 * completion come from the spec.
 */
export const COMMANDS: readonly CommandSpec[] = [
  demoCommand,
  describeCommand,
  execCommand,
  connectorsCommand,
  searchCommand,
  syncCommand,
  changesCommand,
  downloadCommand,
  serveCommand,
  appsCommand,
  mcpCommand,
  cloudCommand,
  profileCommand,
  completionCommand,
  helpCommand,
  completeCommand,
];
