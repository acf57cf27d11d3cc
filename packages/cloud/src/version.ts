declare const __PACKAGE_VERSION__: string | undefined;

/**
 * The version of `@conduit/cloud`, stamped in at build time.
 *
 * @example
 * ```ts
 * console.log(`conduit-cloud ${VERSION}`);
 * ```
 */
export const VERSION: string = typeof __PACKAGE_VERSION__ === 'string' ? __PACKAGE_VERSION__ : '0.0.0-test';
