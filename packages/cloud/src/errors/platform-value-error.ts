import { PlatformError, type PlatformErrorOptions } from './platform-error';

/**
 * Options of {@link PlatformValueError}.
 *
 * @example
 * ```ts
 * new PlatformValueError('Connection is already enabled', { field: 'enabled', inputValue: true });
 * ```
 */
export interface PlatformValueErrorOptions extends PlatformErrorOptions {
  /** The argument at fault, e.g. `enabled`. */
  field?: string;
  /** The value given (never a secret). */
  inputValue?: unknown;
}

/**
 * A call whose argument value makes no sense in the current state: the seed's plain `ValueError`,
 * raised by `setEnabled(x, { ignoreNoop: false })` when the connection is already in state `x`.
 * It is also the base of {@link PlatformInputError}, as the original's input error is a
 * `ValueError` too, so `instanceof PlatformValueError` catches every bad-argument case.
 *
 * @example
 * ```ts
 * try {
 *   await connection.setEnabled(true, { ignoreNoop: false });
 * } catch (error) {
 *   if (error instanceof PlatformValueError) console.log('nothing to do');
 * }
 * ```
 */
export class PlatformValueError extends PlatformError {
  override readonly name: string = 'PlatformValueError';
  readonly field: string | undefined;
  readonly inputValue: unknown;

  constructor(message: string, options: PlatformValueErrorOptions = {}) {
    super(message, {
      code: 'invalid_value',
      ...(options.field === undefined || options.details !== undefined
        ? {}
        : { details: [{ field: options.field, message, error_code: options.code ?? 'invalid_value' }] }),
      ...options,
    });
    this.field = options.field;
    this.inputValue = options.inputValue;
  }
}
