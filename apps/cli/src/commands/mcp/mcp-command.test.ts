import { OUTPUT_SCHEMAS } from '@conduit/mcp';
import { describe, expect, it } from 'vitest';
import { mcpCommand } from './mcp-command';

describe('conduit mcp flags', () => {
  it('completes --output-schemas with exactly the values @conduit/mcp accepts', () => {
    // The command spec writes them out (importing @conduit/mcp there would load the MCP SDK for
    // every command's help and completion); this keeps the copy honest.
    const flag = mcpCommand.flags?.find((candidate) => candidate.name === 'output-schemas');
    expect(flag?.complete).toEqual([...OUTPUT_SCHEMAS]);
  });
});
