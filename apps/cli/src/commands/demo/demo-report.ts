import type { Output } from '../../output/output';

/** What a step of the demo hands back: data for `--json`, lines for people, a command to try. */
export interface StepOutcome {
  readonly result: Record<string, unknown>;
  readonly lines: readonly string[];
  /** The `conduit` command that does the same against a running service. */
  readonly tryIt?: string;
}

/** What a running step may do with its spinner line. */
export interface StepControls {
  /** Replaces the text after the step's title (e.g. the records synced so far). */
  update(text: string): void;
  /** Stops the spinner, for a step that draws its own progress (a download's bar). */
  release(): void;
}

/** One step as `--json` reports it. */
export interface StepRecord {
  readonly step: number;
  readonly name: string;
  readonly title: string;
  readonly ok: boolean;
  readonly took_ms: number;
  readonly result?: Record<string, unknown>;
}

/**
 * Runs the demo's steps one after the other and reports them: for people, each step's title with
 * a mark and its time, then what it found (on stdout), and a spinner while it runs (on stderr, on
 * a terminal); for `--json`, the records gathered into one document at the end.
 *
 * @example
 * ```ts
 * const report = new DemoReport(output, 10);
 * await report.step('simulator', 'Start a connector's simulator', async () => ({ result: {}, lines: [] }));
 * ```
 */
export class DemoReport {
  readonly records: StepRecord[] = [];
  readonly #output: Output;
  readonly #total: number;

  constructor(output: Output, total: number) {
    this.#output = output;
    this.#total = total;
  }

  async step(
    name: string,
    title: string,
    work: (controls: StepControls) => Promise<StepOutcome>,
  ): Promise<Record<string, unknown>> {
    return (await this.#run(name, title, work)).result;
  }

  /** Runs a step like {@link step}, resolving with the `value` its work hands on to later steps. */
  async stepValue<Value>(
    name: string,
    title: string,
    work: (controls: StepControls) => Promise<StepOutcome & { readonly value: Value }>,
  ): Promise<Value> {
    return (await this.#run(name, title, work)).value;
  }

  async #run<Outcome extends StepOutcome>(
    name: string,
    title: string,
    work: (controls: StepControls) => Promise<Outcome>,
  ): Promise<Outcome> {
    const output = this.#output;
    const number = this.records.length + 1;
    const label = `[${number}/${this.#total}] ${title}`;
    const progress = output.progress(label);
    const started = performance.now();
    let outcome: Outcome;
    try {
      outcome = await work({
        update: (text) => progress.update(`${label}: ${text}`),
        release: () => progress.stop(),
      });
    } catch (error) {
      progress.stop();
      const took = Math.round(performance.now() - started);
      this.records.push({ step: number, name, title, ok: false, took_ms: took });
      if (!output.json)
        await output.print(
          `${output.style.red('✗')} ${label} ${output.style.dim(`(failed after ${took} ms)`)}`,
        );
      throw error;
    }
    progress.stop();
    const took = Math.round(performance.now() - started);
    this.records.push({ step: number, name, title, ok: true, took_ms: took, result: outcome.result });
    if (!output.json) {
      await output.print(`${output.style.green('✓')} ${label} ${output.style.dim(`(${took} ms)`)}`);
      for (const line of outcome.lines) await output.print(`    ${line}`);
      if (outcome.tryIt) await output.print(output.style.dim(`    $ ${outcome.tryIt}`));
    }
    return outcome;
  }
}
