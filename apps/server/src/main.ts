#!/usr/bin/env node
import { runCli } from './cli/run-cli';

// The executable entry (dist/main.js): everything else is importable without side effects.
const code = await runCli(process.argv.slice(2));
// Exit explicitly: an idle pooled connection or timer must not keep a stopped server alive.
process.exit(code);
