import { describe, expect, it } from 'vitest';
import { fillPath } from './fill-path';

describe('fillPath', () => {
  it('fills every placeholder, encoded, and leaves the other params for the query', () => {
    expect(fillPath('/tasks/{task_gid}', { task_gid: '1', limit: 5 })).toEqual({
      path: '/tasks/1',
      rest: { limit: 5 },
    });
    expect(
      fillPath('/workspaces/{workspace_gid}/tasks/{kind}', {
        workspace_gid: 'a/b c',
        kind: 'x?y',
        opt: true,
      }),
    ).toEqual({ path: '/workspaces/a%2Fb%20c/tasks/x%3Fy', rest: { opt: true } });
  });

  it('returns a template without placeholders as it is, the same on every call', () => {
    expect(fillPath('/workspaces', { limit: 1 })).toEqual({ path: '/workspaces', rest: { limit: 1 } });
    expect(fillPath('/workspaces', {})).toEqual({ path: '/workspaces', rest: {} });
    expect(fillPath('/tasks/{task_gid}', { task_gid: 7 }).path).toBe('/tasks/7');
    expect(fillPath('/tasks/{task_gid}', { task_gid: 8 }).path).toBe('/tasks/8');
  });
});
