#!/usr/bin/env node
import * as nodeModule from 'node:module';

// A namespace import, so that an older Node reaches the version check below instead of failing to link.
nodeModule.enableCompileCache?.();
// The `engines` floor: node:sqlite with `isTransaction` and the busy `timeout` (serve, demo).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 16)) {
  process.stderr.write(`conduit needs Node.js 22.16 or later (this is ${process.version})\n`);
  process.exit(1);
}
const { main } = await import('./dist/index.js');
process.exitCode = await main(process.argv.slice(2));
