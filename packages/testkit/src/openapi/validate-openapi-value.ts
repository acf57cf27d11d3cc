import { type ErrorDetail, ResponseValidationError } from '@conduit/protocol';
import type { OpenApiDocument, OpenApiSchema } from './openapi-document';
import { resolveOpenApiRef } from './resolve-openapi-ref';

/**
 * One mismatch between a value and its schema. `path` is a JSON path into the value
 * (`$.data[3].assignee.gid`), so a failing test points straight at the offending field.
 *
 * @example
 * ```ts
 * const issue: OpenApiValidationIssue = { path: '$.data.name', message: 'expected string, got number' };
 * ```
 */
export interface OpenApiValidationIssue {
  path: string;
  message: string;
}

/**
 * How to validate.
 *
 * @example
 * ```ts
 * const options: ValidateOpenApiOptions = { document: spec, unknownProperties: 'error' };
 * ```
 */
export interface ValidateOpenApiOptions {
  /** The document `$ref`s resolve against. */
  document: OpenApiDocument;
  /**
   * `'error'` reports object keys that no schema (merged across `allOf`/`anyOf`/`oneOf`) declares.
   * OpenAPI allows them by default (`'allow'`), but a simulator or client under test should not
   * invent fields, so conformance tests usually turn this on.
   */
  unknownProperties?: 'allow' | 'error';
  /** Check `format` for date-time, date, uri (a URI reference) and email, loosely. Default true. */
  checkFormats?: boolean;
  /** Stop collecting after this many issues. Default 50. */
  maxIssues?: number;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^@\s]+@[^@\s]+$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
// A schema that only ever points at itself would loop forever; real specs never chain this deep.
const MAX_REF_HOPS = 64;

type Declared = Set<string> | 'open';

/**
 * `format: uri`, loosely: an absolute URL or a URI reference without whitespace. Specs in the wild
 * put bare domains under `format: uri` (Asana's own example for `email_domains` is `asana.com`),
 * so rejecting relative references would flag the spec's own examples.
 */
function isUriReference(value: string): boolean {
  return (
    value !== '' && !/\s/.test(value) && (URL.canParse(value) || URL.canParse(value, 'http://base.invalid/'))
  );
}

function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  return typeof value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  return JSON.stringify(left) === JSON.stringify(right);
}

class SchemaValidator {
  readonly issues: OpenApiValidationIssue[] = [];
  private readonly maxIssues: number;

  constructor(private readonly options: ValidateOpenApiOptions) {
    this.maxIssues = options.maxIssues ?? 50;
  }

  get full(): boolean {
    return this.issues.length >= this.maxIssues;
  }

  report(path: string, message: string): void {
    if (!this.full) this.issues.push({ path, message });
  }

  deref(schema: OpenApiSchema | undefined): OpenApiSchema | undefined {
    let current = schema;
    for (let hops = 0; current?.$ref !== undefined; hops += 1) {
      if (hops >= MAX_REF_HOPS) throw new RangeError(`$ref chain too deep at ${current.$ref}`);
      current = resolveOpenApiRef(this.options.document, current.$ref) as OpenApiSchema | undefined;
    }
    return current;
  }

  /** OpenAPI 3.0 spreads `nullable` over `allOf` siblings (`allOf: [{$ref}, {nullable: true}]`). */
  acceptsNull(schema: OpenApiSchema | undefined): boolean {
    const s = this.deref(schema);
    if (s === undefined || typeof s !== 'object') return true;
    if (s.nullable === true) return true;
    if (s.enum?.includes(null)) return true;
    if (s.allOf?.some((member) => this.deref(member)?.nullable === true)) return true;
    const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
    if (branches.some((branch) => this.acceptsNull(branch))) return true;
    // A schema that constrains nothing (no type, no combinators) accepts null like anything else.
    return s.type === undefined && s.allOf === undefined && branches.length === 0 && s.enum === undefined;
  }

  declaredProperties(schema: OpenApiSchema | undefined, seen = new Set<OpenApiSchema>()): Declared {
    const s = this.deref(schema);
    if (s === undefined || typeof s !== 'object' || seen.has(s)) return new Set();
    seen.add(s);
    if (s.additionalProperties === true || isPlainObject(s.additionalProperties)) return 'open';
    const declared = new Set(Object.keys(s.properties ?? {}));
    for (const member of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
      const inner = this.declaredProperties(member, seen);
      if (inner === 'open') return 'open';
      for (const key of inner) declared.add(key);
    }
    return declared;
  }

  validate(
    value: unknown,
    schema: OpenApiSchema | undefined,
    path: string,
    partial: boolean,
    nullableKeys?: ReadonlySet<string>,
  ): void {
    if (this.full) return;
    const s = this.deref(schema);
    if (s === undefined || typeof s !== 'object') return;
    if (value === null && this.acceptsNull(s)) return;

    if (s.allOf !== undefined) {
      const relaxed = isPlainObject(value) ? this.nullableMemberKeys(s.allOf, nullableKeys) : nullableKeys;
      for (const member of s.allOf) this.validate(value, member, path, true, relaxed);
    }
    if (s.anyOf !== undefined) this.validateBranches(value, s.anyOf, path, 'anyOf');
    if (s.oneOf !== undefined) this.validateBranches(value, s.oneOf, path, 'oneOf');

    if (s.type !== undefined && !this.matchesType(value, s.type)) {
      this.report(
        path,
        `expected ${s.type}${s.nullable === true ? ' or null' : ''}, got ${describeType(value)}`,
      );
      return;
    }
    if (s.enum !== undefined && !s.enum.some((allowed) => jsonEqual(allowed, value))) {
      this.report(path, `${JSON.stringify(value)} is not one of ${JSON.stringify(s.enum)}`);
    }
    if (typeof value === 'string') this.validateString(value, s, path);
    else if (typeof value === 'number') this.validateNumber(value, s, path);
    else if (Array.isArray(value)) this.validateArray(value, s, path);
    else if (isPlainObject(value)) this.validateObject(value, s, path, partial, nullableKeys);
  }

  /**
   * Keys some `allOf` member declares `nullable`. OpenAPI 3.0 specs use a later member to relax a
   * property of an earlier one (`allOf: [TaskCompact, {properties: {resource_subtype: {nullable:
   * true}}}]`); read strictly, the first member would still reject the null the spec means to allow.
   */
  private nullableMemberKeys(
    members: readonly OpenApiSchema[],
    inherited: ReadonlySet<string> | undefined,
  ): ReadonlySet<string> | undefined {
    const keys = new Set(inherited);
    for (const member of members) {
      for (const [key, property] of Object.entries(this.deref(member)?.properties ?? {})) {
        if (this.deref(property)?.nullable === true) keys.add(key);
      }
    }
    return keys.size === 0 ? undefined : keys;
  }

  private matchesType(value: unknown, type: string): boolean {
    switch (type) {
      case 'string':
        return typeof value === 'string';
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'integer':
        return typeof value === 'number' && Number.isInteger(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'array':
        return Array.isArray(value);
      case 'object':
        return isPlainObject(value);
      default:
        // Unknown type keywords are a spec defect, not a value defect: do not fail the value for it.
        return true;
    }
  }

  private validateBranches(
    value: unknown,
    branches: readonly OpenApiSchema[],
    path: string,
    keyword: 'anyOf' | 'oneOf',
  ): void {
    let matches = 0;
    let closest: OpenApiValidationIssue[] | undefined;
    for (const branch of branches) {
      const trial = new SchemaValidator(this.options);
      trial.validate(value, branch, path, true);
      if (trial.issues.length === 0) matches += 1;
      else if (closest === undefined || trial.issues.length < closest.length) closest = trial.issues;
    }
    if (matches === 0) {
      this.report(path, `matches none of the ${keyword} branches`);
      for (const issue of closest ?? []) this.report(issue.path, issue.message);
    } else if (keyword === 'oneOf' && matches > 1) {
      this.report(path, `matches ${matches} oneOf branches, expected exactly one`);
    }
  }

  private validateString(value: string, s: OpenApiSchema, path: string): void {
    if (s.minLength !== undefined && value.length < s.minLength) {
      this.report(path, `shorter than ${s.minLength} characters`);
    }
    if (s.maxLength !== undefined && value.length > s.maxLength) {
      this.report(path, `longer than ${s.maxLength} characters`);
    }
    if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(value)) {
      this.report(path, `does not match pattern ${s.pattern}`);
    }
    if (this.options.checkFormats === false || s.format === undefined) return;
    const valid =
      s.format === 'date-time'
        ? DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))
        : s.format === 'date'
          ? DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
          : s.format === 'uri'
            ? isUriReference(value)
            : s.format === 'email'
              ? EMAIL.test(value)
              : true;
    if (!valid) this.report(path, `${JSON.stringify(value)} is not a valid ${s.format}`);
  }

  private validateNumber(value: number, s: OpenApiSchema, path: string): void {
    if (s.minimum !== undefined && (s.exclusiveMinimum === true ? value <= s.minimum : value < s.minimum)) {
      this.report(path, `${value} is below the minimum ${s.minimum}`);
    }
    if (s.maximum !== undefined && (s.exclusiveMaximum === true ? value >= s.maximum : value > s.maximum)) {
      this.report(path, `${value} is above the maximum ${s.maximum}`);
    }
  }

  private validateArray(value: readonly unknown[], s: OpenApiSchema, path: string): void {
    if (s.minItems !== undefined && value.length < s.minItems) {
      this.report(path, `has fewer than ${s.minItems} items`);
    }
    if (s.maxItems !== undefined && value.length > s.maxItems) {
      this.report(path, `has more than ${s.maxItems} items`);
    }
    if (s.items === undefined) return;
    value.forEach((item, index) => {
      this.validate(item, s.items, childPath(path, index), false);
    });
  }

  private validateObject(
    value: Record<string, unknown>,
    s: OpenApiSchema,
    path: string,
    partial: boolean,
    nullableKeys: ReadonlySet<string> | undefined,
  ): void {
    for (const key of s.required ?? []) {
      if (!(key in value)) this.report(childPath(path, key), 'is required but missing');
    }
    const properties = s.properties ?? {};
    for (const [key, child] of Object.entries(value)) {
      const propertySchema = properties[key];
      if (child === null && nullableKeys?.has(key) === true) continue;
      if (propertySchema !== undefined) {
        this.validate(child, propertySchema, childPath(path, key), false);
      } else if (s.additionalProperties === false) {
        this.report(childPath(path, key), 'is not allowed (additionalProperties: false)');
      } else if (isPlainObject(s.additionalProperties)) {
        this.validate(child, s.additionalProperties, childPath(path, key), false);
      }
    }
    // Members of a combinator see only part of the object; the unknown-key check runs once, on the
    // schema that owns the whole value, against the union of everything its members declare.
    if (partial || this.options.unknownProperties !== 'error') return;
    const declared = this.declaredProperties(s);
    if (declared === 'open' || declared.size === 0) return;
    for (const key of Object.keys(value)) {
      if (!declared.has(key)) this.report(childPath(path, key), 'is not declared by the schema');
    }
  }
}

/**
 * Validates a JSON value against an OpenAPI 3.0 schema object: `$ref` (local), `type`, `nullable`
 * (also spread over `allOf` siblings), `enum`, `properties`, `required`, `additionalProperties`,
 * `items`, `allOf`/`oneOf`/`anyOf`, numeric and length bounds, `pattern`, and loose `format`
 * checks. Returns every issue found (up to `maxIssues`); an empty array means the value conforms.
 *
 * @example
 * ```ts
 * const schema = responseSchemaFor(spec, 'GET', '/tasks/{task_gid}', 200);
 * const issues = validateOpenApiValue(body, schema, { document: spec, unknownProperties: 'error' });
 * expect(issues).toEqual([]);
 * ```
 */
export function validateOpenApiValue(
  value: unknown,
  schema: OpenApiSchema | undefined,
  options: ValidateOpenApiOptions,
): OpenApiValidationIssue[] {
  const validator = new SchemaValidator(options);
  validator.validate(value, schema, '$', false);
  return validator.issues;
}

/**
 * Like {@link validateOpenApiValue} but throws a `ResponseValidationError` whose `details` name each
 * offending JSON path.
 *
 * @example
 * ```ts
 * assertOpenApiValue(body, schema, { document: spec, label: 'GET /tasks' });
 * ```
 */
export function assertOpenApiValue(
  value: unknown,
  schema: OpenApiSchema | undefined,
  options: ValidateOpenApiOptions & { label?: string },
): void {
  const issues = validateOpenApiValue(value, schema, options);
  if (issues.length === 0) return;
  const details: ErrorDetail[] = issues.map((issue) => ({
    field: issue.path,
    message: issue.message,
    error_code: 'schema_mismatch',
  }));
  const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  throw new ResponseValidationError(`${options.label ?? 'value'} does not match its schema: ${summary}`, {
    details,
  });
}
