/** A small deterministic PRNG (mulberry32), so the dataset is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Names with accents, case variants, near-duplicates (for fuzzy), other scripts and emoji. */
export const NAMES = [
  'Launch plan',
  'Lunch meeting',
  'launch PLAN review',
  'Relaunch website',
  'Café déjà vu',
  'CAFE au lait',
  'Résumé review',
  'resume upload',
  'Ship search ranking',
  'Shipping labels',
  'Plan B',
  'Naïve approach',
  'Straße cleanup',
  'über alles',
  '日本語 テスト',
  'Emoji 🚀 launch',
  'Q3 budget 2025',
  'q3 Budget',
  'Crème brûlée',
  'creme brulee recipe',
  'Onboarding checklist',
  'on-boarding check list',
  'Invoice #4821',
  'invoices overdue',
  'A',
  '',
  'Ça va',
  'Zebra',
  'zebra crossing',
  '100% done_ok',
];

const NOTE_WORDS = [
  'the',
  'plan',
  'launch',
  'customer',
  'security',
  'review',
  'budget',
  'invoice',
  'café',
  'résumé',
  'déjà',
  'migration',
  'database',
  'search',
  'ranking',
  'fuzzy',
  'keyword',
  'release',
  'mobile',
  'android',
  'ios',
  'priority',
  'urgent',
  'follow',
  'up',
  'with',
  'support',
  'team',
  'naïve',
  'Straße',
  'über',
  'Ünïcödé',
  'lunch',
  'relaunch',
  'launching',
  'invoices',
  'customers',
  'securty',
  'recieve',
  'receive',
  'x',
];

const DATES = [
  '2025-01-05',
  '2025-01-05',
  '2025-02-10',
  '2025-03-01',
  '2025-03-01',
  '2025-12-31',
  '2024-07-14',
];
const TIMES = [
  '2025-01-05T10:00:00.000Z',
  '2025-01-05T10:00:00.000Z',
  '2025-02-01T08:30:00.000Z',
  '2025-03-15T23:59:59.999Z',
  '2024-11-11T11:11:11.111Z',
];
const USERS = [
  { gid: '9001', resource_type: 'user', name: 'Ada Lovelace' },
  { gid: '9002', resource_type: 'user', name: 'Émile Zola' },
  { gid: '9003', resource_type: 'user', name: 'emile zola' },
  { gid: '9004', resource_type: 'user', name: null },
  { gid: '9005', resource_type: 'user' },
];
const TAGS = [
  { gid: '7001', name: 'urgent' },
  { gid: '7002', name: 'Bug' },
  { gid: '7003', name: 'bug' },
  { gid: '7004', name: 'café' },
  { gid: '7005', name: null },
];
const SECTIONS = ['Backlog', 'In progress', 'Done', 'Blocked — waiting'];

function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)]!;
}

/**
 * A collection of task records with tricky values for the conformance suite: nulls and missing
 * fields, accents and case variants, arrays of objects with missing or null members, other
 * scripts, numbers, booleans, ties in every sort key, and mixed types under one object path
 * (`external.data`). Ids are strings of different lengths, so id order is text order.
 *
 * @example
 * ```ts
 * const records = conformanceRecords(240);
 * ```
 */
export function conformanceRecords(count = 240, seed = 20250601): Record<string, unknown>[] {
  const random = seededRandom(seed);
  const records: Record<string, unknown>[] = [];
  const maybe = (
    record: Record<string, unknown>,
    field: string,
    value: () => unknown,
    missing = 0.1,
    nulls = 0.1,
  ) => {
    const roll = random();
    if (roll < missing) return;
    record[field] = roll < missing + nulls ? null : value();
  };
  for (let index = 0; index < count; index += 1) {
    const gid = String(index % 3 === 0 ? 10 + index : 1000 + index * 7);
    const record: Record<string, unknown> = { gid, resource_type: 'task' };
    maybe(record, 'name', () => pick(random, NAMES), 0.03, 0.03);
    maybe(record, 'notes', () => {
      const length = Math.floor(random() * 14);
      return Array.from({ length }, () => pick(random, NOTE_WORDS)).join(random() < 0.5 ? ' ' : ', ');
    });
    maybe(record, 'html_notes', () => `<body>${pick(random, NAMES)}</body>`, 0.3, 0.1);
    maybe(record, 'completed', () => random() < 0.4, 0.05, 0.05);
    maybe(record, 'due_on', () => pick(random, DATES), 0.15, 0.15);
    maybe(record, 'modified_at', () => pick(random, TIMES), 0.05, 0.05);
    maybe(record, 'num_subtasks', () => Math.floor(random() * 4), 0.1, 0.1);
    maybe(record, 'actual_time_minutes', () => Math.floor(random() * 90) - 10, 0.3, 0.2);
    maybe(record, 'hearted', () => random() < 0.5);
    maybe(record, 'resource_subtype', () => pick(random, ['default_task', 'milestone', 'approval']));
    maybe(record, 'assignee', () => ({ ...pick(random, USERS) }), 0.15, 0.15);
    maybe(record, 'followers', () =>
      Array.from({ length: Math.floor(random() * 4) }, () => {
        const user = pick(random, USERS);
        return random() < 0.1 ? {} : { gid: user.gid, resource_type: 'user' };
      }),
    );
    maybe(record, 'tags', () =>
      Array.from({ length: Math.floor(random() * 3) }, () => ({ ...pick(random, TAGS) })),
    );
    maybe(record, 'memberships', () =>
      Array.from({ length: 1 + Math.floor(random() * 2) }, () => ({
        project: { gid: String(5000 + Math.floor(random() * 3)), resource_type: 'project' },
        section:
          random() < 0.1
            ? null
            : { gid: String(6000 + Math.floor(random() * 4)), name: pick(random, SECTIONS) },
      })),
    );
    maybe(record, 'custom_fields', () =>
      Array.from({ length: Math.floor(random() * 3) }, () => ({
        gid: String(8000 + Math.floor(random() * 3)),
        name: pick(random, ['Priority', 'Estimate', 'Stage']),
        display_value: random() < 0.2 ? null : pick(random, ['High', 'low', 'Médium', '3', 'Stage 2']),
        number_value: random() < 0.5 ? null : Math.round(random() * 100) / 4,
      })),
    );
    maybe(record, 'external', () => {
      const roll = random();
      const data =
        roll < 0.3
          ? Math.floor(random() * 5)
          : roll < 0.6
            ? pick(random, ['alpha', 'Beta', 'beta', '10'])
            : roll < 0.7
              ? true
              : roll < 0.8
                ? null
                : undefined;
      return data === undefined ? { gid: `ext-${index % 4}` } : { gid: `ext-${index % 4}`, data };
    });
    maybe(record, 'parent', () => ({ gid: String(10 + (index % 5) * 3), resource_type: 'task' }), 0.2, 0.5);
    maybe(record, 'workspace', () => ({ gid: '1', resource_type: 'workspace' }), 0.02, 0);
    records.push(record);
  }
  return records;
}
