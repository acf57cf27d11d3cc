export { filenameFromContentDisposition } from './content-disposition';
export {
  type CreateApplicationInput,
  HostedAdminClient,
  type HostedAdminClientOptions,
} from './hosted-admin-client';
export {
  type ChangesOptions,
  type CreateConnectorInput,
  type CreateConnectSessionInput,
  HostedClient,
  type TriggerSyncOptions,
  type UpdateConnectorInput,
} from './hosted-client';
export {
  DEFAULT_HOSTED_BASE_URL,
  type HostedClientOptions,
  resolveHostedClientOptions,
} from './hosted-client-options';
export { hostedErrorFromBody } from './hosted-error';
export { createHostedExecutor, type HostedExecutorOptions } from './hosted-executor';
export { type ScopedTokenAuthOptions, scopedTokenAuth } from './scoped-token-auth';
export { VERSION } from './version';
