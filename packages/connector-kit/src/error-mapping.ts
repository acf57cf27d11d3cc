import type { ErrorMapper } from '@conduit/transport';

/**
 * The error-mapping hook of several mappers: the first that returns an error wins; when none
 * does, the transport's status mapping applies.
 *
 * @example
 * ```ts
 * createConnectorExecutor({ definition, baseUrl, errorMapper: composeErrorMappers(mapCursorErrors, mapPlanErrors) });
 * ```
 */
export function composeErrorMappers(...mappers: readonly ErrorMapper[]): ErrorMapper {
  return (context) => {
    for (const mapper of mappers) {
      const error = mapper(context);
      if (error !== undefined) return error;
    }
    return undefined;
  };
}
