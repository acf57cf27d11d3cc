/** The outcome of checking a schedule's cron expression. */
export type CronCheck =
  | { ok: true; expression: string }
  | { ok: false; reason: 'missing' | 'too-frequent' | 'invalid'; message: string };

const quartzDocs = 'https://www.quartz-scheduler.org/documentation/quartz-2.3.0/tutorials/crontrigger.html';

const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const weekdays = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

interface FieldRule {
  name: string;
  min: number;
  max: number;
  names?: string[];
  /** Characters beyond `* , - /` the field accepts. */
  special: 'none' | 'day-of-month' | 'day-of-week';
}

const fieldRules: FieldRule[] = [
  { name: 'seconds', min: 0, max: 59, special: 'none' },
  { name: 'minutes', min: 0, max: 59, special: 'none' },
  { name: 'hours', min: 0, max: 23, special: 'none' },
  { name: 'day-of-month', min: 1, max: 31, special: 'day-of-month' },
  { name: 'month', min: 1, max: 12, names: months, special: 'none' },
  { name: 'day-of-week', min: 1, max: 7, names: weekdays, special: 'day-of-week' },
  { name: 'year', min: 1970, max: 2099, special: 'none' },
];

/**
 * Validates a schedule's cron expression the way the platform does: Quartz syntax (6 or 7
 * fields: `sec min hour day-of-month month day-of-week [year]`, exactly one of the two day
 * fields `?`), an optional trailing ` UTC` stripped, and the at-most-hourly rule approximated by
 * requiring plain integer seconds and minutes.
 *
 * @example
 * ```ts
 * checkQuartzCron('0 0 12 * * ? UTC'); // { ok: true, expression: '0 0 12 * * ?' }
 * checkQuartzCron('0 0 * * *'); // { ok: false, reason: 'invalid', ... } (5-field Unix cron)
 * ```
 */
export function checkQuartzCron(input: string | undefined): CronCheck {
  const trimmed = (input ?? '')
    .trim()
    .replace(/(^|\s+)UTC$/i, '')
    .trim();
  if (trimmed === '') {
    return { ok: false, reason: 'missing', message: 'Missing cron expression in the schedule.' };
  }
  const fields = trimmed.split(/\s+/);
  const invalid = (detail: string): CronCheck => ({
    ok: false,
    reason: 'invalid',
    message: `The cron expression ${trimmed} is not valid. Error: ${detail}. Please check the cron expression format at ${quartzDocs}`,
  });
  if (fields.length < 6 || fields.length > 7) {
    return invalid(`Cron expression contains ${fields.length} parts but we expect one of [6, 7]`);
  }
  for (let index = 0; index < fields.length; index += 1) {
    const problem = checkField(fields[index] as string, fieldRules[index] as FieldRule);
    if (problem !== undefined) return invalid(problem);
  }
  const dayOfMonth = fields[3] as string;
  const dayOfWeek = fields[5] as string;
  if ((dayOfMonth === '?') === (dayOfWeek === '?')) {
    return invalid(
      'Both, a day-of-week AND a day-of-month parameter, are not supported; one of them must be ?',
    );
  }
  if (!/^\d+$/.test(fields[0] as string) || !/^\d+$/.test(fields[1] as string)) {
    return {
      ok: false,
      reason: 'too-frequent',
      message: `The cron expression ${trimmed} is not valid or is less than the one hour minimum. The seconds and minutes values cannot be \`*\`.`,
    };
  }
  return { ok: true, expression: fields.join(' ') };
}

function checkField(field: string, rule: FieldRule): string | undefined {
  if (field === '?') {
    return rule.special === 'none' ? `Invalid chars in expression! Expression: ? in ${rule.name}` : undefined;
  }
  for (const part of field.split(',')) {
    const problem = checkPart(part, rule);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function checkPart(part: string, rule: FieldRule): string | undefined {
  if (part === '') return `Empty value in ${rule.name}`;
  if (rule.special === 'day-of-month' && /^(L|LW|L-\d{1,2}|\d{1,2}W)$/.test(part)) {
    const number = Number.parseInt(part.replace(/\D/g, '') || '1', 10);
    return number <= 31 ? undefined : `Day-of-month value ${part} out of range`;
  }
  if (rule.special === 'day-of-week') {
    const hash = /^([A-Za-z]{3}|\d)#([1-5])$/.exec(part);
    if (hash)
      return fieldValue(hash[1] as string, rule) === undefined ? `Invalid day-of-week ${part}` : undefined;
    const last = /^([A-Za-z]{3}|\d)?L$/.exec(part);
    if (last)
      return last[1] === undefined || fieldValue(last[1], rule) !== undefined ? undefined : `Invalid ${part}`;
  }
  const [range, step, ...rest] = part.split('/');
  if (rest.length > 0) return `Invalid step in ${rule.name}: ${part}`;
  if (step !== undefined && !/^\d+$/.test(step)) return `Invalid step in ${rule.name}: ${part}`;
  if (range === '*') return undefined;
  const bounds = (range as string).split('-');
  if (bounds.length > 2) return `Invalid range in ${rule.name}: ${part}`;
  const values = bounds.map((bound) => fieldValue(bound, rule));
  if (values.some((value) => value === undefined)) return `Invalid value in ${rule.name}: ${part}`;
  return undefined;
}

function fieldValue(token: string, rule: FieldRule): number | undefined {
  if (/^\d+$/.test(token)) {
    const number = Number.parseInt(token, 10);
    return number >= rule.min && number <= rule.max ? number : undefined;
  }
  const index = rule.names?.indexOf(token.toUpperCase()) ?? -1;
  return index >= 0 ? index + rule.min : undefined;
}
