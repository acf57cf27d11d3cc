import type * as z from 'zod';
import type { ActionDefinition, ConnectorDefinition, ParamRule } from './connector-definition';
import { findAction } from './connector-definition';
import { UnsupportedOperationError, ValidationError } from './errors/client-errors';
import type { ErrorDetail } from './errors/conduit-error';
import { formatJsonPath } from './json-path';
import { resolveParamAliases } from './param-aliases';
import { zodIssueDetails } from './zod-issue-details';

function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function ruleFaults(rule: ParamRule, params: Record<string, unknown>): ErrorDetail[] {
  if (rule.kind === 'at-least-one') {
    return rule.params.some((name) => isGiven(params[name]))
      ? []
      : [
          {
            field: formatJsonPath(['params', rule.params[0]!]),
            message: rule.message,
            error_code: 'missing_param',
          },
        ];
  }
  const complete = rule.groups.filter((group) => group.every((name) => isGiven(params[name])));
  if (complete.length === 0) {
    // Name what is missing from the group the caller came closest to, so the message is actionable.
    const closest = [...rule.groups].sort(
      (a, b) => b.filter((n) => isGiven(params[n])).length - a.filter((n) => isGiven(params[n])).length,
    )[0]!;
    const missing = closest.filter((name) => !isGiven(params[name]));
    return missing.map((name) => ({
      field: formatJsonPath(['params', name]),
      message: `${rule.message} (missing: ${missing.join(', ')})`,
      error_code: 'missing_param',
    }));
  }
  if (rule.exclusive) {
    const used = rule.groups.flat().filter((name) => isGiven(params[name]));
    const chosen = complete[0]!;
    const extra = used.filter((name) => !chosen.includes(name));
    if (complete.length > 1 || extra.length > 0) {
      return [
        {
          field: formatJsonPath(['params', (extra[0] ?? complete[1]?.[0])!]),
          message: `${rule.message} (given together: ${used.join(', ')})`,
          error_code: 'invalid_param',
        },
      ];
    }
  }
  return [];
}

/** A fault in a param the caller gave by an alias is reported under the alias. */
function withCallerName(detail: ErrorDetail, renamed: ReadonlyMap<string, string>): ErrorDetail {
  for (const [name, alias] of renamed) {
    const field = formatJsonPath(['params', name]);
    const given = detail.field;
    if (given === field || given?.startsWith(`${field}.`) || given?.startsWith(`${field}[`)) {
      return { ...detail, field: formatJsonPath(['params', alias]) + given.slice(field.length) };
    }
  }
  return detail;
}

/**
 * Checks `params` against an action's schema and rules, before anything is sent upstream.
 * Params given by an alias (`action.paramAliases`) are renamed first.
 * Returns the parsed params (defaults applied) or throws a `ValidationError` naming every field
 * at fault (`params.<name>`, code `missing_param` or `invalid_param`).
 *
 * @example
 * ```ts
 * const params = validateActionParams(action, { project: '123', limit: 50 });
 * ```
 */
export function validateActionParams<Params extends z.ZodObject>(
  action: ActionDefinition<ActionDefinition['kind'], Params>,
  params: unknown,
): z.output<Params> {
  const input = params ?? {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new ValidationError('params must be an object', {
      status: 400,
      details: [{ field: 'params', message: 'params must be an object', error_code: 'invalid_param' }],
    });
  }
  const { params: record, renamed } = resolveParamAliases(action, input as Record<string, unknown>);
  const result = action.params.safeParse(record);
  const details = result.success
    ? []
    : zodIssueDetails(result.error.issues, {
        root: 'params',
        errorCode: 'invalid_param',
        missingCode: 'missing_param',
        input: record,
        relativeMessages: true,
        unknownKey: (key) => `unknown parameter ${JSON.stringify(key)}`,
      }).map((detail) => withCallerName(detail, renamed));
  // Rules only ask which params are present, so they are checked even when a value is wrong:
  // the caller learns every fault at once. A field already at fault is not reported twice.
  const ruleInput = result.success ? (result.data as Record<string, unknown>) : record;
  const faulty = new Set(details.map((detail) => detail.field));
  for (const rule of action.rules ?? []) {
    details.push(...ruleFaults(rule, ruleInput).filter((detail) => !faulty.has(detail.field)));
  }
  if (details.length > 0 || !result.success) {
    const missing = details.filter((d) => d.error_code === 'missing_param');
    const code = missing.length === details.length ? 'missing_param' : 'invalid_param';
    throw new ValidationError(details.map((d) => d.message).join('; '), { code, status: 400, details });
  }
  return result.data;
}

/**
 * Finds the action of a connector and validates its params, with the hosted service's error codes:
 * `unknown_entity`, `unsupported_action` (both `UnsupportedOperationError`), `missing_param`,
 * `invalid_param` (`ValidationError`).
 *
 * @example
 * ```ts
 * const { action, params } = resolveExecuteRequest(tasksDefinition, 'tasks', 'list', { project: '1' });
 * ```
 */
export function resolveExecuteRequest(
  definition: ConnectorDefinition,
  entity: string,
  actionName: string,
  params: unknown,
): { action: ActionDefinition; params: Record<string, unknown> } {
  const action = findAction(definition, entity, actionName);
  if ('error' in action) {
    if (action.error === 'unknown_entity') {
      throw new UnsupportedOperationError(
        `${definition.displayName} has no entity "${entity}"; entities: ${Object.keys(definition.entities).join(', ')}`,
        {
          code: 'unknown_entity',
          status: 400,
          details: [{ field: 'entity', message: `unknown entity "${entity}"`, error_code: 'unknown_entity' }],
        },
      );
    }
    const offered = Object.keys(definition.entities[entity]!.actions).join(', ');
    throw new UnsupportedOperationError(
      `${definition.displayName} entity "${entity}" has no action "${actionName}"; actions: ${offered}`,
      {
        code: 'unsupported_action',
        status: 400,
        details: [
          {
            field: 'action',
            message: `unsupported action "${actionName}"`,
            error_code: 'unsupported_action',
          },
        ],
      },
    );
  }
  return { action, params: validateActionParams(action, params) as Record<string, unknown> };
}
