#!/usr/bin/env node
import { runCli } from './cli/run-cli';
import { createJsonLogger } from './logging/logger';

// The executable entry (dist/main.js): everything else is importable without side effects.

// A crash outside any request is a JSON line like every other, so log shippers keep it.
const crashLogger = createJsonLogger({ level: 'fatal', write: (line) => process.stderr.write(`${line}\n`) });
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    crashLogger.fatal(event, { error: error instanceof Error ? error : new Error(String(error)) });
    process.exit(1);
  });
}

const code = await runCli(process.argv.slice(2));
// Exit explicitly: an idle pooled connection or timer must not keep a stopped server alive.
process.exit(code);
