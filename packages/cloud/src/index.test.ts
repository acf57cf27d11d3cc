import { describe, expect, it } from 'vitest';
import * as cloud from './index';

describe('@conduit/cloud exports', () => {
  it("exposes the seed's classes and errors under their TypeScript names", () => {
    const exported = new Map<string, unknown>(Object.entries(cloud));
    for (const name of [
      'CloudClientConfig',
      'CloudWorkspace',
      'CloudConnection',
      'CloudSource',
      'CloudDestination',
      'CloudOrganization',
      'CustomCloudSourceDefinition',
      'SyncResult',
      'SyncAttempt',
      'PlatformError',
      'PlatformApiError',
      'PlatformSecretNotFoundError',
      'PlatformWorkspaceMismatchError',
      'PlatformMissingResourceError',
      'PlatformConnectionSyncError',
      'PlatformConnectionSyncTimeoutError',
      'PlatformInputError',
      'PlatformValueError',
      'PlatformDuplicateResourcesError',
      'PlatformSafeModeError',
      'WarehouseReaderRegistry',
      'SqlCache',
      'SqlTable',
      'CachedDataset',
      'SecretString',
    ]) {
      expect(typeof exported.get(name), name).toBe('function');
    }
    expect(cloud.JobStatus.RUNNING).toBe('running');
    expect(cloud.CLOUD_API_ROOT).toBe('https://api.airbyte.com/v1');
    expect(cloud.DEFAULT_SYNC_TIMEOUT_SECONDS).toBe(1800);
    expect(cloud.RUN_SYNC_TIMEOUT_SECONDS).toBe(300);
    expect(cloud.VERSION).toBe('0.0.0-test');
  });

  it('does nothing at import time that a constructor has not asked for', () => {
    // Building a workspace makes no request and starts no timer: nothing to clean up.
    const workspace = new cloud.CloudWorkspace({ workspaceId: 'w', bearerToken: 't' });
    expect(workspace.getConnection('c').connectionId).toBe('c');
  });
});
