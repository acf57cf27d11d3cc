import { asanaDefinition } from '@conduit/asana';
import { createLocalExecutor } from '@conduit/asana/deprecated';
import { type AsanaSimulator, startAsanaSimulator } from '@conduit/testkit';
import { asSchema, type Tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conduitTools } from './ai-sdk';

let sim: AsanaSimulator;
let tools: Record<string, Tool>;

beforeAll(async () => {
  sim = await startAsanaSimulator({ dataset: { preset: 'tiny', seed: 9 } });
  const executor = createLocalExecutor({
    auth: { token: sim.tokens.personalAccessToken },
    baseUrl: sim.baseUrl,
  });
  tools = conduitTools([{ definition: asanaDefinition, executor }]);
});
afterAll(() => sim?.close());

function run(name: string, input: Record<string, unknown>): Promise<unknown> {
  const execute = tools[name]?.execute;
  if (!execute) throw new Error(`no executable tool ${name}`);
  return Promise.resolve(execute(input, { toolCallId: 'call-1', messages: [] } as never));
}

describe('conduitTools (Vercel AI SDK)', () => {
  it('gives the same tools as the MCP server, with JSON schemas from the definition', async () => {
    expect(Object.keys(tools)).toContain('asana_project_tasks_list');
    expect(Object.keys(tools)).not.toContain('asana_tasks_search');
    const schema = await asSchema(tools.asana_project_tasks_list!.inputSchema).jsonSchema;
    expect(schema).toMatchObject({ type: 'object', required: ['project_gid'] });
    expect(tools.asana_project_tasks_list!.description).toBe('List the tasks of a project');
  });

  it('names the record fields in the description of fields (the model sees no output schema)', async () => {
    const schema = (await asSchema(tools.asana_projects_get!.inputSchema).jsonSchema) as {
      properties: { fields: { description: string } };
    };
    const names = Object.keys(asanaDefinition.entities.projects!.actions.get!.record.shape);
    expect(schema.properties.fields.description).toBe(`record fields to keep: ${names.join(', ')}`);
  });

  it('runs a list with fields and a cursor, and reports errors as results', async () => {
    const first = (await run('asana_workspaces_list', { limit: 1, fields: ['gid'] })) as {
      records: { gid: string }[];
      next_cursor: string | null;
    };
    expect(first.records).toEqual([{ gid: sim.data.workspaces[0]!.gid }]);
    const failed = (await run('asana_projects_get', { project_gid: '424242424242' })) as Record<
      string,
      unknown
    >;
    expect(failed).toMatchObject({ isError: true, error: 'not_found' });
  });
});
