import type { Connectors } from '@conduit/connectors';
import { COMMANDS } from './commands/registry';
import type { SettingsResolver } from './config/settings-resolver';
import { withConnectors } from './connectors/with-connectors';
import { type CliRuntime, processRuntime } from './framework/cli-runtime';
import type { CommandContext } from './framework/command-context';
import type { CommandSpec } from './framework/command-spec';
import { EXIT_CODES } from './framework/exit-codes';
import { type Invocation, parseInvocation, scanOutputFlags } from './framework/parse-invocation';
import { helpDocument, renderHelp } from './framework/render-help';
import { reportError } from './framework/report-error';
import { Output } from './output/output';
import { VERSION } from './version';

function installSignalHandlers(controller: AbortController): () => void {
  let interrupts = 0;
  const onSignal = () => {
    interrupts += 1;
    // The first Ctrl-C asks the command to stop cleanly; a second one does not wait.
    if (interrupts > 1) process.exit(EXIT_CODES.interrupted);
    controller.abort(new DOMException('interrupted', 'AbortError'));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

function settingsLoader(
  invocation: Invocation,
  runtime: CliRuntime,
  output: Output,
): () => Promise<SettingsResolver> {
  let loading: Promise<SettingsResolver> | undefined;
  return () => {
    loading ??= (async () => {
      const [{ loadConfig }, { SettingsResolver }] = await Promise.all([
        import('./config/config-file'),
        import('./config/settings-resolver'),
      ]);
      const config = await loadConfig(runtime.env, runtime.homeDirectory, runtime.platform);
      const resolver = new SettingsResolver({
        env: runtime.env,
        config,
        profileFlag: invocation.global.profile,
        onWarning: (message) => output.warn(message),
        ...(runtime.settings === undefined ? {} : { definitions: runtime.settings }),
      });
      output.debugLog(
        `config ${config.path}${config.exists ? '' : ' (none)'}; profile ${resolver.profileName ?? '(none)'}${resolver.profileSource ? ` from ${resolver.profileSource.kind} ${resolver.profileSource.name}` : ''}`,
      );
      for (const setting of resolver.describe())
        output.debugLog(`setting ${setting.key}=${setting.value} (${setting.source})`);
      return resolver;
    })();
    return loading;
  };
}

/**
 * Runs the CLI against a given registry and runtime: the seam the tests use. {@link main} is this
 * with the real process and the real registry.
 *
 * @example
 * ```ts
 * const code = await runCli(['describe', 'example'], runtime, COMMANDS);
 * ```
 */
export async function runCli(
  argv: readonly string[],
  runtime: CliRuntime,
  commands: readonly CommandSpec[],
): Promise<number> {
  const output = new Output(runtime, scanOutputFlags(argv));
  const controller = new AbortController();
  let removeSignalHandlers = () => {};
  // The reader of stdout went away (`conduit … | head`): stop the command, and do not call it a failure.
  output.onClose(() => controller.abort(new DOMException('stdout closed', 'AbortError')));
  try {
    const invocation = parseInvocation(argv, commands);
    const leaf = invocation.path.at(-1);
    if (invocation.global.help || (!leaf && !invocation.global.version) || (leaf && !leaf.load)) {
      if (invocation.global.json) await output.printJson(helpDocument(invocation.path, commands));
      else await output.write(renderHelp(invocation.path, commands, output.style));
      return EXIT_CODES.ok;
    }
    if (invocation.global.version) {
      if (invocation.global.json) await output.printJson({ version: VERSION });
      else await output.print(VERSION);
      return EXIT_CODES.ok;
    }
    // Only a command that runs needs Ctrl-C handling (installing it costs a few milliseconds).
    if (runtime.handleSignals) removeSignalHandlers = installSignalHandlers(controller);
    const module = await leaf!.load!();
    const context: CommandContext = {
      commandPath: invocation.path.map((command) => command.name),
      spec: leaf!,
      args: invocation.args,
      flags: invocation.flags,
      global: invocation.global,
      output,
      runtime,
      signal: controller.signal,
      settings: settingsLoader(invocation, runtime, output),
    };
    return (await module.run(context)) ?? EXIT_CODES.ok;
  } catch (error) {
    if (output.closed) return EXIT_CODES.ok;
    return await reportError(error, output);
  } finally {
    removeSignalHandlers();
    output.dispose();
  }
}

/** What {@link main} runs besides its arguments and runtime. */
export interface MainOptions {
  /**
   * The connectors `describe`, `exec`, `download` and `mcp` know, with their settings
   * (`<name>_<field>`, `<name>_base_url`). Default the built-in ones (`builtinConnectors`).
   */
  readonly connectors?: Connectors;
}

/**
 * Runs the `conduit` command line with the given arguments and resolves to the exit code; the
 * process's streams, environment and signals are used unless a runtime is given. A program of
 * your own can run it with its own connectors, e.g. a `bin` of yours:
 *
 * @example
 * ```ts
 * process.exitCode = await main(process.argv.slice(2));
 * process.exitCode = await main(process.argv.slice(2), processRuntime(), {
 *   connectors: defineConnectors([...CONNECTORS, lazyConnector(notesKind, '@acme/notes', loadNotes)]),
 * });
 * ```
 */
export async function main(
  argv: readonly string[],
  given: CliRuntime = processRuntime(),
  options: MainOptions = {},
): Promise<number> {
  const runtime = options.connectors === undefined ? given : withConnectors(given, options.connectors);
  // Loaded only when a proxy is set: undici's proxy agent is not needed (nor loaded) otherwise.
  if (
    runtime.env.HTTPS_PROXY ||
    runtime.env.https_proxy ||
    runtime.env.HTTP_PROXY ||
    runtime.env.http_proxy
  ) {
    (await import('./framework/upstream-proxy')).installEnvProxy(runtime.env);
  }
  // Loaded only when traces are asked for: the OpenTelemetry SDK stays out of every other run.
  if (runtime.env.OTEL_EXPORTER_OTLP_ENDPOINT || runtime.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
    const { traceCommand } = await import('./framework/command-tracing');
    return traceCommand(argv, runtime.env, () => runCli(argv, runtime, COMMANDS));
  }
  return runCli(argv, runtime, COMMANDS);
}
