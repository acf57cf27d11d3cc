import type { Migration } from './migration';

/**
 * The origins a connect session's `return_url` may point to, per application (issue 28): a JSON
 * array of origins set through the admin API, null while the operator set none.
 */
export const migration0020ApplicationReturnUrlOrigins: Migration = {
  version: 20,
  name: 'application-return-url-origins',
  sqlite: `
    ALTER TABLE applications ADD COLUMN return_url_origins TEXT;
  `,
  postgres: `
    ALTER TABLE applications ADD COLUMN return_url_origins TEXT;
  `,
};
