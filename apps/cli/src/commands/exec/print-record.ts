import { formatKeyValues } from '../../output/key-value';
import type { Output } from '../../output/output';
import { recordDetails } from './record-view';

/**
 * Prints the record a `get` returned: as JSON, or as aligned `field  value` lines.
 *
 * @example
 * ```ts
 * await printRecord({ gid: '1', name: 'Inbox' }, output);
 * ```
 */
export async function printRecord(record: unknown, output: Output): Promise<void> {
  if (output.json) {
    await output.printJson(record);
    return;
  }
  await output.write(formatKeyValues(recordDetails(record), output.style));
}
