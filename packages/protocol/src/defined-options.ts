/**
 * `T` with the keys whose value may be `undefined` made optional and `undefined` taken out of
 * their type: what {@link definedOptions} returns.
 */
export type DefinedOptions<T> = {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K];
} & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/**
 * A copy of `options` without the keys whose value is `undefined`: how an option bag is passed
 * on to the next layer, one object literal naming every field, instead of one
 * conditional spread per field (`{}` when `x` is undefined, else `{ x }`). An absent key and a key set to
 * `undefined` read the same to `options.x ?? fallback`, but not to `'x' in options`, to
 * `Object.keys`, or to a strict equality check of the object, so the layers pass on only the
 * keys that are set. `null`, `false`, `0` and `''` are kept: they are values.
 *
 * @example
 * ```ts
 * createTransport(definedOptions({ baseUrl, auth: options.auth, retry: options.retry }));
 * definedOptions({ a: 1, b: undefined }); // { a: 1 }
 * ```
 */
export function definedOptions<T extends object>(options: T): DefinedOptions<T> {
  const defined: Record<string, unknown> = {};
  for (const key in options) {
    const value = options[key];
    if (value !== undefined) defined[key] = value;
  }
  return defined as DefinedOptions<T>;
}
