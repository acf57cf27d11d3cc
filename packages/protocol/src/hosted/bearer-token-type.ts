import * as z from 'zod';

/**
 * `token_type` of a token response. OAuth says the value is case-insensitive, so `Bearer` is read
 * as `bearer`; anything else is refused.
 */
export const BearerTokenTypeSchema = z
  .string()
  .regex(/^bearer$/i, { error: 'token_type must be "bearer"' })
  .transform((): 'bearer' => 'bearer');
