/** Label values of one series, by label name. */
export type Labels = Readonly<Record<string, string | number>>;

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/**
 * Default histogram buckets, in seconds: 5 ms to 30 s.
 *
 * @example
 * ```ts
 * registry.histogram('conduit_upstream_duration_seconds', 'Upstream call time.', ['connector_type'], DEFAULT_BUCKETS);
 * ```
 */
export const DEFAULT_BUCKETS: readonly number[] = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
];

/** A monotonically increasing count. */
export interface Counter {
  inc(labels?: Labels, amount?: number): void;
}

/** A value that goes up and down. */
export interface Gauge {
  set(labels: Labels, value: number): void;
  inc(labels?: Labels, amount?: number): void;
  dec(labels?: Labels, amount?: number): void;
  /** Removes one series (e.g. the lag of a deleted connector). */
  remove(labels: Labels): void;
}

/** Observations counted into buckets, with their sum and count. */
export interface Histogram {
  observe(labels: Labels, value: number): void;
}

function escapeLabelValue(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
}

function escapeHelp(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('\n', '\\n');
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}

function formatLabels(pairs: readonly (readonly [string, string])[]): string {
  return pairs.length === 0
    ? ''
    : `{${pairs.map(([name, value]) => `${name}="${escapeLabelValue(value)}"`).join(',')}}`;
}

abstract class Metric {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly string[];
  abstract readonly type: 'counter' | 'gauge' | 'histogram';

  constructor(name: string, help: string, labelNames: readonly string[]) {
    if (!METRIC_NAME.test(name)) throw new Error(`invalid metric name "${name}"`);
    for (const label of labelNames) {
      if (!LABEL_NAME.test(label) || label.startsWith('__') || label === 'le') {
        throw new Error(`invalid label name "${label}" on ${name}`);
      }
    }
    this.name = name;
    this.help = help;
    this.labelNames = labelNames;
  }

  /**
   * The key of a label set's series, refusing labels the metric does not declare: its values in
   * label order, as JSON. Series are counted on every request, so the label pairs a new series
   * needs are only built by {@link Metric.pairsOf} on a miss.
   */
  protected seriesKey(labels: Labels = {}): string {
    for (const name of Object.keys(labels)) {
      if (!this.labelNames.includes(name)) throw new Error(`metric ${this.name} has no label "${name}"`);
    }
    let key = '[';
    for (let index = 0; index < this.labelNames.length; index += 1) {
      if (index > 0) key += ',';
      key += JSON.stringify(String(labels[this.labelNames[index]!] ?? ''));
    }
    return `${key}]`;
  }

  /** The label pairs of a new series, in declared order. */
  protected pairsOf(labels: Labels = {}): [string, string][] {
    return this.labelNames.map((name): [string, string] => [name, String(labels[name] ?? '')]);
  }

  abstract renderSamples(): string[];

  render(): string {
    return [
      `# HELP ${this.name} ${escapeHelp(this.help)}`,
      `# TYPE ${this.name} ${this.type}`,
      ...this.renderSamples(),
    ].join('\n');
  }
}

class CounterMetric extends Metric implements Counter {
  readonly type = 'counter' as const;
  readonly #values = new Map<string, { pairs: [string, string][]; value: number }>();

  inc(labels?: Labels, amount = 1): void {
    if (!(amount >= 0)) throw new Error(`counter ${this.name} can only increase`);
    const key = this.seriesKey(labels);
    const entry = this.#values.get(key);
    if (entry) entry.value += amount;
    else this.#values.set(key, { pairs: this.pairsOf(labels), value: amount });
  }

  renderSamples(): string[] {
    return [...this.#values.values()].map(
      ({ pairs, value }) => `${this.name}${formatLabels(pairs)} ${formatValue(value)}`,
    );
  }
}

class GaugeMetric extends Metric implements Gauge {
  readonly type = 'gauge' as const;
  readonly #values = new Map<string, { pairs: [string, string][]; value: number }>();

  set(labels: Labels, value: number): void {
    this.#values.set(this.seriesKey(labels), { pairs: this.pairsOf(labels), value });
  }

  inc(labels?: Labels, amount = 1): void {
    const key = this.seriesKey(labels);
    const entry = this.#values.get(key);
    if (entry) entry.value += amount;
    else this.#values.set(key, { pairs: this.pairsOf(labels), value: amount });
  }

  dec(labels?: Labels, amount = 1): void {
    this.inc(labels, -amount);
  }

  remove(labels: Labels): void {
    this.#values.delete(this.seriesKey(labels));
  }

  renderSamples(): string[] {
    return [...this.#values.values()].map(
      ({ pairs, value }) => `${this.name}${formatLabels(pairs)} ${formatValue(value)}`,
    );
  }
}

class HistogramMetric extends Metric implements Histogram {
  readonly type = 'histogram' as const;
  readonly #buckets: readonly number[];
  readonly #values = new Map<
    string,
    { pairs: [string, string][]; counts: number[]; sum: number; count: number }
  >();

  constructor(name: string, help: string, labelNames: readonly string[], buckets: readonly number[]) {
    super(name, help, labelNames);
    const sorted = [...new Set(buckets)].filter(Number.isFinite).sort((a, b) => a - b);
    if (sorted.length === 0) throw new Error(`histogram ${name} needs at least one finite bucket`);
    this.#buckets = sorted;
  }

  observe(labels: Labels, value: number): void {
    const key = this.seriesKey(labels);
    let entry = this.#values.get(key);
    if (!entry) {
      entry = { pairs: this.pairsOf(labels), counts: this.#buckets.map(() => 0), sum: 0, count: 0 };
      this.#values.set(key, entry);
    }
    const index = this.#buckets.findIndex((bound) => value <= bound);
    if (index !== -1) entry.counts[index]! += 1;
    entry.sum += value;
    entry.count += 1;
  }

  renderSamples(): string[] {
    const lines: string[] = [];
    for (const { pairs, counts, sum, count } of this.#values.values()) {
      let cumulative = 0;
      this.#buckets.forEach((bound, index) => {
        cumulative += counts[index]!;
        lines.push(
          `${this.name}_bucket${formatLabels([...pairs, ['le', formatValue(bound)]])} ${cumulative}`,
        );
      });
      lines.push(`${this.name}_bucket${formatLabels([...pairs, ['le', '+Inf']])} ${count}`);
      lines.push(`${this.name}_sum${formatLabels(pairs)} ${formatValue(sum)}`);
      lines.push(`${this.name}_count${formatLabels(pairs)} ${count}`);
    }
    return lines;
  }
}

/**
 * The process's metrics, rendered in the Prometheus text exposition format (0.0.4) at `/metrics`.
 * Registering a name twice returns the existing metric when its type and labels match, so modules
 * can declare what they increment without coordinating who creates it.
 *
 * @example
 * ```ts
 * const upstreamCalls = registry.counter('conduit_upstream_requests_total', 'Upstream calls.', ['connector_type', 'status']);
 * upstreamCalls.inc({ connector_type: 'task-management', status: 200 });
 * const text = registry.render();
 * ```
 */
export class MetricsRegistry {
  readonly #metrics = new Map<string, Metric>();

  /** The counter `name`, created on first use. */
  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return this.#register(
      name,
      'counter',
      labelNames,
      () => new CounterMetric(name, help, labelNames),
    ) as CounterMetric;
  }

  /** The gauge `name`, created on first use. */
  gauge(name: string, help: string, labelNames: readonly string[] = []): Gauge {
    return this.#register(
      name,
      'gauge',
      labelNames,
      () => new GaugeMetric(name, help, labelNames),
    ) as GaugeMetric;
  }

  /** The histogram `name` (buckets in the unit observed, usually seconds), created on first use. */
  histogram(
    name: string,
    help: string,
    labelNames: readonly string[] = [],
    buckets: readonly number[] = DEFAULT_BUCKETS,
  ): Histogram {
    return this.#register(
      name,
      'histogram',
      labelNames,
      () => new HistogramMetric(name, help, labelNames, buckets),
    ) as HistogramMetric;
  }

  /** Every metric in the text exposition format, ending with a newline. */
  render(): string {
    const blocks = [...this.#metrics.values()].map((metric) => metric.render());
    return blocks.length === 0 ? '' : `${blocks.join('\n')}\n`;
  }

  #register(name: string, type: Metric['type'], labelNames: readonly string[], create: () => Metric): Metric {
    const existing = this.#metrics.get(name);
    if (existing) {
      if (existing.type !== type || existing.labelNames.join() !== labelNames.join()) {
        throw new Error(`metric ${name} is already registered as a ${existing.type} with other labels`);
      }
      return existing;
    }
    const metric = create();
    this.#metrics.set(name, metric);
    return metric;
  }
}

/**
 * The `Content-Type` of the text exposition format.
 *
 * @example
 * ```ts
 * return new Response(registry.render(), { headers: { 'content-type': PROMETHEUS_CONTENT_TYPE } });
 * ```
 */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
