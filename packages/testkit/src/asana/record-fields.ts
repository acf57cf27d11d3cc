import { type FieldTree, projectRecord, type ResolveReference, shapeValue } from './opt-fields';
import type { JsonRecord } from './record-context';

/** What a field builder returns when this particular record leaves the field out. */
export const ABSENT: unique symbol = Symbol('absent');

/** One field of a record: its name and how to build its value from the record's subject. */
export interface RecordField<S> {
  readonly name: string;
  /** Opt-in fields are part of the full record only when `opt_fields` asks for them. */
  readonly optIn?: boolean;
  build(subject: S): unknown;
}

/** Renders one record for the requested `opt_fields`, field set resolved once per request. */
export type RecordProjection<S> = (subject: S, resolve: ResolveReference) => JsonRecord;

/**
 * A record described as an ordered table of fields. The full record builds every field in table
 * order; a projection builds only the fields `opt_fields` asks for, so a list page of
 * `name,created_by` never pays for notes, likes or timestamps it then throws away.
 *
 * A projection answers exactly what {@link projectRecord} answers for the full record (opt-in
 * fields included), which assumes the reference resolver maps a record to this same record: a
 * field the record leaves out is then left out after resolving too.
 *
 * @example
 * ```ts
 * const fields = new RecordFields<Row>([{ name: 'gid', build: (row) => row.gid }]);
 * fields.full(row, false); // { gid: '1' }
 * fields.projection(parseOptFields(query)!)(row, resolve);
 * ```
 */
export class RecordFields<S> {
  private readonly byName: ReadonlyMap<string, RecordField<S>>;

  constructor(private readonly fields: readonly RecordField<S>[]) {
    this.byName = new Map(fields.map((field) => [field.name, field]));
  }

  /** Every field, in table order; opt-in ones only with `optIn`. */
  full(subject: S, optIn: boolean): JsonRecord {
    const record: JsonRecord = {};
    for (const field of this.fields) {
      if (field.optIn === true && !optIn) continue;
      const value = field.build(subject);
      if (value !== ABSENT) record[field.name] = value;
    }
    return record;
  }

  /**
   * The renderer of one field tree: `gid` first, then the requested fields in the order asked.
   * A name the table does not know falls back to projecting the full record, which keeps the
   * generic rules for oddities (names found on `Object.prototype`, say) without copying them here.
   */
  projection(tree: FieldTree): RecordProjection<S> {
    const requested: { field: RecordField<S>; subtree: FieldTree }[] = [];
    for (const [name, subtree] of tree) {
      if (name === 'gid') continue;
      const field = this.byName.get(name);
      if (field === undefined)
        return (subject, resolve) => projectRecord(this.full(subject, true), tree, resolve);
      requested.push({ field, subtree });
    }
    const gid = this.byName.get('gid');
    return (subject, resolve) => {
      const out: JsonRecord = {};
      const gidValue = gid?.build(subject);
      if (gidValue !== undefined && gidValue !== ABSENT) out.gid = gidValue;
      for (const { field, subtree } of requested) {
        const value = field.build(subject);
        if (value !== ABSENT) out[field.name] = shapeValue(value, subtree, resolve);
      }
      return out;
    };
  }
}
