#!/usr/bin/env node
import * as nodeModule from 'node:module';

// A namespace import, so that an older Node reaches the version check below instead of failing to link.
nodeModule.enableCompileCache?.();
if (Number(process.versions.node.split('.')[0]) < 22) {
  process.stderr.write(`conduit needs Node.js 22 or later (this is ${process.version})\n`);
  process.exit(1);
}
const { main } = await import('./dist/index.js');
process.exitCode = await main(process.argv.slice(2));
