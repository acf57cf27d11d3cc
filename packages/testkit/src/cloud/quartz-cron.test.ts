import { describe, expect, it } from 'vitest';
import { checkQuartzCron } from './quartz-cron';

describe('checkQuartzCron', () => {
  it.each([
    ['0 0 12 * * ?', '0 0 12 * * ?'],
    ['0 0 12 * * ? UTC', '0 0 12 * * ?'],
    ['0 0 0/6 * * ?', '0 0 0/6 * * ?'],
    ['0 0 0 ? * SUN', '0 0 0 ? * SUN'],
    ['0 30 10 L * ? 2030', '0 30 10 L * ? 2030'],
    ['0 15 10 ? * 6#3', '0 15 10 ? * 6#3'],
    ['0 0 9 ? JAN-MAR MON-FRI', '0 0 9 ? JAN-MAR MON-FRI'],
  ])('accepts %s', (input, expression) => {
    expect(checkQuartzCron(input)).toEqual({ ok: true, expression });
  });

  it('rejects a missing expression', () => {
    expect(checkQuartzCron(undefined)).toMatchObject({ ok: false, reason: 'missing' });
    expect(checkQuartzCron('  UTC')).toMatchObject({ ok: false, reason: 'missing' });
  });

  it.each([
    ['0 0 * * *', 'five-field Unix cron'],
    ['0 0 12 * * *', 'both day fields set'],
    ['0 0 12 ? * ?', 'both day fields ?'],
    ['0 61 12 * * ?', 'minute out of range'],
    ['0 0 25 * * ?', 'hour out of range'],
    ['0 0 12 * FOO ?', 'unknown month name'],
    ['0 0 12 * * ? 1800', 'year out of range'],
    ['0 0 12 ? * MON#9', 'bad nth weekday'],
  ])('rejects %s (%s) as invalid', (input) => {
    const result = checkQuartzCron(input);
    expect(result).toMatchObject({ ok: false, reason: 'invalid' });
    if (!result.ok) expect(result.message).toContain('is not valid. Error:');
  });

  it.each([['* 0 12 * * ?'], ['0 * 12 * * ?'], ['0/5 0 12 * * ?'], ['0 */5 * * * ?']])(
    'rejects %s as more frequent than hourly',
    (input) => {
      const result = checkQuartzCron(input);
      expect(result).toMatchObject({ ok: false, reason: 'too-frequent' });
      if (!result.ok) expect(result.message).toContain('less than the one hour minimum');
    },
  );
});
