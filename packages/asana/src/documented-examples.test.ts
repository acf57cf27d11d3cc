import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { asanaDefinition } from './definition/definition';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The rows of the README's "Entities and actions" table: entity, action, description, params. */
function tableRows(): string[][] {
  const section = readme.split('## Entities and actions')[1] ?? '';
  return section
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
}

describe('the README', () => {
  it("lists exactly the definition's entity/action pairs, with their descriptions", () => {
    const documented = tableRows().map(([entity, action, description]) => [
      entity!.replaceAll('`', ''),
      action!.replaceAll('`', ''),
      description,
    ]);
    const declared = Object.entries(asanaDefinition.entities).flatMap(([entity, definition]) =>
      Object.entries(definition.actions).map(([action, spec]) => [entity, action, spec.description]),
    );
    expect(documented).toEqual(declared);
    expect(documented).toHaveLength(36);
  });

  it('names every required param of every pair', () => {
    for (const [entity, action, , params] of tableRows()) {
      const spec = Object.entries(
        asanaDefinition.entities[entity!.replaceAll('`', '') as keyof typeof asanaDefinition.entities]
          .actions,
      ).find(([name]) => name === action!.replaceAll('`', ''))![1];
      const required = Object.entries(spec.params.shape)
        .filter(
          ([, schema]) =>
            !(schema as { safeParse(value: unknown): { success: boolean } }).safeParse(undefined).success,
        )
        .map(([name]) => name);
      for (const name of required) expect(params, `${entity} ${action}`).toContain(`\`${name}\``);
    }
  });
});
