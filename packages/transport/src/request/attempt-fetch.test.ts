import { describe, expect, it } from 'vitest';
import { testCallState } from '../test-utils/call-state';
import { useTestServers } from '../test-utils/use-test-servers';
import { attemptFetch } from './attempt-fetch';
import { withCallState } from './call-state';

const serve = useTestServers();

describe('attemptFetch', () => {
  it('counts attempts and reads the body of a buffered attempt inside it', async () => {
    const server = await serve({ 'GET /x': { json: { ok: true } }, 'GET /empty': { status: 204 } });
    const state = testCallState(server.url, { path: '/x' });
    const fetch = attemptFetch(globalThis.fetch);
    const response = await fetch(new Request(state.prepared.url), withCallState(state));
    expect(state.attempts).toBe(1);
    expect(state.status).toBe(200);
    // Already read: a reset now could not reach the caller outside the attempt.
    expect(await response.json()).toEqual({ ok: true });
    const empty = await fetch(new Request(`${server.url}/empty`), withCallState(state));
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    expect(state.attempts).toBe(2);
  });

  it('fails the attempt itself when the connection resets in the middle of the body', async () => {
    const server = await serve({ 'GET /x': { json: { data: 'x'.repeat(100_000) } } });
    server.inject({ kind: 'reset', afterBytes: 1_000 });
    const state = testCallState(server.url, { path: '/x' });
    await expect(
      attemptFetch(globalThis.fetch)(new Request(state.prepared.url), withCallState(state)),
    ).rejects.toThrow();
  });

  it('gives a stream attempt an abort controller of its own, linked to ky’s signal', async () => {
    const server = await serve({ 'GET /file': { body: 'x'.repeat(10) } });
    const state = testCallState(server.url, { path: '/file' }, { mode: 'stream' });
    const upstream = new AbortController();
    const response = await attemptFetch(globalThis.fetch)(
      new Request(state.prepared.url, { signal: upstream.signal }),
      withCallState(state),
    );
    expect(response.body).not.toBeNull();
    await response.body?.cancel();
    expect(state.attemptSignal?.aborted).toBe(false);
    upstream.abort(new Error('caller gone'));
    expect(state.attemptSignal?.aborted).toBe(true);
    expect(state.attemptSignal?.reason).toEqual(new Error('caller gone'));
  });
});
