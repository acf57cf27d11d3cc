import { openCloudWorkspace } from '../../cloud/open-cloud-workspace';
import type { CommandContext } from '../../framework/command-context';
import { UsageError } from '../../framework/usage-error';
import { connectionJson, scheduleText } from './cloud-views';

/** Runs `conduit cloud connections schedule <connection> <cron expression | manual>`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { output } = context;
  const [id, schedule] = context.args as [string, string];
  const expression = schedule.trim();
  if (expression === '')
    throw new UsageError('the schedule is empty: give a cron expression or manual', {
      code: 'invalid_argument',
    });
  const workspace = await openCloudWorkspace(context);
  const connection = workspace.getConnection(id);
  if (expression.toLowerCase() === 'manual') await connection.setManualSchedule();
  else await connection.setSchedule(expression);
  const info = await connection.getInfo();
  if (output.json) await output.printJson(connectionJson(info));
  else output.note(`connection ${id} schedule: ${scheduleText(info)}`);
  return 0;
}
