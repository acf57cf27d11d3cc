import { PlatformError } from '../errors/platform-error';

/**
 * Imports an optional peer dependency (a warehouse driver) when it is first needed, so users who
 * never read results back need not install it. A missing driver fails with a `PlatformError`
 * saying what to install.
 *
 * @example
 * ```ts
 * const pg = await loadOptionalDriver('pg', () => import('pg'));
 * ```
 */
export async function loadOptionalDriver<Module>(name: string, load: () => Promise<Module>): Promise<Module> {
  try {
    return await load();
  } catch (error) {
    throw new PlatformError(
      `Reading this destination needs the optional peer dependency "${name}": install it.`,
      {
        code: 'missing_dependency',
        cause: error,
        guidance: `npm install ${name}`,
      },
    );
  }
}
