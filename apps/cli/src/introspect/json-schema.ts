import * as z from 'zod';

/** A JSON Schema (draft 2020-12) object, as `z.toJSONSchema` produces it. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * The JSON Schema of a zod schema: `input` is what a caller may send (optional and defaulted
 * fields not required), `output` what comes back. Parts JSON Schema cannot express (custom
 * checks, transforms) become `{}` ("any JSON") rather than failing, recursive parts become
 * `$ref`s into `$defs`, and the `$schema` keyword is left out so the result embeds in a larger
 * document.
 *
 * @example
 * ```ts
 * jsonSchemaOf(z.strictObject({ limit: z.int().optional() }), 'input');
 * // { type: 'object', properties: { limit: { type: 'integer', … } }, additionalProperties: false }
 * ```
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      cycles: 'ref',
      reused: 'inline',
    });
    return rest;
  } catch {
    // A schema zod cannot convert at all still gets described, as "any JSON".
    return {};
  }
}
