import * as z from 'zod';
import { BearerTokenTypeSchema } from './bearer-token-type';

const externalUserId = z.string().min(1).max(255);

/**
 * Body of `POST /api/v1/account/applications/token`: an application's client credentials.
 *
 * @example
 * ```ts
 * ApplicationTokenRequestSchema.parse({ client_id: 'app', client_secret: 's3cret' });
 * ```
 */
export const ApplicationTokenRequestSchema = z.strictObject({
  client_id: z.string().min(1).max(256),
  client_secret: z.string().min(1).max(1024),
});

/**
 * Body of an application token request.
 *
 * @example
 * ```ts
 * const body: ApplicationTokenRequest = { client_id: 'app', client_secret: secret };
 * ```
 */
export type ApplicationTokenRequest = z.output<typeof ApplicationTokenRequestSchema>;

/**
 * Response of the application token call: a bearer token valid for `expires_in` seconds (900).
 *
 * @example
 * ```ts
 * const { access_token, expires_in } = ApplicationTokenResponseSchema.parse(await response.json());
 * ```
 */
export const ApplicationTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: BearerTokenTypeSchema,
  expires_in: z.int().positive(),
});

/**
 * Response of the application token call.
 *
 * @example
 * ```ts
 * const { access_token, expires_in }: ApplicationTokenResponse = ApplicationTokenResponseSchema.parse(json);
 * ```
 */
export type ApplicationTokenResponse = z.output<typeof ApplicationTokenResponseSchema>;

/**
 * Body of `POST /api/v1/account/applications/scoped-token`: the external user the token acts
 * for. `workspace_name`, the reference service's newer name for the same thing, is accepted and
 * normalized to `external_user_id`; giving both with different values is refused.
 *
 * @example
 * ```ts
 * ScopedTokenRequestSchema.parse({ workspace_name: 'user-42' }); // { external_user_id: 'user-42' }
 * ```
 */
export const ScopedTokenRequestSchema = z
  .strictObject({ external_user_id: externalUserId.optional(), workspace_name: externalUserId.optional() })
  .superRefine((body, context) => {
    if (body.external_user_id === undefined && body.workspace_name === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['external_user_id'],
        message: 'external_user_id is required',
      });
    } else if (
      body.external_user_id !== undefined &&
      body.workspace_name !== undefined &&
      body.external_user_id !== body.workspace_name
    ) {
      context.addIssue({
        code: 'custom',
        path: ['workspace_name'],
        message: 'workspace_name is another name for external_user_id; give one of them',
      });
    }
  })
  .transform((body) => ({ external_user_id: (body.external_user_id ?? body.workspace_name)! }));

/**
 * Body of a scoped token request, normalized.
 *
 * @example
 * ```ts
 * const body: ScopedTokenRequest = { external_user_id: 'user-42' };
 * ```
 */
export type ScopedTokenRequest = z.output<typeof ScopedTokenRequestSchema>;

/**
 * Response of the scoped token call: a bearer token acting for one external user.
 * `token_type` and `expires_in` default to `bearer` and 1200 s (the documented lifetime) because
 * the reference service answers with `{token}` alone.
 *
 * @example
 * ```ts
 * const { token, expires_in } = ScopedTokenResponseSchema.parse({ token: 'eyJ…' }); // expires_in 1200
 * ```
 */
export const ScopedTokenResponseSchema = z.object({
  token: z.string().min(1),
  token_type: BearerTokenTypeSchema.default('bearer'),
  expires_in: z.int().positive().default(1200),
});

/**
 * Response of the scoped token call.
 *
 * @example
 * ```ts
 * const { token, expires_in }: ScopedTokenResponse = ScopedTokenResponseSchema.parse(json);
 * ```
 */
export type ScopedTokenResponse = z.output<typeof ScopedTokenResponseSchema>;
