import { didYouMean } from '../../framework/suggest';
import { UsageError } from '../../framework/usage-error';
import type { FieldDescription, JsonType } from '../../introspect/field-description';

/** The params of one `conduit exec`, as written on the command line. */
export interface ParamsInput {
  /** Each `--param KEY=VALUE`, in order. */
  readonly pairs: readonly string[];
  /** `--params-json`, if given. */
  readonly json: string | undefined;
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'off']);

function describeTypes(types: readonly JsonType[]): string {
  const words: Record<JsonType, string> = {
    string: 'a string',
    integer: 'an integer',
    number: 'a number',
    boolean: 'true or false',
    array: 'a JSON array',
    object: 'a JSON object',
    any: 'any JSON value',
  };
  return types.map((type) => words[type]).join(' or ');
}

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch {
    return { ok: false };
  }
}

function jsonTypeOf(value: unknown): JsonType | 'null' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'object':
      return 'object';
    default:
      return 'any';
  }
}

/**
 * One command-line word as a value of the given JSON types, or `undefined` when it cannot be.
 * Strings are taken as written; numbers, booleans, arrays and objects are parsed.
 */
function coerceScalar(raw: string, types: readonly JsonType[]): { value: unknown } | undefined {
  for (const type of types) {
    switch (type) {
      case 'string':
        return { value: raw };
      case 'integer':
        if (/^[+-]?\d+$/.test(raw.trim()) && Number.isSafeInteger(Number(raw))) return { value: Number(raw) };
        break;
      case 'number': {
        const number = Number(raw);
        if (raw.trim() !== '' && Number.isFinite(number)) return { value: number };
        break;
      }
      case 'boolean': {
        const word = raw.trim().toLowerCase();
        if (TRUE_WORDS.has(word)) return { value: true };
        if (FALSE_WORDS.has(word)) return { value: false };
        break;
      }
      case 'array':
      case 'object': {
        const parsed = parseJson(raw);
        if (parsed.ok && jsonTypeOf(parsed.value) === type) return { value: parsed.value };
        break;
      }
      case 'any': {
        // Untyped: JSON when it parses as JSON, else the text itself.
        const parsed = parseJson(raw);
        return { value: parsed.ok ? parsed.value : raw };
      }
    }
  }
  return undefined;
}

function coercionError(field: FieldDescription, raw: string, expected: string): UsageError {
  return new UsageError(`--param ${field.name}: expected ${expected}, got "${raw}"`, {
    code: 'invalid_param_value',
    details: [
      { field: `params.${field.name}`, message: `expected ${expected}`, error_code: 'invalid_param_value' },
    ],
  });
}

function coerce(field: FieldDescription, raw: string): unknown {
  if (field.nullable && raw === 'null') return null;
  if (field.enum) {
    const match = field.enum.find((value) => String(value) === raw);
    if (match === undefined) throw coercionError(field, raw, `one of ${field.enum.map(String).join(', ')}`);
    return match;
  }
  const result = coerceScalar(raw, field.json_types);
  if (!result) throw coercionError(field, raw, describeTypes(field.json_types));
  return result.value;
}

/**
 * Builds the params object of an action from `--params-json` and `--param KEY=VALUE` words, each
 * value coerced to its param's type as the definition declares it (`limit=5` becomes the integer
 * 5, `archived=false` the boolean false). `--param` wins over the same key in `--params-json`.
 * Array params take a JSON array, or one item per repeated `--param`. Keys are taken literally,
 * dots included (`assignee.any`). A word that cannot be coerced is a usage error naming the param.
 *
 * @example
 * ```ts
 * buildParams(fields, { pairs: ['project=12', 'limit=5'], json: undefined }, 'example tasks list');
 * // { project: '12', limit: 5 }
 * ```
 */
export function buildParams(
  fields: readonly FieldDescription[],
  input: ParamsInput,
  label: string,
  options: { readonly untyped?: boolean } = {},
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  if (input.json !== undefined) {
    const parsed = parseJson(input.json);
    if (!parsed.ok || jsonTypeOf(parsed.value) !== 'object') {
      throw new UsageError('--params-json must be a JSON object, e.g. \'{"limit": 10}\'', {
        code: 'invalid_params_json',
      });
    }
    Object.assign(params, parsed.value);
  }
  const byName = new Map(fields.map((field) => [field.name, field]));
  const seen = new Set<string>();
  for (const pair of input.pairs) {
    const separator = pair.indexOf('=');
    if (separator <= 0) {
      throw new UsageError(`--param needs KEY=VALUE, got "${pair}"`, { code: 'invalid_param_syntax' });
    }
    const name = pair.slice(0, separator);
    const raw = pair.slice(separator + 1);
    // Without a definition (a hosted connector type this CLI does not run), every key is taken
    // as given: JSON when the value parses as JSON, else the text.
    const field =
      byName.get(name) ??
      (options.untyped
        ? {
            name,
            type: 'any',
            json_types: ['any'] as const,
            required: false,
            nullable: false,
            constraints: [],
          }
        : undefined);
    if (!field) {
      const known = [...byName.keys()];
      throw new UsageError(`${label} has no param "${name}"`, {
        code: 'unknown_param',
        hint:
          didYouMean(name, known) ??
          (known.length > 0 ? `params: ${known.join(', ')}` : 'this action takes no params'),
      });
    }
    const isArray = field.json_types.length === 1 && field.json_types[0] === 'array';
    if (isArray) {
      const whole = raw.trimStart().startsWith('[') ? coerceScalar(raw, ['array']) : undefined;
      if (whole) {
        params[name] = whole.value;
      } else {
        const itemField: FieldDescription = {
          ...field,
          json_types: field.item_types ?? ['any'],
          nullable: false,
        };
        const previous = seen.has(name) && Array.isArray(params[name]) ? (params[name] as unknown[]) : [];
        params[name] = [...previous, coerce(itemField, raw)];
      }
      seen.add(name);
      continue;
    }
    if (seen.has(name)) {
      throw new UsageError(`--param ${name} is given more than once`, { code: 'repeated_param' });
    }
    seen.add(name);
    params[name] = coerce(field, raw);
  }
  return params;
}
