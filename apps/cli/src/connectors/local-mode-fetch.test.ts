import { ResponseLimitError } from '@conduit/protocol';
import { createLiveMemoryProbe, startHostileUpstream } from '@conduit/testkit';
import { describe, expect, it } from 'vitest';
import { localModeFetch } from './local-mode-fetch';

describe('localModeFetch', () => {
  it('stops a nested gzip bomb from the upstream API with a typed error, in bounded memory', async () => {
    const upstream = await startHostileUpstream({ attack: 'nested-gzip', decodedMiB: 4096 });
    try {
      const fetch = localModeFetch(`${upstream.url}/api/1.0`);
      const probe = createLiveMemoryProbe();
      const error = await fetch(`${upstream.url}/api/1.0/tasks`)
        .then((response) => response.json())
        .catch((reason: unknown) => reason);
      probe.sample();
      expect(error).toBeInstanceOf(ResponseLimitError);
      expect(probe.peak).toBeLessThan(300 * 1024 * 1024);
    } finally {
      await upstream.close();
    }
  }, 60_000);

  it('passes ordinary pages through', async () => {
    const upstream = await startHostileUpstream({ attack: 'ok' });
    try {
      const response = await localModeFetch(upstream.url)(`${upstream.url}/workspaces`);
      expect(await response.json()).toMatchObject({ next_page: null });
    } finally {
      await upstream.close();
    }
  });
});
