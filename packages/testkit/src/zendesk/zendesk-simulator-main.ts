#!/usr/bin/env node
import { runZendeskSimulatorMain } from './run-zendesk-simulator-main';

runZendeskSimulatorMain(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `conduit-zendesk-simulator: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 2;
});
