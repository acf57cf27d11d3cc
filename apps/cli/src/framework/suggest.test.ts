import { describe, expect, it } from 'vitest';
import { didYouMean, suggest } from './suggest';

describe('suggest', () => {
  it('finds a close name, allowing about one typo per four characters', () => {
    expect(suggest('descrbe', ['describe', 'exec'])).toBe('describe');
    expect(suggest('tsaks', ['tasks', 'teams'])).toBe('tasks');
    expect(suggest('x', ['exec'])).toBeUndefined();
    expect(suggest('completely-different', ['exec'])).toBeUndefined();
  });

  it('prefers a name the typed word begins', () => {
    expect(suggest('work', ['workspace_task_search', 'tasks'])).toBe('workspace_task_search');
  });

  it('is case-insensitive and says "did you mean"', () => {
    expect(didYouMean('JSON', ['json'])).toBe('did you mean json?');
    expect(didYouMean('zzz', ['json'])).toBeUndefined();
  });
});
