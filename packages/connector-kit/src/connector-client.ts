import type {
  ActionDefinition,
  ActionKind,
  ActionName,
  ActionOf,
  ConnectorDefinition,
  ConnectorExecutor,
  DownloadResult,
  EntityName,
  ExecuteOptions,
  ListEnvelope,
  SearchEnvelope,
  SearchHit,
} from '@conduit/protocol';
import { type ListResult, paginate } from '@conduit/transport';
import type * as z from 'zod';
import type { LocalConnectorExecutor } from './create-connector-executor';

type Arguments<Params> = {} extends Params
  ? [params?: Params, options?: ExecuteOptions]
  : [params: Params, options?: ExecuteOptions];

/**
 * The typed method of one action, derived from its definition: `list` is awaitable for one page
 * and `for await`-able over every record, `get` resolves with the record, `search` pages hits
 * whose `data` has the action's record type, `download` resolves with the byte stream. Records
 * are typed from their schema; fields a loose schema keeps are `unknown`.
 *
 * @example
 * ```ts
 * type GetTask = ActionMethod<ActionOf<AsanaDefinition, 'tasks', 'get'>>;
 * ```
 */
export type ActionMethod<Action> =
  Action extends ActionDefinition<infer Kind, infer Params, infer Output>
    ? Kind extends 'list'
      ? (...args: Arguments<z.input<Params>>) => ListResult<z.output<Output>, ListEnvelope<z.output<Output>>>
      : Kind extends 'get'
        ? (...args: Arguments<z.input<Params>>) => Promise<z.output<Output>>
        : Kind extends 'search'
          ? (
              ...args: Arguments<z.input<Params>>
            ) => ListResult<SearchHit<z.output<Output>>, SearchEnvelope<z.output<Output>>>
          : Kind extends 'download'
            ? (...args: Arguments<z.input<Params>>) => Promise<DownloadResult>
            : never
    : never;

/**
 * The typed methods of every entity of a connector: `client.tasks.list(…)`.
 *
 * @example
 * ```ts
 * type TaskMethods = EntityMethods<AsanaDefinition>['tasks'];
 * ```
 */
export type EntityMethods<D extends ConnectorDefinition> = {
  readonly [E in EntityName<D>]: { readonly [A in ActionName<D, E>]: ActionMethod<ActionOf<D, E, A>> };
};

/**
 * The result type of `execute` for one entity/action pair.
 *
 * @example
 * ```ts
 * type TaskPage = ExecuteResult<AsanaDefinition, 'tasks', 'list'>;
 * ```
 */
export type ExecuteResult<
  D extends ConnectorDefinition,
  E extends EntityName<D>,
  A extends ActionName<D, E>,
> =
  ActionOf<D, E, A> extends ActionDefinition<infer Kind, z.ZodObject, infer Output>
    ? Kind extends 'list'
      ? ListEnvelope<z.output<Output>>
      : Kind extends 'get'
        ? z.output<Output>
        : Kind extends 'search'
          ? SearchEnvelope<z.output<Output>>
          : DownloadResult
    : never;

/**
 * A connector client: `execute` plus the typed methods of every entity.
 *
 * @example
 * ```ts
 * const client: ConnectorClient<AsanaDefinition> = createConnectorClient(asanaDefinition, executor);
 * ```
 */
export type ConnectorClient<D extends ConnectorDefinition> = EntityMethods<D> & {
  /** The definition the client was built from. */
  readonly definition: D;
  /** `local` or `hosted`. */
  readonly mode: ConnectorExecutor['mode'];
  /**
   * Runs one entity/action with params and returns the seed's envelope for the action.
   *
   * @example
   * ```ts
   * const page = await client.execute('tasks', 'list', { project: '1' });
   * ```
   */
  execute<E extends EntityName<D>, A extends ActionName<D, E>>(
    entity: E,
    action: A,
    params?: Record<string, unknown>,
    options?: ExecuteOptions,
  ): Promise<ExecuteResult<D, E, A>>;
};

/** An executor that pages lists itself (the local one), see `LocalConnectorExecutor.listPages`. */
function isPaging(
  executor: ConnectorExecutor,
): executor is ConnectorExecutor & Required<Pick<LocalConnectorExecutor, 'listPages'>> {
  return typeof (executor as Partial<LocalConnectorExecutor>).listPages === 'function';
}

/** The signal of a page request: the walk's own and the caller's, either, or none. */
function signalOf(
  options: ExecuteOptions | undefined,
  signal: AbortSignal | undefined,
): AbortSignal | undefined {
  return signal && options?.signal ? AbortSignal.any([signal, options.signal]) : (signal ?? options?.signal);
}

function withSignal(options: ExecuteOptions | undefined, signal: AbortSignal | undefined): ExecuteOptions {
  const combined = signalOf(options, signal);
  return combined ? { signal: combined } : {};
}

/**
 * Builds the typed client of a connector definition over any executor (local or hosted).
 * List methods are awaitable for one page and `for await`-able over every record.
 *
 * @example
 * ```ts
 * const client = createConnectorClient(asanaDefinition, createLocalExecutor({ auth: { token } }));
 * for await (const task of client.project_tasks.list({ project_gid: '1' })) console.log(task.name);
 * ```
 */
export function createConnectorClient<D extends ConnectorDefinition>(
  definition: D,
  executor: ConnectorExecutor,
): ConnectorClient<D> {
  const client: Record<string, unknown> = {
    definition,
    mode: executor.mode,
    execute: (entity: string, action: string, params?: Record<string, unknown>, options?: ExecuteOptions) =>
      executor.execute({ entity, action, params: params ?? {} }, options),
  };
  for (const [entity, entityDefinition] of Object.entries(definition.entities)) {
    const methods: Record<string, unknown> = {};
    for (const kind of Object.keys(entityDefinition.actions) as ActionKind[]) {
      const run = (params: Record<string, unknown>, options?: ExecuteOptions) =>
        executor.execute({ entity, action: kind, params }, options);
      if (kind === 'list') {
        methods.list = (params: Record<string, unknown> = {}, options?: ExecuteOptions) => {
          // A local executor validates the params once for the whole walk, not on every page.
          const pages = isPaging(executor) ? executor.listPages(entity, params) : undefined;
          return paginate<unknown, ListEnvelope>({
            fetchPage: (cursor, signal) =>
              pages
                ? pages(cursor, signalOf(options, signal))
                : (run(
                    cursor === undefined ? params : { ...params, offset: cursor },
                    withSignal(options, signal),
                  ) as Promise<ListEnvelope>),
            items: (page) => page.records,
            nextCursor: (page) => page.meta.next_page?.offset,
          });
        };
      } else if (kind === 'search') {
        methods.search = (params: Record<string, unknown> = {}, options?: ExecuteOptions) =>
          paginate<SearchHit, SearchEnvelope>({
            fetchPage: (cursor, signal) =>
              run(
                cursor === undefined ? params : { ...params, cursor },
                withSignal(options, signal),
              ) as Promise<SearchEnvelope>,
            items: (page) => page.hits,
            nextCursor: (page) => page.next_cursor,
          });
      } else {
        methods[kind] = (params: Record<string, unknown> = {}, options?: ExecuteOptions) =>
          run(params, options);
      }
    }
    client[entity] = Object.freeze(methods);
  }
  return Object.freeze(client) as ConnectorClient<D>;
}
