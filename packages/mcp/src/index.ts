export {
  type HostedTokenAuthenticatorOptions,
  hostedTokenAuthenticator,
  staticTokenAuthenticator,
} from './authenticators';
export {
  type ConnectorSource,
  definitionsOf,
  type LocalConnectorOptions,
  localConnector,
} from './connector-source';
export {
  type ConnectorTool,
  type ConnectorToolsOptions,
  CURSOR_ARGUMENT,
  connectorTools,
  FIELDS_ARGUMENT,
} from './connector-tools';
export { createMcpServer, type McpServerOptions } from './create-mcp-server';
export { DEFAULT_DOWNLOAD_CAP, DEFAULT_RESOURCE_CAP } from './download-caps';
export { decodeDownloadArgs, downloadUri } from './download-link';
export { type HostedConnectorsOptions, hostedConnectors, isRefusedToken } from './hosted-connectors';
export type { McpConnector } from './mcp-connector';
export {
  createMcpHttpHandler,
  MCP_SESSION_LIMITS,
  type McpAuthenticator,
  type McpHttpHandlerOptions,
} from './mcp-http-handler';
export {
  DEFAULT_OUTPUT_SCHEMAS,
  OUTPUT_SCHEMAS,
  type OutputSchemas,
  parseOutputSchemas,
} from './output-schemas';
export { type DownloadedFile, readDownload } from './read-download';
export { type RunToolOptions, runTool, type ToolOutcome, toExecuteParams } from './run-tool';
export { type ServeHttpOptions, serveHttp } from './serve-http';
export { serveStdio } from './serve-stdio';
export { type ToolError, toToolError } from './tool-error';
export { toolName } from './tool-name';
export { trimFields } from './trim-fields';
export { VERSION } from './version';
