import type { SalesforceDataset, SalesforceRecord } from './salesforce-dataset';
import { SalesforceHttpError } from './salesforce-http-error';
import { type SalesforceField, type SalesforceObject, SOBJECTS } from './sobject-schema';
import { compileSoql } from './soql-engine';
import { SoqlError } from './soql-error';

// SOSL as Salesforce's REST search resource takes it (crm-upstream.md §6.1): the documented
// subset `FIND {term} [IN ALL|NAME|EMAIL|PHONE FIELDS] RETURNING Object[(fields [WHERE …]
// [LIMIT n])], … [LIMIT n]`. Anything else of SOSL is refused as Salesforce refuses a search it
// cannot parse: 400 `MALFORMED_SEARCH`.

type Scope = 'ALL' | 'NAME' | 'EMAIL' | 'PHONE';

/** One object of the RETURNING clause. */
interface Returning {
  object: SalesforceObject;
  fields: string;
  where: string | undefined;
  limit: number | undefined;
}

/** A parsed search: the term's words (a quoted phrase is one), where to look, what to return. */
interface SoslSearch {
  words: string[];
  scope: Scope;
  returning: Returning[];
  limit: number | undefined;
}

/** The record fields each scope reads; name fields are the objects' own (describe's nameField). */
const NAME_FIELDS: Readonly<Record<string, readonly string[]>> = {
  Task: ['Subject'],
  Event: ['Subject'],
  Case: ['CaseNumber'],
  Note: ['Title'],
  ContentVersion: ['Title'],
};
const TEXT_TYPES = new Set(['string', 'textarea', 'picklist', 'email', 'phone', 'url']);

function malformed(message: string): SalesforceHttpError {
  return new SalesforceHttpError(400, 'MALFORMED_SEARCH', message);
}

/** `text` with every quoted literal blanked (same length), so keywords are found outside them. */
function outsideQuotes(text: string): string {
  return text.replace(/'(?:\\.|[^'\\])*'/g, (literal) => ' '.repeat(literal.length));
}

/** Where the parenthesis opening `text` closes (nested ones in a WHERE counted), or -1. */
function closingParenthesis(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function parseLimit(raw: string, where: string): number {
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1) throw malformed(`LIMIT must be a positive integer in ${where}`);
  return limit;
}

/** The term inside the braces: its words, a quoted phrase as one, backslash escapes undone. */
function termWords(term: string): string[] {
  const words: string[] = [];
  const pattern = /"((?:\\.|[^"\\])*)"|((?:\\.|[^\s"\\])+)/g;
  for (const match of term.matchAll(pattern)) {
    const word = (match[1] ?? match[2] ?? '').replace(/\\(.)/g, '$1').trim();
    if (word !== '') words.push(word);
  }
  if (words.some((word) => /^(AND|OR|AND NOT)$/i.test(word)))
    throw malformed('Search operators (AND, OR, AND NOT) are not supported by this simulator');
  return words;
}

/** The RETURNING list up to what follows it (the search's LIMIT, if any). */
function parseReturning(text: string): { returning: Returning[]; rest: string } {
  const returning: Returning[] = [];
  let rest = text.trim();
  for (;;) {
    const head = /^([A-Za-z][A-Za-z0-9_]*)\s*/.exec(rest);
    if (head === null) throw malformed(`unexpected token in RETURNING: ${rest.slice(0, 20) || 'the end'}`);
    const object = SOBJECTS.get((head[1] as string).toLowerCase());
    if (object === undefined)
      throw new SalesforceHttpError(400, 'INVALID_TYPE', `sObject type '${head[1]}' is not supported.`);
    rest = rest.slice(head[0].length);
    let inner = 'Id';
    if (rest.startsWith('(')) {
      const close = closingParenthesis(outsideQuotes(rest));
      if (close === -1) throw malformed(`missing ) after RETURNING ${object.name}(`);
      inner = rest.slice(1, close).trim();
      rest = rest.slice(close + 1).trim();
    }
    returning.push({ object, ...parseObjectClause(object, inner) });
    if (!rest.startsWith(',')) return { returning, rest };
    rest = rest.slice(1).trim();
  }
}

/** `Id, Name WHERE Industry = 'Energy' LIMIT 5` → fields, condition, limit. */
function parseObjectClause(object: SalesforceObject, inner: string): Omit<Returning, 'object'> {
  const blanked = outsideQuotes(inner);
  if (/\b(ORDER\s+BY|OFFSET|USING|WITH)\b/i.test(blanked))
    throw malformed(`only fields, WHERE and LIMIT are supported in RETURNING ${object.name}(…)`);
  const limitAt = /\bLIMIT\s+(\S+)\s*$/i.exec(blanked);
  const limit = limitAt === null ? undefined : parseLimit(limitAt[1] as string, `RETURNING ${object.name}`);
  const body = limitAt === null ? inner : inner.slice(0, limitAt.index);
  const whereAt = /\bWHERE\b/i.exec(outsideQuotes(body));
  const fields = (whereAt === null ? body : body.slice(0, whereAt.index)).trim();
  const where = whereAt === null ? undefined : body.slice(whereAt.index + whereAt[0].length).trim();
  if (fields === '') throw malformed(`RETURNING ${object.name}(…) names no fields`);
  if (where === '') throw malformed(`WHERE without a condition in RETURNING ${object.name}`);
  return { fields, where, limit };
}

/**
 * Parses the documented SOSL subset, refusing everything else with `MALFORMED_SEARCH`.
 *
 * @example
 * ```ts
 * parseSosl('FIND {Acme} IN NAME FIELDS RETURNING Account(Id, Name) LIMIT 5').returning[0]?.object.name; // 'Account'
 * ```
 */
export function parseSosl(sosl: string): SoslSearch {
  const find = /^\s*FIND\s*\{((?:\\.|[^\\}])*)\}\s*/i.exec(sosl);
  if (find === null) throw malformed('No search term found. The search term must be enclosed in braces.');
  const words = termWords(find[1] as string);
  if (words.length === 0)
    throw malformed('No search term found. The search term must be enclosed in braces.');
  let rest = sosl.slice(find[0].length);
  let scope: Scope = 'ALL';
  const inClause = /^IN\s+(\w+)\s+FIELDS\s*/i.exec(rest);
  if (inClause !== null) {
    const named = (inClause[1] as string).toUpperCase();
    if (named !== 'ALL' && named !== 'NAME' && named !== 'EMAIL' && named !== 'PHONE')
      throw malformed(`IN ${inClause[1]} FIELDS is not supported; use ALL, NAME, EMAIL or PHONE FIELDS`);
    scope = named;
    rest = rest.slice(inClause[0].length);
  }
  const returning = /^RETURNING\s+/i.exec(rest);
  if (returning === null) throw malformed(`expected RETURNING, found: ${rest.slice(0, 20) || 'the end'}`);
  const parsed = parseReturning(rest.slice(returning[0].length));
  const global = /^LIMIT\s+(\S+)\s*$/i.exec(parsed.rest);
  if (parsed.rest !== '' && global === null)
    throw malformed(`unexpected token after RETURNING: ${parsed.rest.slice(0, 20)}`);
  const limit = global === null ? undefined : parseLimit(global[1] as string, 'the search');
  return { words, scope, returning: parsed.returning, limit };
}

function scopeFields(object: SalesforceObject, scope: Scope): SalesforceField[] {
  if (scope === 'EMAIL') return object.fields.filter((field) => field.type === 'email');
  if (scope === 'PHONE') return object.fields.filter((field) => field.type === 'phone');
  if (scope === 'NAME') {
    const names = NAME_FIELDS[object.name] ?? ['Name', 'FirstName', 'LastName'];
    return object.fields.filter((field) => names.includes(field.name));
  }
  return object.fields.filter((field) => TEXT_TYPES.has(field.type));
}

/** A term word as a whole-token pattern: `*` any characters, `?` one, case-insensitive. */
function wordPattern(word: string): RegExp {
  const source = word
    .split('')
    .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])${source}(?:$|[^\\p{L}\\p{N}])`, 'iu');
}

/**
 * Runs a search over the dataset: the records of each RETURNING object (not deleted) whose
 * scope fields hold every word of the term, filtered by its WHERE, cut to its LIMIT and the
 * search's, projected to the fields it names (`attributes` and all), in RETURNING order.
 *
 * @example
 * ```ts
 * runSosl(data, 'FIND {Acme} RETURNING Account(Id, Name)', '/services/data/v62.0'); // { searchRecords: [...] }
 * ```
 */
export function runSosl(
  data: SalesforceDataset,
  sosl: string,
  versionPath: string,
): { searchRecords: Record<string, unknown>[] } {
  const search = parseSosl(sosl);
  const patterns = search.words.map(wordPattern);
  const searchRecords: Record<string, unknown>[] = [];
  for (const item of search.returning) {
    const soql = `SELECT ${item.fields} FROM ${item.object.name}${item.where === undefined ? '' : ` WHERE ${item.where}`}`;
    let query: ReturnType<typeof compileSoql>;
    try {
      query = compileSoql(data, soql);
    } catch (error) {
      if (error instanceof SoqlError) throw new SalesforceHttpError(400, error.errorCode, error.reason);
      throw error;
    }
    const fields = scopeFields(item.object, search.scope);
    const matches = (record: SalesforceRecord) => {
      const text = fields
        .map((field) => record[field.name])
        .filter((value) => typeof value === 'string')
        .join('\n');
      return patterns.every((pattern) => pattern.test(text));
    };
    const found = query.run(false).filter(matches);
    for (const record of found.slice(0, item.limit)) {
      if (search.limit !== undefined && searchRecords.length >= search.limit) break;
      searchRecords.push(query.project(record, versionPath));
    }
  }
  return { searchRecords };
}
