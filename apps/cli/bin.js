#!/usr/bin/env node
import { enableCompileCache } from 'node:module';

enableCompileCache?.();
const { main } = await import('./dist/index.js');
process.exitCode = await main(process.argv.slice(2));
