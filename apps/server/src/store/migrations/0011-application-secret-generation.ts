import type { Migration } from './migration';

/**
 * The generation of each application's secret: 1 for the first, one more at each rotation. An
 * application token carries the generation it was issued for, and minting a scoped token refuses
 * one from an older generation, so rotating a leaked secret also ends what its tokens could mint
 * (issue 28, finding 8).
 */
export const migration0011ApplicationSecretGeneration: Migration = {
  version: 11,
  name: 'application-secret-generation',
  sqlite: 'ALTER TABLE applications ADD COLUMN secret_generation INTEGER NOT NULL DEFAULT 1;',
  postgres: 'ALTER TABLE applications ADD COLUMN secret_generation INTEGER NOT NULL DEFAULT 1;',
};
