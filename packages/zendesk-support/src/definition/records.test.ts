import { compileRecordCheck } from '@conduit/connector-kit';
import { describe, expect, it } from 'vitest';
import * as records from './records';

describe('records', () => {
  it("every record compiles to the kit's record check, so pages are used as they came, not copied by zod", () => {
    for (const [name, schema] of Object.entries(records)) {
      if (name.endsWith('Record')) expect(compileRecordCheck(schema as never), name).toBeTypeOf('function');
    }
  });
});
