declare const __PACKAGE_VERSION__: string | undefined;

/**
 * The version of `@conduit/transport`, stamped in at build time. It names us in the User-Agent.
 *
 * @example
 * ```ts
 * buildUserAgent(); // '… conduit-transport/' + VERSION + ' …'
 * ```
 */
export const VERSION: string = typeof __PACKAGE_VERSION__ === 'string' ? __PACKAGE_VERSION__ : '0.0.0-test';
