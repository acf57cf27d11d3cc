import * as z from 'zod';

const timestamp = z.iso.datetime({ offset: true });

/**
 * The shape of a client id: 1-128 characters of `A-Z a-z 0-9 . _ ~ -` (safe in a URL path).
 *
 * @example
 * ```ts
 * ClientIdSchema.parse('app_0f3c9a1b2c3d4e5f');
 * ```
 */
export const ClientIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9._~-]{1,128}$/, { error: 'client_id must be 1-128 characters of A-Z a-z 0-9 . _ ~ -' });

/**
 * Body of `POST /admin/v1/applications`: the application's display name and, optionally, the client
 * id to give it (generated otherwise). The secret is always generated.
 *
 * @example
 * ```ts
 * CreateApplicationRequestSchema.parse({ name: 'Billing app' });
 * ```
 */
export const CreateApplicationRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  client_id: ClientIdSchema.optional(),
});

/**
 * Body of an application creation.
 *
 * @example
 * ```ts
 * const body: CreateApplicationRequest = { name: 'Billing app' };
 * ```
 */
export type CreateApplicationRequest = z.input<typeof CreateApplicationRequestSchema>;

/**
 * `active`, or `revoked` (its tokens and its secret no longer work).
 *
 * @example
 * ```ts
 * APPLICATION_STATUSES.includes('revoked'); // true
 * ```
 */
export const APPLICATION_STATUSES = ['active', 'revoked'] as const;

/**
 * A registered application as the admin API shows it; never its secret (only its hash is kept).
 *
 * @example
 * ```ts
 * const application = ApplicationSchema.parse(await response.json());
 * ```
 */
export const ApplicationSchema = z.object({
  id: z.string().min(1),
  client_id: z.string().min(1),
  name: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  created_at: timestamp,
  updated_at: timestamp,
  revoked_at: timestamp.nullable(),
});

/**
 * A registered application.
 *
 * @example
 * ```ts
 * const active = (application: Application) => application.status === 'active';
 * ```
 */
export type Application = z.output<typeof ApplicationSchema>;

/**
 * An application with its new `client_secret`: the answer of creation and of a secret rotation,
 * the only time the secret is ever shown.
 *
 * @example
 * ```ts
 * const { client_id, client_secret } = ApplicationWithSecretSchema.parse(await response.json());
 * ```
 */
export const ApplicationWithSecretSchema = ApplicationSchema.extend({
  client_secret: z.string().min(1),
});

/**
 * An application with its secret, shown once.
 *
 * @example
 * ```ts
 * const created: ApplicationWithSecret = ApplicationWithSecretSchema.parse(json);
 * ```
 */
export type ApplicationWithSecret = z.output<typeof ApplicationWithSecretSchema>;

/**
 * `GET /admin/v1/applications`: `{data: Application[]}`, oldest first.
 *
 * @example
 * ```ts
 * const { data } = ApplicationListSchema.parse(await response.json());
 * ```
 */
export const ApplicationListSchema = z.object({ data: z.array(ApplicationSchema) });

/**
 * A list of applications.
 *
 * @example
 * ```ts
 * const { data }: ApplicationList = ApplicationListSchema.parse(json);
 * ```
 */
export type ApplicationList = z.output<typeof ApplicationListSchema>;
