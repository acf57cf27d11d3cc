import {
  type ConnectionSyncMode,
  connectionSyncModes,
  splitSyncMode,
  writeStrategy,
} from './connection-sync-modes';
import type { DiscoveredStream } from './discovered-stream';
import { badRequest } from './problem-responses';
import type { CloudStreamConfigRecord, ConfiguredMapperRecord } from './simulator-records';

/** A stream configuration as a client sends it in `configurations.streams[]`. */
export interface RequestedStream {
  name: string;
  namespace?: string | undefined;
  syncMode?: string | undefined;
  cursorField?: string[] | undefined;
  primaryKey?: string[][] | undefined;
  selectedFields?: Array<{ fieldPath?: string[] | undefined }> | undefined;
  mappers?:
    | Array<{ id?: string | undefined; type: string; mapperConfiguration: Record<string, unknown> }>
    | undefined;
  includeFiles?: boolean | undefined;
  destinationObjectName?: string | undefined;
}

/**
 * Resolves a connection's requested streams against the source's discovered catalog, with the
 * platform's rules: each name must exist (and `namespace` is needed when two namespaces share
 * it), duplicates are refused, a stream without `syncMode` becomes `full_refresh_overwrite`,
 * incremental modes need a cursor and dedup modes a primary key. Without a request every
 * discovered stream is selected. Failures are 400 `bad-request` problems.
 *
 * @example
 * ```ts
 * resolveStreamSelection([{ name: 'users' }], fakerCatalog());
 * // [{ name: 'users', syncMode: 'full_refresh_overwrite', cursorField: ['updated_at'], primaryKey: [['id']], mappers: [] }]
 * ```
 */
export function resolveStreamSelection(
  requested: RequestedStream[] | undefined,
  catalog: DiscoveredStream[],
): CloudStreamConfigRecord[] {
  if (requested === undefined) {
    return catalog.map((stream) => defaultConfig(stream, 'full_refresh_overwrite'));
  }
  const seen = new Set<string>();
  const result: CloudStreamConfigRecord[] = [];
  for (const entry of requested) {
    const candidates = catalog.filter(
      (stream) =>
        stream.name === entry.name && (entry.namespace === undefined || stream.namespace === entry.namespace),
    );
    if (candidates.length === 0) {
      throw badRequest(
        `Invalid stream found: ${entry.name}. The list of valid streams includes: ${catalog.map((stream) => stream.name).join(', ')}.`,
      );
    }
    if (candidates.length > 1) {
      throw badRequest(`Stream ${entry.name} exists in several namespaces; a namespace is required.`);
    }
    const stream = candidates[0] as DiscoveredStream;
    const key = `${stream.namespace ?? ''}\u0000${stream.name}`;
    if (seen.has(key)) throw badRequest(`Duplicate stream found in configuration for: ${entry.name}.`);
    seen.add(key);
    result.push(configure(entry, stream));
  }
  return result;
}

function configure(entry: RequestedStream, stream: DiscoveredStream): CloudStreamConfigRecord {
  const mode = entry.syncMode ?? 'full_refresh_overwrite';
  if (!(connectionSyncModes as readonly string[]).includes(mode)) {
    throw badRequest(`Invalid sync mode ${mode} for stream ${stream.name}.`);
  }
  const syncMode = mode as ConnectionSyncMode;
  const [sourceMode] = splitSyncMode(syncMode);
  if (!stream.supportedSyncModes.includes(sourceMode)) {
    throw badRequest(
      `Cannot set sync mode to ${syncMode} for stream ${stream.name}. Supported source sync modes: ${stream.supportedSyncModes.join(', ')}.`,
    );
  }
  const config = defaultConfig(stream, syncMode);
  if (entry.cursorField && entry.cursorField.length > 0) {
    if (stream.sourceDefinedCursor && entry.cursorField.join('.') !== stream.defaultCursorField.join('.')) {
      throw badRequest(
        `Cursor field of stream ${stream.name} is defined by the source and cannot be changed.`,
      );
    }
    requireFields(stream, [entry.cursorField], 'cursor field');
    config.cursorField = [...entry.cursorField];
  }
  if (entry.primaryKey && entry.primaryKey.length > 0) {
    requireFields(stream, entry.primaryKey, 'primary key');
    config.primaryKey = entry.primaryKey.map((path) => [...path]);
  }
  if (sourceMode === 'incremental' && config.cursorField.length === 0) {
    throw badRequest(`No cursor field specified for stream ${stream.name} in incremental mode.`);
  }
  if (writeStrategy(syncMode) === 'dedup' && config.primaryKey.length === 0) {
    throw badRequest(`No primary key specified for stream ${stream.name} in mode ${syncMode}.`);
  }
  if (entry.selectedFields && entry.selectedFields.length > 0) {
    const paths = entry.selectedFields.map((field) => field.fieldPath ?? []);
    requireFields(stream, paths, 'selected field');
    config.selectedFields = paths.map((fieldPath) => ({ fieldPath: [...fieldPath] }));
  }
  if (entry.mappers) {
    config.mappers = entry.mappers.map(
      (mapper): ConfiguredMapperRecord => ({
        ...(mapper.id === undefined ? {} : { id: mapper.id }),
        type: mapper.type,
        mapperConfiguration: structuredClone(mapper.mapperConfiguration),
      }),
    );
  }
  if (entry.includeFiles !== undefined) config.includeFiles = entry.includeFiles;
  if (entry.destinationObjectName !== undefined) config.destinationObjectName = entry.destinationObjectName;
  return config;
}

function defaultConfig(stream: DiscoveredStream, syncMode: ConnectionSyncMode): CloudStreamConfigRecord {
  return {
    name: stream.name,
    ...(stream.namespace === undefined ? {} : { namespace: stream.namespace }),
    syncMode,
    cursorField: [...stream.defaultCursorField],
    primaryKey: stream.sourceDefinedPrimaryKey.map((path) => [...path]),
    mappers: [],
  };
}

function requireFields(stream: DiscoveredStream, paths: string[][], what: string): void {
  const properties = stream.jsonSchema.properties;
  const known =
    typeof properties === 'object' && properties !== null
      ? new Set(Object.keys(properties))
      : new Set<string>();
  for (const path of paths) {
    const top = path[0];
    if (top === undefined || !known.has(top)) {
      throw badRequest(`Invalid ${what} ${JSON.stringify(path)} for stream ${stream.name}: no such field.`);
    }
  }
}
