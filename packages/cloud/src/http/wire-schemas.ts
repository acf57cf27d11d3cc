import * as z from 'zod';
import type { AttemptRecord } from './attempt-record';

// Response schemas list only the fields the client reads, and stay loose, so fields the platform
// adds later pass through untouched.

/**
 * `JobResponse` of the public API (`GET /jobs/{id}`, `POST /jobs`, items of `GET /jobs`).
 *
 * @example
 * ```ts
 * JobResponseSchema.parse({ jobId: 1, status: 'running', jobType: 'sync', connectionId, startTime: '2026-01-02T03:04Z' });
 * ```
 */
export const JobResponseSchema = z.looseObject({
  jobId: z.number().int(),
  // Any string: a status this client does not know yet is treated as not final, not as an error.
  status: z.string().min(1),
  jobType: z.string().optional(),
  connectionId: z.string().optional(),
  startTime: z.string().optional(),
  lastUpdatedAt: z.string().optional(),
  duration: z.string().optional(),
  bytesSynced: z.number().nullable().optional(),
  rowsSynced: z.number().nullable().optional(),
});

/** A parsed `JobResponse`. */
export type JobResponse = z.infer<typeof JobResponseSchema>;

/**
 * One selected stream of `ConnectionResponse.configurations.streams`.
 *
 * @example
 * ```ts
 * StreamConfigurationSchema.parse({ name: 'users' });
 * ```
 */
export const StreamConfigurationSchema = z.looseObject({
  name: z.string(),
  namespace: z.string().nullable().optional(),
  syncMode: z.string().optional(),
});

/**
 * `ConnectionResponse` of the public API.
 *
 * @example
 * ```ts
 * ConnectionResponseSchema.parse(body).status; // 'active'
 * ```
 */
export const ConnectionResponseSchema = z.looseObject({
  connectionId: z.string(),
  name: z.string().nullable().optional(),
  sourceId: z.string(),
  destinationId: z.string(),
  workspaceId: z.string(),
  status: z.string(),
  prefix: z.string().nullable().optional(),
  namespaceDefinition: z.string().nullable().optional(),
  namespaceFormat: z.string().nullable().optional(),
  schedule: z.looseObject({ scheduleType: z.string(), cronExpression: z.string().optional() }).optional(),
  configurations: z.looseObject({ streams: z.array(StreamConfigurationSchema).optional() }).optional(),
});

/** A parsed `ConnectionResponse`. */
export type ConnectionResponse = z.infer<typeof ConnectionResponseSchema>;

/**
 * `SourceResponse` of the public API.
 *
 * @example
 * ```ts
 * SourceResponseSchema.parse(body).name;
 * ```
 */
export const SourceResponseSchema = z.looseObject({
  sourceId: z.string(),
  name: z.string(),
  definitionId: z.string().optional(),
  sourceType: z.string().optional(),
  workspaceId: z.string().optional(),
  configuration: z.record(z.string(), z.unknown()).optional(),
});

/** A parsed `SourceResponse`. */
export type SourceResponse = z.infer<typeof SourceResponseSchema>;

/**
 * `DestinationResponse` of the public API.
 *
 * @example
 * ```ts
 * DestinationResponseSchema.parse(body).destinationType; // 'postgres'
 * ```
 */
export const DestinationResponseSchema = z.looseObject({
  destinationId: z.string(),
  name: z.string(),
  definitionId: z.string().optional(),
  destinationType: z.string().optional(),
  workspaceId: z.string().optional(),
  configuration: z.record(z.string(), z.unknown()).optional(),
});

/** A parsed `DestinationResponse`. */
export type DestinationResponse = z.infer<typeof DestinationResponseSchema>;

/**
 * The public API's list envelope around any item schema.
 *
 * @example
 * ```ts
 * pageSchema(JobResponseSchema).parse({ data: [], next: '' });
 * ```
 */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.looseObject({
    data: z.array(item),
    next: z.string().nullable().optional(),
    previous: z.string().nullable().optional(),
  });
}

/**
 * `DeclarativeSourceDefinitionResponse` (custom YAML source definitions).
 *
 * @example
 * ```ts
 * DeclarativeDefinitionSchema.parse(body).version; // 1
 * ```
 */
export const DeclarativeDefinitionSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  manifest: z.record(z.string(), z.unknown()),
  version: z.union([z.number(), z.string()]).optional(),
});

/** A parsed `DeclarativeSourceDefinitionResponse`. */
export type DeclarativeDefinition = z.infer<typeof DeclarativeDefinitionSchema>;

/**
 * `DefinitionResponse` (custom Docker source definitions).
 *
 * @example
 * ```ts
 * DockerDefinitionSchema.parse(body).dockerImageTag;
 * ```
 */
export const DockerDefinitionSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  dockerRepository: z.string(),
  dockerImageTag: z.string(),
  documentationUrl: z.string().nullable().optional(),
});

/** A parsed `DefinitionResponse`. */
export type DockerDefinition = z.infer<typeof DockerDefinitionSchema>;

/**
 * Config API `OrganizationInfoRead` (`POST /workspaces/get_organization_info`).
 *
 * @example
 * ```ts
 * OrganizationInfoSchema.parse(body).organizationName;
 * ```
 */
export const OrganizationInfoSchema = z.looseObject({
  organizationId: z.string().nullable().optional(),
  organizationName: z.string().nullable().optional(),
  sso: z.boolean().optional(),
  billing: z
    .looseObject({ paymentStatus: z.string().optional(), subscriptionStatus: z.string().optional() })
    .nullable()
    .optional(),
});

/**
 * Config API `AttemptInfoRead` (one entry of `JobInfoRead.attempts`).
 *
 * @example
 * ```ts
 * AttemptInfoSchema.parse(body.attempts[0]).attempt.status;
 * ```
 */
export const AttemptInfoSchema: z.ZodType<AttemptRecord> = z.looseObject({
  attempt: z.looseObject({
    id: z.number().int(),
    status: z.string(),
    createdAt: z.number(),
    updatedAt: z.number().optional(),
    endedAt: z.number().nullable().optional(),
    bytesSynced: z.number().nullable().optional(),
    recordsSynced: z.number().nullable().optional(),
    failureSummary: z
      .looseObject({
        failures: z.array(z.looseObject({ externalMessage: z.string().nullable().optional() })).optional(),
      })
      .nullable()
      .optional(),
  }),
  logType: z.string().optional(),
  logs: z
    .looseObject({
      events: z
        .array(
          z.looseObject({
            timestamp: z.number(),
            level: z.string(),
            message: z.string(),
          }),
        )
        .optional(),
      logLines: z.array(z.string()).optional(),
    })
    .nullable()
    .optional(),
});

/** A parsed `AttemptInfoRead`. */
export type AttemptInfo = AttemptRecord;

/**
 * Config API `JobInfoRead` (`POST /jobs/get`).
 *
 * @example
 * ```ts
 * JobInfoSchema.parse(body).attempts.length;
 * ```
 */
export const JobInfoSchema = z.looseObject({
  job: z.looseObject({ id: z.number().int(), status: z.string() }),
  attempts: z.array(AttemptInfoSchema),
});

/** A parsed `JobInfoRead`. */
export type JobInfo = z.infer<typeof JobInfoSchema>;
