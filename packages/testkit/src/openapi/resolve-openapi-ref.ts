import { ValidationError } from '@conduit/protocol';
import type { OpenApiDocument } from './openapi-document';

/**
 * Follows a local JSON-pointer `$ref` (`#/components/schemas/Task`) inside `document`. Remote refs
 * (other files, URLs) are rejected: a response validator must never fetch anything.
 *
 * @example
 * ```ts
 * const task = resolveOpenApiRef(spec, '#/components/schemas/TaskResponse');
 * ```
 */
export function resolveOpenApiRef(document: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#')) {
    throw new ValidationError(`Only local $ref values are supported, got ${ref}`, {
      details: [{ field: '$ref', message: `not a local reference: ${ref}`, error_code: 'invalid_ref' }],
    });
  }
  const pointer = ref.slice(1);
  if (pointer === '') return document;
  let current: unknown = document;
  for (const rawToken of pointer.split('/').slice(1)) {
    // RFC 6901 escapes: "~1" is "/" and "~0" is "~", decoded in that order.
    const token = decodeURIComponent(rawToken).replaceAll('~1', '/').replaceAll('~0', '~');
    if (current === null || typeof current !== 'object' || !(token in current)) {
      throw new ValidationError(`Unresolvable $ref ${ref}`, {
        details: [{ field: '$ref', message: `nothing at ${ref}`, error_code: 'invalid_ref' }],
      });
    }
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}
