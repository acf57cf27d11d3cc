import type { SearchFieldType } from '@conduit/protocol';
import * as z from 'zod';
import { recordObject } from './record-schema';

const fieldSchemas: { readonly [Type in SearchFieldType]: z.ZodType } = {
  string: z.string().nullable().optional(),
  integer: z.number().nullable().optional(),
  number: z.number().nullable().optional(),
  boolean: z.boolean().nullable().optional(),
  object: z.record(z.string(), z.unknown()).nullable().optional(),
  array: z.array(z.unknown()).nullable().optional(),
};

type FieldOutput<Type extends SearchFieldType> = Type extends 'string'
  ? string
  : Type extends 'integer' | 'number'
    ? number
    : Type extends 'boolean'
      ? boolean
      : Type extends 'object'
        ? Record<string, unknown>
        : unknown[];

/**
 * The shape of a search hit's `data` for `fields` (an entity's searchable fields): each field
 * optional (a projection may leave it out) and nullable.
 *
 * @example
 * ```ts
 * type Shape = SearchRecordShape<{ name: 'string'; completed: 'boolean' }>;
 * ```
 */
export type SearchRecordShape<Fields extends Readonly<Record<string, SearchFieldType>>> = {
  -readonly [Field in keyof Fields]: z.ZodOptional<z.ZodNullable<z.ZodType<FieldOutput<Fields[Field]>>>>;
};

/**
 * The record of an entity's `search` hits, from its searchable fields: the typed client gives
 * `hit.data.name` as `string | null | undefined`, and a field that is not searchable does not
 * compile. The hit still carries every field the service sent (see `recordObject`).
 *
 * @example
 * ```ts
 * const record = searchRecordSchema({ name: 'string', completed: 'boolean' });
 * record.parse({ name: 'Launch', completed: false, notes: 'kept' });
 * ```
 */
export function searchRecordSchema<const Fields extends Readonly<Record<string, SearchFieldType>>>(
  fields: Fields,
): z.ZodObject<SearchRecordShape<Fields>, z.core.$strip> {
  const shape = Object.fromEntries(
    Object.entries(fields).map(([field, type]) => [field, fieldSchemas[type]]),
  ) as SearchRecordShape<Fields>;
  return recordObject(shape);
}
