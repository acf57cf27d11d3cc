import type { ConnectorDemo, ConnectorModule } from '@conduit/connector-kit';
import type { ConnectorKind } from '@conduit/protocol';

/**
 * A connector of the registry, without loading it: its kind (names, credential methods, config
 * variables: what help, settings, completion and the hosted service's checks need) and how to load
 * its module (definition, executor, sync plan) when a command or a request needs it.
 *
 * @example
 * ```ts
 * const module = await findConnector('asana')?.load();
 * ```
 */
export interface ConnectorEntry {
  /** The connector's one name: its package's, its module's, its CLI word, a `connector_type` alias. */
  readonly name: string;
  readonly kind: ConnectorKind<string, unknown, unknown>;
  /** The package its module comes from. */
  readonly packageName: string;
  load(): Promise<ConnectorModule>;
  /** What `conduit demo` runs of it offline (its package's `/demo` entry), if it has a demo. */
  loadDemo?(): Promise<ConnectorDemo>;
}

/**
 * A registry line: a connector's kind, its package, and the import of its module (kept lazy, so
 * listing the connectors costs only their kinds), and of its demo if it has one.
 *
 * @example
 * ```ts
 * lazyConnector(notesKind, '@acme/notes', async () => (await import('@acme/notes')).notesModule);
 * ```
 */
export function lazyConnector(
  kind: ConnectorKind<string, unknown, unknown>,
  packageName: string,
  load: () => Promise<ConnectorModule>,
  loadDemo?: () => Promise<ConnectorDemo>,
): ConnectorEntry {
  let loading: Promise<ConnectorModule> | undefined;
  return {
    name: kind.aliases[0] ?? kind.type,
    kind,
    packageName,
    ...(loadDemo === undefined ? {} : { loadDemo }),
    load: () => {
      loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return loading;
    },
  };
}
