#!/usr/bin/env node
// A program of a user's own that runs Conduit's command line with one more connector: the
// built-in ones and Memo, by one registry line. The fourth-connector test runs it as a child
// process, as `conduit` itself is run. (Node strips the types of memo-connector.ts.)
import { main, processRuntime } from '@conduit/cli';
import { CONNECTORS, defineConnectors, lazyConnector } from '@conduit/connectors';
import { memoKind } from './memo-connector.ts';

const connectors = defineConnectors([
  ...CONNECTORS,
  lazyConnector(memoKind, 'memo-connector', async () => (await import('./memo-connector.ts')).memoModule),
]);
process.exitCode = await main(process.argv.slice(2), processRuntime(), { connectors });
