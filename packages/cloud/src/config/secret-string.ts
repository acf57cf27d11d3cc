const masked = '****';
const inspectSymbol = Symbol.for('nodejs.util.inspect.custom');

/**
 * A secret held so that it never prints: `String(secret)`, template literals, `JSON.stringify`
 * and `console.log`/`util.inspect` all show `****`. Only {@link SecretString.reveal} gives the
 * value, and the client calls it only to build a request.
 *
 * @example
 * ```ts
 * const secret = new SecretString(process.env.PLATFORM_CLOUD_CLIENT_SECRET!);
 * console.log(secret); // SecretString(****)
 * secret.reveal(); // the value
 * ```
 */
export class SecretString {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  /** Wraps a string (or passes a `SecretString` through); `undefined`, `null` and `''` give `undefined`. */
  static from(value: string | SecretString | undefined | null): SecretString | undefined {
    if (value instanceof SecretString) return value.isEmpty ? undefined : value;
    if (value === undefined || value === null || value === '') return undefined;
    return new SecretString(value);
  }

  /** The secret itself. */
  reveal(): string {
    return this.#value;
  }

  /** True for an empty secret. */
  get isEmpty(): boolean {
    return this.#value === '';
  }

  toString(): string {
    return masked;
  }

  toJSON(): string {
    return masked;
  }

  [inspectSymbol](): string {
    return `SecretString(${masked})`;
  }
}
