/**
 * A list through the service, page by page, that the demo shows and checks.
 *
 * @example
 * ```ts
 * const list: DemoList = { entity: 'items', params: { folder: '7' }, pageSize: 4, label: (record) => String(record.name) };
 * ```
 */
export interface DemoList {
  readonly entity: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly pageSize: number;
  /** What the list holds, for the step's title, e.g. `the tasks of the largest project`. */
  readonly what: string;
  /** How many records the simulator holds for it: the demo fails when the pages disagree. */
  readonly expected?: number;
  /** How a record is named in the step's lines. */
  label(record: Record<string, unknown>): string;
}

/**
 * A search over the synced copy, written as `conduit search --where` takes it.
 *
 * @example
 * ```ts
 * const search: DemoSearch = { title: 'Open items', entity: 'items', where: 'done=false', fields: ['id', 'name'], limit: 5, label: (data) => String(data.name) };
 * ```
 */
export interface DemoSearch {
  readonly title: string;
  readonly entity: string;
  readonly where: string;
  readonly sort?: readonly string[];
  readonly fields: readonly string[];
  readonly limit: number;
  /** How a hit's projected data is shown in the step's lines. */
  label(data: Record<string, unknown>): string;
}

/**
 * A file the demo downloads through the service, and what the simulator says of it.
 *
 * @example
 * ```ts
 * const download: DemoDownload = { entity: 'files', params: { file_id: '9' }, name: 'plan.pdf', size: 2048 };
 * ```
 */
export interface DemoDownload {
  readonly entity: string;
  /** The `download` params; the demo adds `range_header` to resume. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly name: string;
  readonly size: number;
}

/**
 * A connector's simulator, started for the demo, and the calls the demo makes on it: all chosen
 * from the simulator's dataset, so the demo can check what the service answers.
 *
 * @example
 * ```ts
 * const upstream = await demo.start();
 * await client.createConnector({ connectorType: entry.kind, ...upstream.connector });
 * ```
 */
export interface DemoUpstream {
  readonly baseUrl: string;
  /** What the dataset holds: data for `--json`, lines for people. */
  readonly facts: Readonly<Record<string, unknown>>;
  readonly lines: readonly string[];
  /** The connector to create: its name, credentials and config (with `base_url` at the simulator). */
  readonly connector: {
    readonly name: string;
    readonly credentials: Readonly<Record<string, string>>;
    readonly config: Readonly<Record<string, string>>;
  };
  /** Values masked in every line and document the demo prints. */
  readonly secrets: readonly string[];
  readonly list: DemoList;
  readonly searches: readonly DemoSearch[];
  readonly download?: DemoDownload;
  /** What went wrong on the simulator's side after the calls (e.g. credentials sent to a storage host). */
  fault?(): string | undefined;
  close(): Promise<void>;
}

/**
 * What `conduit demo` needs of a connector: a simulator to start offline. Declared once per
 * connector, beside its module in the registry, so the demo itself names no upstream.
 *
 * @example
 * ```ts
 * const demo: ConnectorDemo = { simulator: 'the Example simulator', downloads: false, start: async () => startExampleDemo() };
 * ```
 */
export interface ConnectorDemo {
  /** The simulator and its dataset, for the first step's title. */
  readonly simulator: string;
  /** Whether the demo downloads a file (then `start` gives a `download`). */
  readonly downloads: boolean;
  start(): Promise<DemoUpstream>;
}
