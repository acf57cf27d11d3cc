import type { DiscoveredStream, JsonSchema, SourceRecord } from './discovered-stream';
import { createSeededRandom, hashSeed, type SeededRandom } from './seeded-random';

/** The default `count` of the sample-data source when its configuration gives none. */
export const fakerDefaultCount = 1000;

const nullable = (type: string, extra: JsonSchema = {}): JsonSchema => ({ type: ['null', type], ...extra });
const timestamp = (): JsonSchema =>
  nullable('string', { format: 'date-time', airbyte_type: 'timestamp_with_timezone' });

const streamSchemas: Record<'users' | 'products' | 'purchases', JsonSchema> = {
  users: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      id: nullable('integer'),
      name: nullable('string'),
      email: nullable('string'),
      title: nullable('string'),
      age: nullable('integer'),
      gender: nullable('string'),
      nationality: nullable('string'),
      occupation: nullable('string'),
      address: nullable('object', {
        properties: {
          street_number: nullable('string'),
          street_name: nullable('string'),
          city: nullable('string'),
          postal_code: nullable('string'),
          country_code: nullable('string'),
        },
      }),
      created_at: timestamp(),
      updated_at: timestamp(),
    },
  },
  products: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      id: nullable('integer'),
      make: nullable('string'),
      model: nullable('string'),
      year: nullable('integer'),
      price: nullable('number'),
      created_at: timestamp(),
      updated_at: timestamp(),
    },
  },
  purchases: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      id: nullable('integer'),
      user_id: nullable('integer'),
      product_id: nullable('integer'),
      added_to_cart_at: timestamp(),
      purchased_at: timestamp(),
      returned_at: timestamp(),
      created_at: timestamp(),
      updated_at: timestamp(),
    },
  },
};

/** The names of the sample-data source's streams. */
export type FakerStreamName = keyof typeof streamSchemas;

/**
 * The catalog of the sample-data ("faker") source: `users`, `products` and `purchases`, each with
 * primary key `id` and cursor `updated_at`.
 *
 * @example
 * ```ts
 * fakerCatalog().map((stream) => stream.name); // ['users', 'products', 'purchases']
 * ```
 */
export function fakerCatalog(): DiscoveredStream[] {
  return (Object.keys(streamSchemas) as FakerStreamName[]).map((name) => ({
    name,
    jsonSchema: structuredClone(streamSchemas[name]),
    supportedSyncModes: ['full_refresh', 'incremental'],
    sourceDefinedCursor: true,
    defaultCursorField: ['updated_at'],
    sourceDefinedPrimaryKey: [['id']],
    isResumable: true,
  }));
}

/** The settings of the sample-data source that shape its records. */
export interface FakerSettings {
  /** Records per stream. */
  count: number;
  /** Seed of the generator; the same seed always gives the same records. */
  seed: number;
}

/**
 * Reads `count` and `seed` from a sample-data source configuration. The connector's "random"
 * seed (-1, also its default) is pinned to 0 here, because a simulator must be repeatable.
 *
 * @example
 * ```ts
 * fakerSettings({ count: 5 }); // { count: 5, seed: 0 }
 * ```
 */
export function fakerSettings(configuration: Record<string, unknown>): FakerSettings {
  const count =
    typeof configuration.count === 'number' &&
    Number.isInteger(configuration.count) &&
    configuration.count >= 0
      ? configuration.count
      : fakerDefaultCount;
  const seed =
    typeof configuration.seed === 'number' && Number.isInteger(configuration.seed) && configuration.seed >= 0
      ? configuration.seed
      : 0;
  return { count, seed };
}

const firstNames = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Radia', 'Tim'];
const lastNames = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Thompson',
  'Perlman',
];
const titles = ['Dr.', 'Mr.', 'Ms.', 'Mx.', 'Prof.'];
const genders = ['Female', 'Male', 'Other'];
const nationalities = [
  'Brazilian',
  'Canadian',
  'French',
  'Ghanaian',
  'Indian',
  'Japanese',
  'Kenyan',
  'Norwegian',
];
const occupations = ['Engineer', 'Analyst', 'Designer', 'Nurse', 'Pilot', 'Teacher', 'Chef', 'Geologist'];
const streets = ['Maple', 'Oak', 'Cedar', 'Harbor', 'Market', 'Mill', 'River', 'Station'];
const cities = ['Lisbon', 'Osaka', 'Nairobi', 'Toronto', 'Lyon', 'Bergen', 'Pune', 'Recife'];
const countries = ['PT', 'JP', 'KE', 'CA', 'FR', 'NO', 'IN', 'BR'];
const makes = ['Audi', 'BMW', 'Ford', 'Honda', 'Kia', 'Mazda', 'Subaru', 'Toyota', 'Volvo'];
const models = ['Alpha', 'Breeze', 'Comet', 'Drift', 'Echo', 'Flux', 'Glide', 'Harbor'];

/** Origin of generated timestamps (2021-01-01T00:00:00Z), fixed so records never change. */
const origin = Date.UTC(2021, 0, 1);
const hour = 3_600_000;
const day = 24 * hour;

const iso = (epochMs: number): string => new Date(epochMs).toISOString();

/**
 * Generates the records of one sample-data stream. Ids run from 1 to `count`; `created_at`
 * grows with the id and `updated_at` is never before it, so incremental syncs and dedup by
 * primary key behave like the real connector's output.
 *
 * @example
 * ```ts
 * const users = fakerRecords('users', { count: 3, seed: 1 });
 * users.map((user) => user.id); // [1, 2, 3]
 * ```
 */
export function fakerRecords(stream: FakerStreamName, settings: FakerSettings): SourceRecord[] {
  const random = createSeededRandom(hashSeed(stream, settings.seed));
  const records: SourceRecord[] = [];
  for (let id = 1; id <= settings.count; id += 1) {
    const createdAt = origin + id * hour + random.integer(0, 3_599) * 1000;
    const updatedAt = createdAt + random.integer(0, 30) * day;
    records.push(makeRecord(stream, id, random, settings.count, createdAt, updatedAt));
  }
  return records;
}

function makeRecord(
  stream: FakerStreamName,
  id: number,
  random: SeededRandom,
  count: number,
  createdAt: number,
  updatedAt: number,
): SourceRecord {
  const timestamps = { created_at: iso(createdAt), updated_at: iso(updatedAt) };
  if (stream === 'users') {
    const first = random.pick(firstNames);
    const last = random.pick(lastNames);
    const cityIndex = random.integer(0, cities.length - 1);
    return {
      id,
      name: `${first} ${last}`,
      email: `${first}.${last}.${id}@example.com`.toLowerCase(),
      title: random.pick(titles),
      age: random.integer(18, 90),
      gender: random.pick(genders),
      nationality: random.pick(nationalities),
      occupation: random.pick(occupations),
      address: {
        street_number: String(random.integer(1, 999)),
        street_name: `${random.pick(streets)} Street`,
        city: cities[cityIndex],
        postal_code: String(random.integer(10_000, 99_999)),
        country_code: countries[cityIndex],
      },
      ...timestamps,
    };
  }
  if (stream === 'products') {
    return {
      id,
      make: random.pick(makes),
      model: random.pick(models),
      year: random.integer(1995, 2025),
      price: Math.round(random.next() * 9_000_000 + 100_000) / 100,
      ...timestamps,
    };
  }
  const addedToCart = createdAt + random.integer(0, 48) * hour;
  const purchased = random.chance(0.85) ? addedToCart + random.integer(1, 72) * hour : undefined;
  const returned =
    purchased !== undefined && random.chance(0.1) ? purchased + random.integer(1, 20) * day : undefined;
  return {
    id,
    user_id: random.integer(1, Math.max(1, count)),
    product_id: random.integer(1, Math.max(1, count)),
    added_to_cart_at: iso(addedToCart),
    purchased_at: purchased === undefined ? null : iso(purchased),
    returned_at: returned === undefined ? null : iso(returned),
    ...timestamps,
  };
}
