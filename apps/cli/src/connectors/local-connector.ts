import type { ConnectorDefinition, ConnectorExecutor } from '@conduit/protocol';

/**
 * Upstream credentials in their JSON shape (as in `--credentials-file` and the hosted service's
 * connector body), e.g. `{token}` or `{refresh_token, client_id, client_secret}`.
 */
export type CredentialsInput = Readonly<Record<string, string>>;

/** One way to authenticate: which JSON fields it takes and which settings (env, profile) hold them. */
export interface CredentialMethod {
  /** For messages: `personal access token`. */
  readonly name: string;
  /** Each JSON field and the setting that holds it in the environment or a profile. */
  readonly fields: readonly {
    readonly json: string;
    readonly setting: string;
    readonly optional?: boolean;
  }[];
}

/** What `conduit exec` passes a connector to run it in this process. */
export interface LocalExecutorOptions {
  readonly credentials: CredentialsInput;
  /** Replaces the upstream API root. */
  readonly baseUrl: string | undefined;
  readonly fetch: typeof globalThis.fetch | undefined;
  /** Product token for the User-Agent, e.g. `conduit-cli/0.1.0`. */
  readonly userAgent: string;
  /** Under `--debug`: receives one line per upstream request, response, retry and failure (redacted). */
  readonly debugLog: ((line: string) => void) | undefined;
}

/**
 * A connector as the CLI runs it locally: its definition (for describe, params and rendering),
 * how credentials are given, and how to build its executor.
 */
export interface LocalConnector {
  readonly definition: ConnectorDefinition;
  /** Ways to authenticate, in order of preference when several are complete. */
  readonly credentialMethods: readonly CredentialMethod[];
  /**
   * Checks a credentials JSON value. Throws a usage error naming the fields at fault (never their
   * values); `origin` says where the value came from (`--credentials-file x.json`).
   */
  parseCredentials(value: unknown, origin: string): CredentialsInput;
  /** The setting that overrides the upstream API root (`example_base_url`). */
  readonly baseUrlSetting: string;
  readonly defaultBaseUrl: string;
  createExecutor(options: LocalExecutorOptions): ConnectorExecutor;
}
