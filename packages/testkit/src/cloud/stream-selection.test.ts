import { describe, expect, it } from 'vitest';
import { fakerCatalog } from './faker-source';
import { SimulatedHttpError } from './simulated-http-error';
import { resolveStreamSelection } from './stream-selection';

const catalog = fakerCatalog();

const messageOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof SimulatedHttpError)
      return (error.body as { data: { message: string } }).data.message;
  }
  return '';
};

describe('resolveStreamSelection', () => {
  it('selects every stream as full refresh overwrite when nothing is requested', () => {
    const selection = resolveStreamSelection(undefined, catalog);
    expect(selection.map((stream) => [stream.name, stream.syncMode])).toEqual([
      ['users', 'full_refresh_overwrite'],
      ['products', 'full_refresh_overwrite'],
      ['purchases', 'full_refresh_overwrite'],
    ]);
    expect(selection[0]).toMatchObject({ cursorField: ['updated_at'], primaryKey: [['id']], mappers: [] });
  });

  it('keeps requested modes and selected fields', () => {
    const [users] = resolveStreamSelection(
      [
        {
          name: 'users',
          syncMode: 'incremental_deduped_history',
          selectedFields: [{ fieldPath: ['email'] }],
        },
      ],
      catalog,
    );
    expect(users).toMatchObject({
      syncMode: 'incremental_deduped_history',
      selectedFields: [{ fieldPath: ['email'] }],
    });
  });

  it('answers 400 for unknown, duplicate and ill-configured streams', () => {
    expect(messageOf(() => resolveStreamSelection([{ name: 'nope' }], catalog))).toMatch(
      /Invalid stream found: nope/,
    );
    expect(messageOf(() => resolveStreamSelection([{ name: 'users' }, { name: 'users' }], catalog))).toMatch(
      /Duplicate/,
    );
    expect(
      messageOf(() => resolveStreamSelection([{ name: 'users', syncMode: 'sometimes' }], catalog)),
    ).toMatch(/Invalid sync mode/);
    expect(
      messageOf(() =>
        resolveStreamSelection(
          [{ name: 'users', syncMode: 'full_refresh_append', cursorField: ['age'] }],
          catalog,
        ),
      ),
    ).toMatch(/defined by the source/);
    expect(
      messageOf(() => resolveStreamSelection([{ name: 'users', primaryKey: [['nope']] }], catalog)),
    ).toMatch(/no such field/);
  });
});
