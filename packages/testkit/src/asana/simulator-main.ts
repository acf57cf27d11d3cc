#!/usr/bin/env node
import { runSimulatorMain } from './run-simulator-main';

runSimulatorMain(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `conduit-asana-simulator: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 2;
});
