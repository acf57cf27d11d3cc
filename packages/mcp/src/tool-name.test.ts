import { describe, expect, it } from 'vitest';
import { MAX_TOOL_NAME_LENGTH, shortIds, toolName } from './tool-name';

describe('toolName', () => {
  it('keeps a name that fits as it is, with unsafe characters replaced', () => {
    expect(toolName('asana', 'tasks', 'list')).toBe('asana_tasks_list');
    expect(toolName('zendesk.support', 'tickets', 'get')).toBe('zendesk_support_tickets_get');
  });

  it('never makes two long names one by cutting them', () => {
    const prefix = `asana_${'a'.repeat(60)}`;
    const list = toolName(prefix, 'tasks', 'list');
    const get = toolName(prefix, 'tasks', 'get');
    expect(list).not.toBe(get);
    expect(list.length).toBeLessThanOrEqual(MAX_TOOL_NAME_LENGTH);
    expect(get.length).toBeLessThanOrEqual(MAX_TOOL_NAME_LENGTH);
    expect(list).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(toolName(prefix, 'tasks', 'list')).toBe(list);
  });
});

describe('shortIds', () => {
  it('gives each key a short id that does not change between calls or with the set', () => {
    const ids = shortIds(['con_1', 'con_2', 'con_3']);
    expect(new Set(ids.values()).size).toBe(3);
    for (const id of ids.values()) expect(id).toMatch(/^[a-z2-7]{6}$/);
    expect(shortIds(['con_2']).get('con_2')).toBe(ids.get('con_2'));
  });

  it('stays distinct over many keys', () => {
    const keys = Array.from({ length: 5_000 }, (_, index) => `con_${index}`);
    expect(new Set(shortIds(keys).values()).size).toBe(keys.length);
  });
});
