import { SimulatedHttpError } from './simulated-http-error';

/**
 * The Config API's `KnownExceptionInfo` error body (its 4xx/5xx answers are not problem JSON).
 *
 * @example
 * ```ts
 * throw configError(423, 'A sync is running', 'io.airbyte.commons.server.errors.SyncIsRunningException');
 * ```
 */
export function configError(
  status: number,
  message: string,
  exceptionClassName?: string,
): SimulatedHttpError {
  return new SimulatedHttpError(status, {
    message,
    ...(exceptionClassName === undefined ? {} : { exceptionClassName }),
    exceptionStack: [],
    rootCauseExceptionStack: [],
  });
}

/**
 * The Config API's 404 (`NotFoundKnownExceptionInfo`, which adds the missing `id`).
 *
 * @example
 * ```ts
 * throw configNotFound(connectionId, `Could not find configuration for STANDARD_SYNC: ${connectionId}.`);
 * ```
 */
export function configNotFound(id: string, message: string): SimulatedHttpError {
  return new SimulatedHttpError(404, {
    id,
    message,
    exceptionClassName: 'io.airbyte.commons.server.errors.IdNotFoundKnownException',
    exceptionStack: [],
    rootCauseExceptionStack: [],
  });
}

/** One failed property of a Config API request. */
export interface InvalidInputProperty {
  propertyPath: string;
  invalidValue?: string;
  message?: string;
}

/**
 * The Config API's 422 (`InvalidInputExceptionInfo`, with `validationErrors`).
 *
 * @example
 * ```ts
 * throw configInvalidInput('Some properties contained invalid input.', [{ propertyPath: 'connectionId', message: 'must not be null' }]);
 * ```
 */
export function configInvalidInput(
  message: string,
  validationErrors: InvalidInputProperty[],
): SimulatedHttpError {
  return new SimulatedHttpError(422, {
    message,
    exceptionClassName: 'jakarta.validation.ConstraintViolationException',
    exceptionStack: [],
    validationErrors,
  });
}
