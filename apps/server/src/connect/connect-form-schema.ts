import * as z from 'zod';

/**
 * A connect page form as posted (`application/x-www-form-urlencoded`): the kind and the token
 * method chosen, and the inputs `credentials.<field>` and `config.<field>` of that method and kind.
 *
 * @example
 * ```ts
 * ConnectFormSchema.parse({ connector_type: 'task-management', method: 'personal_access_token', 'credentials.token': 'pat' });
 * ```
 */
export const ConnectFormSchema = z
  .object({
    connector_type: z.string().min(1).max(64),
    method: z.string().min(1).max(64),
  })
  .catchall(z.string().max(4096));

/**
 * A connect page form.
 *
 * @example
 * ```ts
 * const form: ConnectFormBody = { connector_type: 'support-desk', method: 'api_token' };
 * ```
 */
export type ConnectFormBody = z.output<typeof ConnectFormSchema>;
