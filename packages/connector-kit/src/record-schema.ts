import * as z from 'zod';

/**
 * The schema of an upstream record: at runtime a `z.looseObject`, so every key the upstream sends
 * is kept (a caller's `conduit exec` output, a sync, a custom field lose nothing, and the kit's
 * `compileRecordCheck` uses a page as it came); in the type, only the declared keys, so reading a
 * field the record does not declare (`task.nmae`) is a compile error rather than `unknown`.
 *
 * The rest of a record stays reachable on purpose: a record type is an object type without an
 * index signature, which TypeScript lets a caller widen to `Record<string, unknown>`
 * (`const raw: Record<string, unknown> = task; raw.custom_field_42`), or narrow with an
 * intersection (`task as Task & { approval_status?: string }`).
 *
 * The type says `$strip` only to drop zod's `[key: string]: unknown` from `z.output`; `.extend`,
 * `.pick` and the rest keep the runtime catchall, so derived schemas keep unknown keys too.
 *
 * @example
 * ```ts
 * const TaskSchema = recordObject({ gid: z.string(), name: z.string() });
 * type Task = z.output<typeof TaskSchema>; // { gid: string; name: string }
 * TaskSchema.parse({ gid: '1', name: 'x', notes: 'kept' }); // { gid: '1', name: 'x', notes: 'kept' }
 * ```
 */
export function recordObject<Shape extends z.core.$ZodLooseShape>(
  shape: Shape,
): z.ZodObject<{ -readonly [K in keyof Shape]: Shape[K] }, z.core.$strip> {
  return z.looseObject(shape) as unknown as z.ZodObject<
    { -readonly [K in keyof Shape]: Shape[K] },
    z.core.$strip
  >;
}
