import { describe, expect, it } from 'vitest';
import { TaskTable } from './task-table';

describe('TaskTable.gidOf', () => {
  it('prints every gid exactly as String() does', () => {
    const table = new TaskTable();
    const values = [
      0,
      7,
      99_999_999,
      100_000_000,
      100_000_001,
      199_999_999,
      1_200_000_000_000_000,
      1_234_567_800_000_001,
      1_999_999_999_999_999,
      Number.MAX_SAFE_INTEGER,
      9_999_999_999_999_998,
      1e16,
      2 ** 60,
      1e21,
      123_456_789.5,
      -100_000_001,
    ];
    for (let k = 0; k < 5_000; k += 1) values.push(1_200_000_000_000_000 + k * 99_999_999);
    for (const value of values) {
      table.gid[0] = value;
      expect(table.gidOf(0)).toBe(String(value));
    }
  });
});
