import { ValidationError } from '@conduit/protocol';
import type { BlobContent } from './blob-content';
import { OPPORTUNITY_STAGES } from './opportunity-stages';
import { salesforceId } from './salesforce-ids';
import { type SalesforceObject, SOBJECTS } from './sobject-schema';

/**
 * A stored record: API field names to values. Datetimes are epoch milliseconds, dates
 * `YYYY-MM-DD` strings; a missing key reads as null.
 *
 * @example
 * ```ts
 * const account: SalesforceRecord = { Id: '001…', Name: 'Acme', IsDeleted: false };
 * ```
 */
export type SalesforceRecord = Record<string, unknown> & { Id: string };

/**
 * A report the analytics endpoints run: columns of one object, optionally filtered (a SOQL
 * condition) and grouped.
 *
 * @example
 * ```ts
 * const report: SalesforceReportDefinition = { object: 'Case', columns: ['CaseNumber', 'Status'], where: 'IsClosed = false' };
 * ```
 */
export interface SalesforceReportDefinition {
  object: string;
  columns: string[];
  where?: string;
  groupBy?: string;
}

/** A soft or hard deletion, for getDeleted. */
interface Deletion {
  id: string;
  type: string;
  deletedDate: number;
}

function fail(field: string, message: string): never {
  throw new ValidationError(`${field}: ${message}`, {
    details: [{ field, message, error_code: 'invalid_param' }],
  });
}

/** Salesforce stores timestamps to the second. */
const toSecond = (ms: number): number => Math.floor(ms / 1000) * 1000;

/**
 * The simulated org's data: records per sObject, an id index, the delete log, blob contents.
 * Writes keep Salesforce's bookkeeping: audit fields, `SystemModstamp`, soft deletes (kept for
 * `queryAll` and getDeleted until purged) and derived fields (`Name` of people, opportunity
 * stage flags, case and task `IsClosed`).
 *
 * @example
 * ```ts
 * const data = new SalesforceDataset();
 * const account = data.insert('Account', { Name: 'Acme' });
 * data.update(account.Id, { Industry: 'Energy' });
 * data.delete(account.Id);
 * ```
 */
export class SalesforceDataset {
  /** Simulator time; the simulator sets it to its clock. */
  now: () => number = () => Date.now();
  /** Org id (`00D…`) and the API user the tokens act as. */
  orgId = salesforceId('00D', 1);
  apiUserId = '';
  readonly byId = new Map<string, SalesforceRecord>();
  /** Report definitions by Report id. */
  readonly reports = new Map<string, SalesforceReportDefinition>();
  private readonly tables = new Map<string, SalesforceRecord[]>();
  /** Types whose table is no longer in `Id` order (a record inserted with an id of its own). */
  private readonly unordered = new Set<string>();
  private readonly counters = new Map<string, number>();
  private readonly deletions: Deletion[] = [];
  private readonly blobs = new Map<string, BlobContent>();
  private caseNumber = 1000;

  /** The sObject definition for a name (case-insensitive), or a typed error. */
  object(type: string): SalesforceObject {
    return SOBJECTS.get(type.toLowerCase()) ?? fail('type', `unknown sObject ${type}`);
  }

  /** Live (not deleted) record by 18-character id. */
  get(id: string): SalesforceRecord | undefined {
    const record = this.byId.get(id);
    return record === undefined || record.IsDeleted === true ? undefined : record;
  }

  /** Records of one type in insertion order; deleted ones only with `includeDeleted`. */
  records(type: string, includeDeleted = false): SalesforceRecord[] {
    const table = this.tables.get(this.object(type).name) ?? [];
    return includeDeleted ? table : table.filter((record) => record.IsDeleted !== true);
  }

  /**
   * Whether the records of a type (`records(type, true)`) are in ascending `Id` order: they are as
   * inserted, ids being handed out in sequence, unless one was inserted with an id of its own.
   */
  inIdOrder(type: string): boolean {
    return !this.unordered.has(this.object(type).name);
  }

  /** Number of live records of a type. */
  count(type: string): number {
    return this.records(type).length;
  }

  /**
   * Adds a record with a fresh id and audit fields (`at` overrides the creation time, for
   * generated history). Derived fields are computed.
   */
  insert(type: string, fields: Record<string, unknown>, at?: number): SalesforceRecord {
    const object = this.object(type);
    for (const name of Object.keys(fields)) {
      if (!object.byName.has(name.toLowerCase())) fail(name, `no such field on ${object.name}`);
    }
    const index = (this.counters.get(object.keyPrefix) ?? 0) + 1;
    this.counters.set(object.keyPrefix, index);
    const stamp = toSecond(at ?? this.now());
    const user = this.apiUserId || null;
    // Bookkeeping first, in one literal, so records of a type share one shape (100,000 inserts
    // adding properties one by one cost seconds); the given fields override it.
    const record: SalesforceRecord = {
      Id: salesforceId(object.keyPrefix, index),
      IsDeleted: false,
      CreatedDate: stamp,
      CreatedById: user,
      LastModifiedDate: stamp,
      LastModifiedById: user,
      SystemModstamp: stamp,
      OwnerId: user,
      ...fields,
    };
    if (!object.byName.has('isdeleted')) delete record.IsDeleted;
    if (!object.byName.has('ownerid')) delete record.OwnerId;
    this.derive(object.name, record);
    let table = this.tables.get(object.name);
    if (table === undefined) {
      table = [];
      this.tables.set(object.name, table);
    }
    const last = table.at(-1);
    if (last !== undefined && last.Id >= record.Id) this.unordered.add(object.name);
    table.push(record);
    this.byId.set(record.Id, record);
    return record;
  }

  /** Changes fields of a live record, bumping `LastModifiedDate` and `SystemModstamp`. */
  update(id: string, patch: Record<string, unknown>): SalesforceRecord {
    const record = this.get(id) ?? fail('id', `no live record ${id}`);
    const object = this.object(this.typeOf(id));
    for (const name of Object.keys(patch)) {
      const field = object.byName.get(name.toLowerCase());
      if (field === undefined) fail(name, `no such field on ${object.name}`);
      if (field.name === 'Id') fail(name, 'cannot change the id');
      record[field.name] = patch[name];
    }
    const stamp = toSecond(this.now());
    record.LastModifiedDate = stamp;
    record.LastModifiedById = this.apiUserId || null;
    record.SystemModstamp = stamp;
    this.derive(object.name, record);
    return record;
  }

  /** Moves a record to the recycle bin: `IsDeleted` true, `SystemModstamp` bumped, logged. */
  delete(id: string): SalesforceRecord {
    const record = this.get(id) ?? fail('id', `no live record ${id}`);
    const stamp = toSecond(this.now());
    record.IsDeleted = true;
    record.SystemModstamp = stamp;
    record.LastModifiedDate = stamp;
    this.deletions.push({ id, type: this.typeOf(id), deletedDate: stamp });
    return record;
  }

  /** Removes a deleted record for good (emptied recycle bin): gone from queryAll and getDeleted. */
  purge(id: string): void {
    const record = this.byId.get(id) ?? fail('id', `no record ${id}`);
    const type = this.typeOf(id);
    this.byId.delete(id);
    const table = this.tables.get(type) ?? [];
    table.splice(table.indexOf(record), 1);
    for (let i = this.deletions.length - 1; i >= 0; i -= 1) {
      if (this.deletions[i]?.id === id) this.deletions.splice(i, 1);
    }
    this.blobs.delete(id);
  }

  /** Purges every record deleted before `cutoff` (the recycle bin's retention). */
  purgeDeletedBefore(cutoff: number): void {
    const old = this.deletions.filter((entry) => entry.deletedDate < cutoff);
    for (const entry of old) if (this.byId.get(entry.id)?.IsDeleted === true) this.purge(entry.id);
  }

  /** Date of the oldest deletion still logged for a type. */
  earliestDeletion(type: string): number | undefined {
    const name = this.object(type).name;
    return this.deletions.find((entry) => entry.type === name)?.deletedDate;
  }

  /** Deletions of a type in `[start, end]`, oldest first. */
  deletedBetween(type: string, start: number, end: number): Array<{ id: string; deletedDate: number }> {
    const name = this.object(type).name;
    return this.deletions
      .filter((entry) => entry.type === name && entry.deletedDate >= start && entry.deletedDate <= end)
      .map(({ id, deletedDate }) => ({ id, deletedDate }));
  }

  /** The sObject name of an id, from its key prefix. */
  typeOf(id: string): string {
    const prefix = id.slice(0, 3);
    for (const object of SOBJECTS.values()) if (object.keyPrefix === prefix) return object.name;
    return fail('id', `unknown key prefix ${prefix}`);
  }

  /** Sets the bytes behind a record's blob field. */
  setBlob(id: string, content: BlobContent): void {
    this.blobs.set(id, content);
  }

  /** The bytes behind a record's blob field, if any. */
  blob(id: string): BlobContent | undefined {
    return this.blobs.get(id);
  }

  private derive(type: string, record: SalesforceRecord): void {
    switch (type) {
      case 'Contact':
      case 'Lead':
      case 'User':
        record.Name = [record.FirstName, record.LastName]
          .filter((part) => typeof part === 'string' && part !== '')
          .join(' ');
        break;
      case 'Opportunity': {
        const stage = OPPORTUNITY_STAGES.find((candidate) => candidate.label === record.StageName);
        if (stage !== undefined) {
          record.IsClosed = stage.closed;
          record.IsWon = stage.won;
          record.ForecastCategory = stage.forecastCategory;
          record.ForecastCategoryName = stage.forecastCategoryName;
          if (typeof record.Probability !== 'number') record.Probability = stage.probability;
        }
        record.ExpectedRevenue =
          typeof record.Amount === 'number' && typeof record.Probability === 'number'
            ? Math.round(record.Amount * record.Probability) / 100
            : null;
        break;
      }
      case 'Case':
        if (record.CaseNumber === undefined) {
          this.caseNumber += 1;
          record.CaseNumber = String(this.caseNumber).padStart(8, '0');
        }
        record.IsClosed = record.Status === 'Closed';
        record.IsEscalated ??= record.Status === 'Escalated';
        break;
      case 'Task':
        record.IsClosed = record.Status === 'Completed';
        record.IsHighPriority = record.Priority === 'High';
        break;
      default:
        break;
    }
  }
}
