/** The value of one parsed flag. */
export type FlagValue = boolean | string | string[];

/**
 * The flags of one command line, read by name. Asking for a flag the command does not declare is
 * a programming error and throws, so a typo in a command module fails its tests.
 *
 * @example
 * ```ts
 * const flags = new ParsedFlags(new Map([['all', true]]), new Set(['all', 'param']));
 * flags.boolean('all'); // true
 * flags.strings('param'); // []
 * ```
 */
export class ParsedFlags {
  readonly #values: ReadonlyMap<string, FlagValue>;
  readonly #declared: ReadonlySet<string>;

  constructor(values: ReadonlyMap<string, FlagValue>, declared: ReadonlySet<string>) {
    this.#values = values;
    this.#declared = declared;
  }

  #get(name: string): FlagValue | undefined {
    if (!this.#declared.has(name)) throw new Error(`flag --${name} is not declared by this command`);
    return this.#values.get(name);
  }

  /** True when the flag was given at all. */
  has(name: string): boolean {
    return this.#get(name) !== undefined;
  }

  /** A boolean flag: true when given. */
  boolean(name: string): boolean {
    return this.#get(name) === true;
  }

  /** A single-valued string flag, or `undefined` when not given. */
  string(name: string): string | undefined {
    const value = this.#get(name);
    if (Array.isArray(value)) return value.at(-1);
    return typeof value === 'string' ? value : undefined;
  }

  /** Every value of a repeatable flag, in order (empty when not given). */
  strings(name: string): string[] {
    const value = this.#get(name);
    if (Array.isArray(value)) return [...value];
    return typeof value === 'string' ? [value] : [];
  }

  /** The names of the flags that were given, for diagnostics. */
  given(): string[] {
    return [...this.#values.keys()];
  }
}
