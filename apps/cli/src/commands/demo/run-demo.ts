import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAsana, SEARCHABLE_FIELDS, type SearchableEntity } from '@conduit/asana';
import { HostedClient } from '@conduit/hosted';
import type { SearchEnvelope } from '@conduit/protocol';
import { createSalesforce } from '@conduit/salesforce';
import { createJsonLogger, registerApplication, type StartedServer, startServer } from '@conduit/server';
import {
  type AsanaSimulator,
  type SalesforceSimulator,
  startAsanaSimulator,
  startSalesforceSimulator,
  startZendeskSimulator,
  type ZendeskSimulator,
} from '@conduit/testkit';
import { SEARCHABLE_FIELDS as SUPPORT_DESK_FIELDS } from '@conduit/zendesk-support';
import { CliError } from '../../framework/cli-error';
import type { CommandContext } from '../../framework/command-context';
import { EXIT_CODES } from '../../framework/exit-codes';
import { syncFailure, waitForSync } from '../../hosted/wait-for-sync';
import { formatBytes } from '../../output/format-bytes';
import { sanitizeForTerminal } from '../../output/text-width';
import { hooksOption } from '../../output/upstream-hooks';
import { VERSION } from '../../version';
import { downloadToFile } from '../download/resumable-download';
import { buildSearchParams } from '../search/build-search-params';
import { DemoReport } from './demo-report';

const STEPS = 15;
const EXTERNAL_USER = 'demo-user';
/** "onboarding", misspelt: fuzzy search finds it anyway. */
const MISSPELT = 'onbording';
const PAGE_SIZE = 4;
const SYNC_TIMEOUT_MS = 60_000;

/** Everything the demo starts, so that it can always be stopped and removed. */
interface DemoResources {
  directory?: string;
  simulator?: AsanaSimulator;
  /** The Zendesk simulator of the demo's second part (the support-desk kind). */
  zendesk?: ZendeskSimulator;
  /** The Salesforce simulator of the demo's CRM part. */
  crmSimulator?: SalesforceSimulator;
  server?: StartedServer;
  client?: HostedClient;
  connectorId?: string;
}

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
    done.push('service stopped');
  }
  if (resources.simulator) {
    await resources.simulator.close().catch(() => undefined);
    done.push('simulator stopped');
  }
  if (resources.zendesk) {
    await resources.zendesk.close().catch(() => undefined);
    done.push('Zendesk simulator stopped');
  }
  if (resources.crmSimulator) {
    await resources.crmSimulator.close().catch(() => undefined);
    done.push('CRM simulator stopped');
  }
  if (resources.directory) {
    await rm(resources.directory, { recursive: true, force: true }).catch(() => undefined);
    done.push(`${resources.directory} removed`);
  }
  return done;
}

/** Runs `conduit demo`. */
export async function run(context: CommandContext): Promise<number | undefined> {
  const { output } = context;
  const report = new DemoReport(output, STEPS);
  const resources: DemoResources = {};
  const logLines: string[] = [];
  const started = performance.now();
  if (!output.json) {
    await output.print(
      output.style.bold(
        'conduit demo: the Asana, Zendesk and Salesforce simulators, the hosted service and its connectors, all in this process',
      ),
    );
  }
  try {
    await demo(context, report, resources, logLines);
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

async function demo(
  context: CommandContext,
  report: DemoReport,
  resources: DemoResources,
  logLines: string[],
): Promise<void> {
  const { output, signal } = context;

  await report.step('simulator', 'Start the Asana simulator with the sandbox dataset', async () => {
    const simulator = await startAsanaSimulator({ dataset: { preset: 'sandbox' } });
    resources.simulator = simulator;
    output.addSecret(simulator.tokens.personalAccessToken);
    const data = simulator.data;
    return {
      result: {
        base_url: simulator.baseUrl,
        workspaces: data.workspaces.map((workspace) => workspace.name),
        projects: data.projects.length,
        tasks: data.taskCount,
        users: data.users.length,
        attachments: data.attachments.length,
      },
      lines: [
        `${simulator.baseUrl}: ${data.workspaces.map((workspace) => workspace.name).join(' and ')}`,
        `${data.projects.length} projects, ${data.taskCount} tasks, ${data.users.length} people, ${data.attachments.length} attachments`,
      ],
    };
  });
  const simulator = resources.simulator!;

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
        // The simulator listens on loopback, which the egress policy refuses unless allowed.
        egress: { allow: ['127.0.0.0/8', '::1'] },
      },
    });
    return {
      result: { url: resources.server.url, store: 'sqlite', data_dir: dataDir },
      lines: [
        `listening on ${resources.server.url}, data in ${dataDir}`,
        'upstream overrides allowed, so a connector may point at the simulator',
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
  const client = resources.client!;

  await report.step(
    'connector',
    'Create a task-management connector with the simulator’s token',
    async () => {
      const connector = await client.createConnector(
        {
          connectorType: 'task-management',
          name: 'Northwind Studio (demo)',
          credentials: { token: simulator.tokens.personalAccessToken },
          config: { base_url: simulator.baseUrl },
        },
        { signal },
      );
      resources.connectorId = connector.id;
      return {
        result: {
          connector_id: connector.id,
          connector_type: connector.connector_type,
          name: connector.name,
          status: connector.status,
        },
        lines: [
          `connector ${connector.id} (${connector.connector_type}, ${connector.status}); the token is encrypted at rest`,
          `config.base_url points it at ${simulator.baseUrl}`,
        ],
        tryIt: `ASANA_TOKEN=… conduit connectors create asana --config base_url=${simulator.baseUrl}`,
      };
    },
  );
  const connectorId = resources.connectorId!;

  await report.step('list', `List a project’s tasks through the service, ${PAGE_SIZE} a page`, async () => {
    const projects = simulator.data.projects.map((project) => ({
      project,
      tasks: simulator.data.taskGids({ projectGid: project.gid }).length,
    }));
    const chosen = projects.reduce((best, candidate) => (candidate.tasks > best.tasks ? candidate : best));
    const asana = createAsana({ hosted: { client, connectorId } });
    const pages: { records: number; names: string[] }[] = [];
    for await (const page of asana.project_tasks
      .list({ project_gid: chosen.project.gid, limit: PAGE_SIZE }, { signal })
      .pages()) {
      pages.push({ records: page.records.length, names: page.records.map((task) => task.name ?? task.gid) });
    }
    const total = pages.reduce((sum, page) => sum + page.records, 0);
    if (total !== chosen.tasks) {
      throw new CliError(`listed ${total} tasks of ${chosen.project.name}, the project has ${chosen.tasks}`, {
        code: 'demo_check_failed',
        exitCode: EXIT_CODES.upstream,
      });
    }
    return {
      result: {
        project_gid: chosen.project.gid,
        project: chosen.project.name,
        page_size: PAGE_SIZE,
        pages: pages.length,
        tasks: total,
      },
      lines: [
        `"${sanitizeForTerminal(chosen.project.name)}": ${total} tasks in ${pages.length} pages, each page's offset leading to the next`,
        ...pages.map(
          (page, index) =>
            `page ${index + 1}: ${page.names.map((name) => sanitizeForTerminal(name)).join(', ')}`,
        ),
      ],
      tryIt: `conduit exec --hosted asana project_tasks list -p project_gid=${chosen.project.gid} -p limit=${PAGE_SIZE} --all`,
    };
  });

  await report.step('sync', 'Sync the searchable entities into the service and wait', async (controls) => {
    const before = await client.getSyncStatus(connectorId, { signal });
    const { sync_id } = await client.triggerSync(connectorId, { signal });
    const summary = await waitForSync(client, connectorId, before, {
      timeoutMs: SYNC_TIMEOUT_MS,
      intervalMs: 150,
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
      tryIt: 'conduit sync asana --wait',
    };
  });

  const search = async (
    entity: SearchableEntity,
    where: string,
    options: { sort?: string[]; fields: string[]; limit: number },
  ): Promise<SearchEnvelope> => {
    const params = buildSearchParams(
      {
        where,
        sort: options.sort ?? [],
        fields: options.fields,
        limit: String(options.limit),
        defaultLimit: options.limit,
      },
      SEARCHABLE_FIELDS[entity],
    );
    return (await client.execute(connectorId, entity, 'search', params, { signal })) as SearchEnvelope;
  };

  await report.step('fuzzy', `Fuzzy search for "${MISSPELT}", a misspelt word`, async () => {
    const where = `name~~${MISSPELT}`;
    const page = await search('tasks', where, { fields: ['gid', 'name'], limit: 10 });
    if (page.hits.length === 0) {
      throw new CliError(`the fuzzy search ${where} found nothing`, {
        code: 'demo_check_failed',
        exitCode: EXIT_CODES.upstream,
      });
    }
    return {
      result: {
        where,
        took_ms: page.took_ms,
        hits: page.hits.map((hit) => ({ id: hit.id, score: hit.score, name: hit.data.name })),
      },
      lines: [
        `${page.hits.length} tasks match despite the typo (${page.took_ms} ms):`,
        ...page.hits.map((hit) => `${hit.score.toFixed(2)}  ${sanitizeForTerminal(String(hit.data.name))}`),
      ],
      tryIt: `conduit search tasks --where ${quoteShell(where)} --fields gid,name`,
    };
  });

  await report.step('filter', 'Filtered search: one person’s open tasks, soonest due first', async () => {
    const open = await search('tasks', 'completed=false', {
      fields: ['assignee.gid', 'assignee.name'],
      limit: 1000,
    });
    const counts = new Map<string, { name: string; tasks: number }>();
    for (const hit of open.hits) {
      const assignee = hit.data.assignee as { gid?: unknown; name?: unknown } | null | undefined;
      if (typeof assignee?.gid !== 'string') continue;
      const entry = counts.get(assignee.gid) ?? {
        name: typeof assignee.name === 'string' ? assignee.name : assignee.gid,
        tasks: 0,
      };
      entry.tasks += 1;
      counts.set(assignee.gid, entry);
    }
    const top = [...counts.entries()].sort(
      (a, b) => b[1].tasks - a[1].tasks || a[1].name.localeCompare(b[1].name),
    )[0];
    if (!top) {
      throw new CliError('no open task has an assignee', {
        code: 'demo_check_failed',
        exitCode: EXIT_CODES.upstream,
      });
    }
    const [gid, person] = top;
    // The synced task holds the assignee's reference; the synced users hold the name.
    if (person.name === gid) {
      const user = await search('users', `gid=${gid}`, { fields: ['name'], limit: 1 });
      const name = user.hits[0]?.data.name;
      if (typeof name === 'string') person.name = name;
    }
    const where = `completed=false and assignee.gid=${gid}`;
    const page = await search('tasks', where, {
      sort: ['due_on:asc'],
      fields: ['gid', 'name', 'due_on'],
      limit: 10,
    });
    return {
      result: {
        where,
        sort: [{ due_on: 'asc' }],
        assignee: { gid, name: person.name },
        hits: page.hits.map((hit) => ({ id: hit.id, name: hit.data.name, due_on: hit.data.due_on ?? null })),
      },
      lines: [
        `${sanitizeForTerminal(person.name)} has the most open tasks; the first ${page.hits.length} by due date:`,
        ...page.hits.map(
          (hit) =>
            `${String(hit.data.due_on ?? 'no due date').padEnd(11)}  ${sanitizeForTerminal(String(hit.data.name))}`,
        ),
      ],
      tryIt: `conduit search tasks --where ${quoteShell(where)} --sort due_on --fields gid,name,due_on`,
    };
  });

  await report.step('download', 'Download the largest attachment through the service', async (controls) => {
    const largest = await search('attachments', 'host=asana', {
      sort: ['size:desc'],
      fields: ['gid', 'name', 'size'],
      limit: 1,
    });
    const hit = largest.hits[0];
    if (!hit)
      throw new CliError('no attachment to download', {
        code: 'demo_check_failed',
        exitCode: EXIT_CODES.upstream,
      });
    const gid = String(hit.data.gid ?? hit.id);
    const name = String(hit.data.name ?? gid);
    const size = typeof hit.data.size === 'number' ? hit.data.size : undefined;
    const target = join(resources.directory!, 'downloads', name.replace(/[/\\]/g, '_'));
    await mkdir(join(resources.directory!, 'downloads'), { recursive: true });
    // The download draws its own progress bar.
    controls.release();
    const file = await downloadToFile({
      target,
      resume: false,
      expectedSize: size,
      label: name,
      fetch: (from) =>
        client.download(
          connectorId,
          'attachments',
          { attachment_gid: gid, ...(from === undefined ? {} : { range_header: `bytes=${from}-` }) },
          { signal },
        ),
      output,
      signal,
    });
    return {
      result: {
        attachment_gid: gid,
        name,
        bytes: file.bytes,
        expected_bytes: file.expected_bytes,
        sha256: file.sha256,
        content_type: file.content_type,
      },
      lines: [
        `${sanitizeForTerminal(name)}: ${file.bytes} bytes (${formatBytes(file.bytes)}), the size Asana reports`,
        `sha256 ${file.sha256}`,
      ],
      tryIt: `conduit download ${gid} -o ${quoteShell(name)} --hosted`,
    };
  });

  // Part two: the support-desk kind on the same service (Zendesk Support).
  let supportId = '';
  await report.step(
    'support-desk',
    'Start the Zendesk simulator and create a support-desk connector',
    async () => {
      // Records are exportable at once, so the sync below sees the sandbox without the upstream's minute.
      const zendesk = await startZendeskSimulator({ exportDelaySeconds: 0 });
      resources.zendesk = zendesk;
      output.addSecret(zendesk.credentials.apiToken);
      const connector = await client.createConnector(
        {
          connectorType: 'support-desk',
          name: 'Lumen Bikes help desk (demo)',
          credentials: { email: zendesk.credentials.email, api_token: zendesk.credentials.apiToken },
          config: { subdomain: zendesk.data.subdomain, base_url: zendesk.baseUrl },
        },
        { signal },
      );
      supportId = connector.id;
      const data = zendesk.data;
      return {
        result: {
          base_url: zendesk.baseUrl,
          connector_id: connector.id,
          connector_type: connector.connector_type,
          tickets: data.tickets.length,
          users: data.users.length,
          organizations: data.organizations.length,
        },
        lines: [
          `${zendesk.baseUrl}: a bicycle maker's help desk, ${data.tickets.length} tickets, ${data.users.length} people, ${data.organizations.length} organizations`,
          `connector ${connector.id} (support-desk): email + API token, sent as {email}/token`,
        ],
        tryIt: `ZENDESK_EMAIL=… ZENDESK_API_TOKEN=… conduit connectors create support-desk --config subdomain=${data.subdomain}`,
      };
    },
  );
  const zendesk = resources.zendesk!;

  await report.step(
    'support-sync',
    'Sync tickets (through the incremental export), users, organizations and groups',
    async (controls) => {
      const before = await client.getSyncStatus(supportId, { signal });
      const summary =
        before.last_success_at !== null
          ? before
          : await waitForSync(client, supportId, before, {
              timeoutMs: SYNC_TIMEOUT_MS,
              intervalMs: 100,
              signal,
              onStatus: (status) =>
                controls.update(
                  `${status.state}; ${status.entities.map((entity) => `${entity.entity} ${entity.records}`).join(', ') || 'starting'}`,
                ),
            });
      if (summary.state === 'failed') throw syncFailure(supportId, summary);
      return {
        result: {
          state: summary.state,
          entities: summary.entities.map((entity) => ({ entity: entity.entity, records: entity.records })),
        },
        lines: [summary.entities.map((entity) => `${entity.entity} ${entity.records}`).join(', ')],
        tryIt: 'conduit sync support-desk --wait',
      };
    },
  );

  await report.step(
    'support-search',
    'Search the synced tickets: urgent and high, not yet solved',
    async () => {
      const where = 'priority=urgent or priority=high';
      const params = buildSearchParams(
        {
          where,
          sort: ['updated_at:desc'],
          fields: ['id', 'subject', 'status', 'priority'],
          limit: '50',
          defaultLimit: 50,
        },
        SUPPORT_DESK_FIELDS.tickets,
      );
      const page = (await client.execute(supportId, 'tickets', 'search', params, {
        signal,
      })) as SearchEnvelope;
      const unsolved = page.hits.filter((hit) => !['solved', 'closed'].includes(String(hit.data.status)));
      if (unsolved.length === 0) {
        throw new CliError(`the search ${where} found no unsolved ticket`, {
          code: 'demo_check_failed',
          exitCode: EXIT_CODES.upstream,
        });
      }
      const shown = unsolved.slice(0, 5);
      return {
        result: {
          where,
          hits: page.hits.length,
          unsolved: unsolved.length,
          first: shown.map((hit) => ({ id: hit.id, subject: hit.data.subject, status: hit.data.status })),
        },
        lines: [
          `${page.hits.length} urgent or high tickets, ${unsolved.length} not solved; the latest:`,
          ...shown.map(
            (hit) =>
              `#${hit.id.padEnd(4)} ${String(hit.data.status).padEnd(8)} ${sanitizeForTerminal(String(hit.data.subject))}`,
          ),
        ],
        tryIt: `conduit search tickets --connector support-desk --where ${quoteShell(where)} --sort updated_at:desc`,
      };
    },
  );

  await report.step(
    'support-download',
    'Download a ticket attachment (the storage host never sees credentials)',
    async () => {
      const file = [...zendesk.data.attachmentById.values()]
        .filter((attachment) => !attachment.inline)
        .sort((a, b) => b.size - a.size)[0];
      if (!file)
        throw new CliError('no attachment to download', {
          code: 'demo_check_failed',
          exitCode: EXIT_CODES.upstream,
        });
      await mkdir(join(resources.directory!, 'downloads'), { recursive: true });
      const target = join(resources.directory!, 'downloads', file.fileName.replace(/[/\\]/g, '_'));
      const result = await downloadToFile({
        target,
        resume: false,
        expectedSize: file.size,
        label: file.fileName,
        fetch: (from) =>
          client.download(
            supportId,
            'attachments',
            { attachment_id: file.id, ...(from === undefined ? {} : { range_header: `bytes=${from}-` }) },
            { signal },
          ),
        output,
        signal,
      });
      const leaked = zendesk.requests.all.some(
        (request) => request.host === 'storage' && request.headers.authorization !== undefined,
      );
      if (leaked)
        throw new CliError('credentials reached the storage host', {
          code: 'demo_check_failed',
          exitCode: EXIT_CODES.upstream,
        });
      await client.deleteConnector(supportId, { signal });
      return {
        result: {
          attachment_id: file.id,
          name: file.fileName,
          bytes: result.bytes,
          content_type: result.content_type,
          sha256: result.sha256,
        },
        lines: [
          `${sanitizeForTerminal(file.fileName)}: ${result.bytes} bytes (${result.content_type}), via a redirect to the storage host, which got no Authorization`,
          'support-desk connector deleted',
        ],
        tryIt: `conduit download ${file.id} --connector support-desk -o ${quoteShell(file.fileName)} --hosted`,
      };
    },
  );

  await report.step(
    'crm',
    'The CRM kind: a crm connector on a Salesforce simulator, listed, synced and searched',
    async () => {
      const crm = await startSalesforceSimulator();
      resources.crmSimulator = crm;
      output.addSecret(crm.credentials.refreshToken);
      output.addSecret(crm.credentials.clientSecret);
      const connector = await client.createConnector(
        {
          connectorType: 'crm',
          name: 'Northwind CRM (demo)',
          credentials: {
            refresh_token: crm.credentials.refreshToken,
            client_id: crm.credentials.clientId,
            client_secret: crm.credentials.clientSecret,
          },
          config: { base_url: crm.loginUrl },
        },
        { signal },
      );
      const salesforce = createSalesforce({ hosted: { client, connectorId: connector.id } });
      const won = await salesforce.opportunities.list({ stage: 'Closed Won' });
      const before = await client.getSyncStatus(connector.id, { signal });
      await client.triggerSync(connector.id, { signal });
      const summary = await waitForSync(client, connector.id, before, {
        timeoutMs: SYNC_TIMEOUT_MS,
        intervalMs: 150,
        signal,
      });
      if (summary.state === 'failed') throw syncFailure(connector.id, summary);
      const contact = crm.data.records('Contact')[0]!;
      const where = { eq: { Email: contact.Email } };
      const found = (await client.execute(
        connector.id,
        'contacts',
        'search',
        { query: { filter: where }, limit: 5 },
        { signal },
      )) as SearchEnvelope;
      if (found.hits[0]?.id !== contact.Id) {
        throw new CliError(`the search for ${String(contact.Email)} did not find contact ${contact.Id}`, {
          code: 'demo_check_failed',
          exitCode: EXIT_CODES.upstream,
        });
      }
      await client.deleteConnector(connector.id, { signal });
      const records = summary.entities.reduce((sum, entity) => sum + entity.records, 0);
      return {
        result: {
          connector_id: connector.id,
          closed_won: won.records.map((deal) => ({ id: deal.Id, name: deal.Name, amount: deal.Amount })),
          synced: records,
          search: { filter: where, hits: found.hits.map((hit) => hit.id) },
        },
        lines: [
          `crm connector ${connector.id}: ${won.records.length} Closed Won opportunities (${won.records.map((deal) => sanitizeForTerminal(String(deal.Name))).join('; ')})`,
          `synced ${records} records; contacts with Email ${sanitizeForTerminal(String(contact.Email))}: ${found.hits.map((hit) => hit.id).join(', ')}`,
        ],
        tryIt: "conduit exec --hosted crm opportunities list -p 'stage=Closed Won'",
      };
    },
  );

  await report.step('cleanup', 'Delete the connector, stop everything and remove the files', async () => {
    await client.deleteConnector(connectorId, { signal });
    resources.connectorId = undefined;
    const remaining = await client.listConnectors({}, { signal });
    const stopped = await cleanUp(resources);
    resources.server = undefined;
    resources.simulator = undefined;
    resources.zendesk = undefined;
    resources.crmSimulator = undefined;
    resources.directory = undefined;
    return {
      result: { connector_deleted: true, connectors_left: remaining.length, stopped },
      lines: [`connector deleted with its credentials and synced data; ${stopped.join(', ')}`],
    };
  });
}
