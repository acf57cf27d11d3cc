import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ConnectorDemo,
  type ConnectorModule,
  createConnectorClient,
  type DemoSearch,
  type DemoUpstream,
} from '@conduit/connector-kit';
import { connectorKind } from '@conduit/connectors';
import { createHostedExecutor, HostedClient } from '@conduit/hosted';
import type { SearchEnvelope } from '@conduit/protocol';
import { createJsonLogger, registerApplication, type StartedServer, startServer } from '@conduit/server';
import type { ListResult } from '@conduit/transport';
import type { ConnectorRegistryEntry } from '../../connectors/connector-registry-entry';
import { CONNECTOR_REGISTRY, settingEnv } from '../../connectors/connector-registry-entry';
import { CliError } from '../../framework/cli-error';
import type { CommandContext } from '../../framework/command-context';
import { EXIT_CODES } from '../../framework/exit-codes';
import { didYouMean } from '../../framework/suggest';
import { UsageError } from '../../framework/usage-error';
import { syncFailure, waitForSync } from '../../hosted/wait-for-sync';
import { formatBytes } from '../../output/format-bytes';
import { sanitizeForTerminal } from '../../output/text-width';
import { hooksOption } from '../../output/upstream-hooks';
import { VERSION } from '../../version';
import { downloadToFile } from '../download/resumable-download';
import { buildSearchParams } from '../search/build-search-params';
import { DemoReport } from './demo-report';

const EXTERNAL_USER = 'demo-user';
const SYNC_TIMEOUT_MS = 60_000;
/** Pages of a list shown line by line; the others are counted. */
const PAGES_SHOWN = 3;

/** A connector of the registry with its demo, loaded. */
type DemoEntry = ConnectorRegistryEntry & { readonly demo: ConnectorDemo };

/** Everything the demo starts, so that it can always be stopped and removed. */
interface DemoResources {
  directory?: string;
  upstreams: { name: string; upstream: DemoUpstream }[];
  server?: StartedServer;
  client?: HostedClient;
  connectorIds: string[];
}

type ListMethod = (
  params: Record<string, unknown>,
  options: { signal: AbortSignal },
) => ListResult<Record<string, unknown>, { records: Record<string, unknown>[] }>;

function errorDocument(error: unknown): Record<string, unknown> {
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { toJSON?: unknown }).toJSON === 'function'
  ) {
    return (error as { toJSON(): Record<string, unknown> }).toJSON();
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    name: error instanceof Error ? error.name : 'Error',
    message,
    code: 'internal_error',
    details: [],
  };
}

function quoteShell(text: string): string {
  return /^[\w.,:/=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

async function cleanUp(resources: DemoResources): Promise<string[]> {
  const done: string[] = [];
  // Each part is stopped even when another fails: the demo must leave nothing behind.
  if (resources.server) {
    await resources.server.close().catch(() => undefined);
    resources.server = undefined;
    done.push('service stopped');
  }
  for (const { name, upstream } of resources.upstreams.splice(0)) {
    await upstream.close().catch(() => undefined);
    done.push(`${name} simulator stopped`);
  }
  if (resources.directory) {
    await rm(resources.directory, { recursive: true, force: true }).catch(() => undefined);
    done.push(`${resources.directory} removed`);
    resources.directory = undefined;
  }
  return done;
}

/** The connectors the demo shows: every one with a demo, or the one `--kind` names. */
async function demoEntries(wanted: string | undefined): Promise<DemoEntry[]> {
  const all = (
    await Promise.all(
      CONNECTOR_REGISTRY.map(async (entry) =>
        entry.loadDemo === undefined ? [] : [{ ...entry, demo: await entry.loadDemo() }],
      ),
    )
  ).flat();
  if (wanted === undefined) return all;
  const name = wanted.trim().toLowerCase();
  const chosen = all.filter((entry) => entry.kind === name || entry.name === name);
  if (chosen.length > 0) return chosen;
  const known = all.flatMap((entry) => [entry.kind, entry.name]);
  throw new UsageError(`--kind: no connector demo for "${wanted}"`, {
    code: 'invalid_flag',
    hint: didYouMean(name, known) ?? `kinds: ${all.map((entry) => entry.kind).join(', ')}`,
  });
}

/** Steps of one connector's part: simulator, connector, list, sync, search, and download if any. */
function connectorSteps(entry: DemoEntry): number {
  return entry.demo.downloads ? 6 : 5;
}

/** Runs `conduit demo`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { output, flags } = context;
  const entries = await demoEntries(flags.string('kind'));
  const total = 3 + entries.reduce((sum, entry) => sum + connectorSteps(entry), 0);
  const report = new DemoReport(output, total);
  const resources: DemoResources = { upstreams: [], connectorIds: [] };
  const logLines: string[] = [];
  const started = performance.now();
  if (!output.json) {
    const kinds = entries.map((entry) => connectorKind(entry.kind).displayName.toLowerCase()).join(', ');
    await output.print(
      output.style.bold(
        `conduit demo: the hosted service and its ${kinds} connectors on their simulators, all in this process`,
      ),
    );
  }
  try {
    await demo(context, entries, report, resources, logLines);
  } catch (error) {
    await cleanUp(resources);
    // What the service logged above info is often the reason a step failed.
    for (const line of logLines.filter((text) => /"level":"(warn|error)"/.test(text)).slice(-5)) {
      output.note(output.errorStyle.dim(`service: ${line}`));
    }
    if (!output.json) throw error;
    const { exitCodeForError } = await import('../../framework/exit-code-for-error');
    const document = {
      ok: false,
      took_ms: Math.round(performance.now() - started),
      steps: report.records,
      error: errorDocument(error),
    };
    await output.printJson(JSON.parse(output.scrub(JSON.stringify(document))));
    return exitCodeForError(error);
  }
  const took = Math.round(performance.now() - started);
  if (output.json) {
    await output.printJson(
      JSON.parse(output.scrub(JSON.stringify({ ok: true, took_ms: took, steps: report.records }))),
    );
  } else {
    await output.print(
      output.style.bold(
        `done in ${(took / 1000).toFixed(1)} s: everything the demo started is stopped and removed`,
      ),
    );
  }
  return 0;
}

function checkFailed(message: string): CliError {
  return new CliError(message, { code: 'demo_check_failed', exitCode: EXIT_CODES.upstream });
}

async function demo(
  context: CommandContext,
  entries: readonly DemoEntry[],
  report: DemoReport,
  resources: DemoResources,
  logLines: string[],
): Promise<void> {
  const { output } = context;

  await report.step('service', 'Start the hosted service on an embedded SQLite file', async () => {
    resources.directory = await mkdtemp(join(tmpdir(), 'conduit-demo-'));
    const dataDir = join(resources.directory, 'data');
    const logger = createJsonLogger({
      level: 'debug',
      write: (line) => {
        logLines.push(line);
        if (logLines.length > 200) logLines.shift();
        output.debugLog(`service: ${line}`);
      },
    });
    // A clean environment: the demo never picks up the CONDUIT_* settings of a real deployment.
    resources.server = await startServer({
      env: {},
      cwd: resources.directory,
      logger,
      config: {
        host: '127.0.0.1',
        port: 0,
        dataDir,
        databaseUrl: undefined,
        allowUpstreamOverride: true,
        rateLimit: null,
        // The simulators listen on loopback, which the egress policy refuses unless allowed.
        egress: { allow: ['127.0.0.0/8', '::1'] },
      },
    });
    return {
      result: { url: resources.server.url, store: 'sqlite', data_dir: dataDir },
      lines: [
        `listening on ${resources.server.url}, data in ${dataDir}`,
        'upstream overrides allowed, so a connector may point at a simulator',
      ],
      tryIt: `CONDUIT_EGRESS_ALLOW=127.0.0.0/8 conduit serve --data-dir ${dataDir} --allow-upstream-override`,
    };
  });
  const server = resources.server!;

  await report.step('application', 'Register an application (client credentials)', async () => {
    const registered = await registerApplication(server.server.store);
    output.addSecret(registered.clientSecret);
    resources.client = new HostedClient({
      baseUrl: server.url,
      externalUserId: EXTERNAL_USER,
      platformClientId: registered.clientId,
      platformClientSecret: registered.clientSecret,
      userAgent: `conduit-cli/${VERSION}`,
      ...(context.runtime.fetch === undefined ? {} : { fetch: context.runtime.fetch }),
      ...hooksOption(output),
    });
    return {
      result: {
        client_id: registered.clientId,
        client_secret: '[REDACTED]',
        external_user_id: EXTERNAL_USER,
      },
      lines: [
        `client id ${registered.clientId}; the secret is shown once to its owner and stored only as a hash`,
        `acting for the end user "${EXTERNAL_USER}" with a scoped token`,
      ],
    };
  });

  for (const entry of entries) await connectorPart(context, entry, report, resources);

  await report.step('cleanup', 'Delete the connectors, stop everything and remove the files', async () => {
    const client = resources.client!;
    for (const id of resources.connectorIds.splice(0))
      await client.deleteConnector(id, { signal: context.signal });
    const remaining = await client.listConnectors({}, { signal: context.signal });
    const stopped = await cleanUp(resources);
    return {
      result: { connectors_deleted: true, connectors_left: remaining.length, stopped },
      lines: [`connectors deleted with their credentials and synced data; ${stopped.join(', ')}`],
    };
  });
}

/** One connector's part of the tour, as its registry entry's demo declares it. */
async function connectorPart(
  context: CommandContext,
  entry: DemoEntry,
  report: DemoReport,
  resources: DemoResources,
): Promise<void> {
  const { output, signal } = context;
  const client = resources.client!;
  const { kind } = entry;

  const upstream = await report.stepValue(`${kind}-simulator`, `Start ${entry.demo.simulator}`, async () => {
    const started = await entry.demo.start();
    resources.upstreams.push({ name: entry.displayName, upstream: started });
    for (const secret of started.secrets) output.addSecret(secret);
    return {
      value: started,
      result: { base_url: started.baseUrl, ...started.facts },
      lines: [`${started.baseUrl}: ${started.lines[0] ?? ''}`, ...started.lines.slice(1)],
    };
  });
  const module: ConnectorModule = await entry.load();

  const connectorId = await report.stepValue(
    `${kind}-connector`,
    `Create a ${kind} connector (${entry.displayName}) with the simulator’s credentials`,
    async () => {
      const connector = await client.createConnector(
        { connectorType: kind, ...upstream.connector },
        { signal },
      );
      resources.connectorIds.push(connector.id);
      const envs = Object.keys(upstream.connector.credentials)
        .map((field) => `${settingEnv(entry.name, field)}=…`)
        .join(' ');
      const config = Object.entries(upstream.connector.config)
        .map(([key, value]) => `--config ${key}=${value}`)
        .join(' ');
      return {
        value: connector.id,
        result: {
          connector_id: connector.id,
          connector_type: connector.connector_type,
          name: connector.name,
          status: connector.status,
        },
        lines: [
          `connector ${connector.id} (${connector.connector_type}, ${connector.status}); the credentials are encrypted at rest`,
          `config.base_url points it at ${upstream.baseUrl}`,
        ],
        tryIt: `${envs} conduit connectors create ${kind} ${config}`,
      };
    },
  );

  const { list } = upstream;
  await report.step(
    `${kind}-list`,
    `List ${list.what} through the service, ${list.pageSize} a page`,
    async () => {
      const typed = createConnectorClient(
        module.definition,
        createHostedExecutor({ client, connectorId, definition: module.definition }),
      ) as unknown as Record<string, { list: ListMethod }>;
      const pages: string[][] = [];
      for await (const page of typed[list.entity]!.list(
        { ...list.params, limit: list.pageSize },
        { signal },
      ).pages()) {
        pages.push(page.records.map((record) => sanitizeForTerminal(list.label(record))));
      }
      const records = pages.reduce((sum, page) => sum + page.length, 0);
      if (list.expected !== undefined && records !== list.expected) {
        throw checkFailed(`listed ${records} records of ${list.what}, the simulator holds ${list.expected}`);
      }
      const params = Object.entries(list.params).map(
        ([key, value]) => ` -p ${quoteShell(`${key}=${String(value)}`)}`,
      );
      return {
        result: {
          entity: list.entity,
          params: list.params,
          page_size: list.pageSize,
          pages: pages.length,
          records,
        },
        lines: [
          `${records} records in ${pages.length} page${pages.length === 1 ? '' : 's'}, each page's cursor leading to the next`,
          ...pages.slice(0, PAGES_SHOWN).map((names, index) => `page ${index + 1}: ${names.join(', ')}`),
          ...(pages.length > PAGES_SHOWN
            ? [`… and ${pages.length - PAGES_SHOWN} more page${pages.length - PAGES_SHOWN === 1 ? '' : 's'}`]
            : []),
        ],
        tryIt: `conduit exec --hosted ${kind} ${list.entity} list${params.join('')} -p limit=${list.pageSize} --all`,
      };
    },
  );

  await report.step(
    `${kind}-sync`,
    'Sync the searchable entities into the service and wait',
    async (controls) => {
      const before = await client.getSyncStatus(connectorId, { signal });
      const { sync_id } = await client.triggerSync(connectorId, { signal });
      const summary = await waitForSync(client, connectorId, before, {
        timeoutMs: SYNC_TIMEOUT_MS,
        intervalMs: 100,
        signal,
        onStatus: (status) =>
          controls.update(
            `${status.state}; ${status.entities.map((entity) => `${entity.entity} ${entity.records}`).join(', ') || 'starting'}`,
          ),
      });
      if (summary.state === 'failed') throw syncFailure(connectorId, summary);
      const records = summary.entities.reduce((sum, entity) => sum + entity.records, 0);
      return {
        result: {
          sync_id,
          state: summary.state,
          last_success_at: summary.last_success_at,
          records,
          entities: summary.entities.map((entity) => ({ entity: entity.entity, records: entity.records })),
        },
        lines: [
          `sync ${sync_id}: ${records} records in ${summary.entities.length} entities`,
          summary.entities.map((entity) => `${entity.entity} ${entity.records}`).join(', '),
        ],
        tryIt: `conduit sync ${kind} --wait`,
      };
    },
  );

  const search = async (spec: DemoSearch): Promise<SearchEnvelope> => {
    const params = buildSearchParams(
      {
        where: spec.where,
        sort: spec.sort ?? [],
        fields: spec.fields,
        limit: String(spec.limit),
        defaultLimit: spec.limit,
      },
      module.searchableFields[spec.entity] ?? {},
    );
    return (await client.execute(connectorId, spec.entity, 'search', params, { signal })) as SearchEnvelope;
  };

  await report.step(
    `${kind}-search`,
    `Search the synced ${[...new Set(upstream.searches.map((spec) => spec.entity))].join(' and ')}`,
    async () => {
      const results: Record<string, unknown>[] = [];
      const lines: string[] = [];
      const tries: string[] = [];
      for (const spec of upstream.searches) {
        const page = await search(spec);
        if (page.hits.length === 0)
          throw checkFailed(`the search ${spec.entity} ${spec.where} found nothing`);
        results.push({
          entity: spec.entity,
          where: spec.where,
          ...(spec.sort === undefined ? {} : { sort: spec.sort }),
          took_ms: page.took_ms,
          hits: page.hits.map((hit) => ({ id: hit.id, score: hit.score, data: hit.data })),
        });
        lines.push(
          `${spec.title}: ${page.hits.length} hit${page.hits.length === 1 ? '' : 's'} (${page.took_ms} ms)`,
          ...page.hits.map(
            (hit) => `  ${hit.score.toFixed(2)}  ${sanitizeForTerminal(spec.label(hit.data))}`,
          ),
        );
        const sort = spec.sort === undefined ? '' : ` --sort ${spec.sort.join(',')}`;
        tries.push(
          `conduit search ${spec.entity} --connector ${kind} --where ${quoteShell(spec.where)}${sort} --fields ${spec.fields.join(',')}`,
        );
      }
      return { result: { searches: results }, lines, ...(tries[0] === undefined ? {} : { tryIt: tries[0] }) };
    },
  );

  if (!entry.demo.downloads) return;
  await report.step(
    `${kind}-download`,
    `Download ${upstream.download === undefined ? 'a file' : `"${sanitizeForTerminal(upstream.download.name)}"`} through the service`,
    async (controls) => {
      const file = upstream.download;
      if (!file) throw checkFailed('the simulator has no file to download');
      await mkdir(join(resources.directory!, 'downloads'), { recursive: true });
      const target = join(resources.directory!, 'downloads', `${kind}-${file.name.replace(/[/\\]/g, '_')}`);
      // The download draws its own progress bar.
      controls.release();
      const saved = await downloadToFile({
        target,
        resume: false,
        expectedSize: file.size,
        label: file.name,
        fetch: (from) =>
          client.download(
            connectorId,
            file.entity,
            { ...file.params, ...(from === undefined ? {} : { range_header: `bytes=${from}-` }) },
            { signal },
          ),
        output,
        signal,
      });
      const fault = upstream.fault?.();
      if (fault !== undefined) throw checkFailed(fault);
      const id = String(Object.values(file.params)[0]);
      return {
        result: {
          entity: file.entity,
          params: file.params,
          name: file.name,
          bytes: saved.bytes,
          expected_bytes: saved.expected_bytes,
          sha256: saved.sha256,
          content_type: saved.content_type,
        },
        lines: [
          `${sanitizeForTerminal(file.name)}: ${saved.bytes} bytes (${formatBytes(saved.bytes)}, ${saved.content_type}), the size the simulator holds`,
          `sha256 ${saved.sha256}`,
        ],
        tryIt: `conduit download ${id} --connector ${kind} -o ${quoteShell(file.name)} --hosted`,
      };
    },
  );
}
