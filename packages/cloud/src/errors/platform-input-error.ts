import { PlatformValueError, type PlatformValueErrorOptions } from './platform-value-error';

/**
 * Bad input caught on the client before (or instead of) calling the platform: arguments of
 * `publishCustomSourceDefinition` (both or neither of manifest and Docker image, a manifest that
 * fails pre-validation), `name` together with `nameFilter`, an empty stream selection, a missing
 * `destinationType`, a missing workspace id, an unresolvable Config API root. `field`/`details`
 * name what to fix.
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (error instanceof PlatformInputError) for (const d of error.details) console.log(d.field, d.message);
 * }
 * ```
 */
export class PlatformInputError extends PlatformValueError {
  override readonly name: string = 'PlatformInputError';

  constructor(message: string, options: PlatformValueErrorOptions = {}) {
    super(message, { code: 'invalid_input', ...options });
  }
}
