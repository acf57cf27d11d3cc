import ky from 'ky';
import { describe, expect, it } from 'vitest';
import { withCallState } from '../request/call-state';
import { testCallState } from '../test-utils/call-state';
import { useTestServers } from '../test-utils/use-test-servers';
import { authHooks } from './auth-hooks';
import { bearerAuth } from './bearer-auth';

const serve = useTestServers();

/** ky with the auth layer's hooks only, as octokit tests one plugin on a bare client. */
function kyWithAuth(hooks: ReturnType<typeof authHooks>) {
  return ky.create({
    retry: { limit: 1 },
    hooks: {
      beforeRequest: [hooks.beforeRequest],
      beforeRetry: [hooks.beforeRetry],
      afterResponse: hooks.afterResponse ? [hooks.afterResponse] : [],
    },
  });
}

describe('authHooks', () => {
  it('authorizes each attempt with the credentials current then, and replays a 401 once after a refresh', async () => {
    let token = 'old';
    const server = await serve({
      'GET /me': (request) => {
        if (request.headers.authorization === 'Bearer new') return { json: { ok: true } };
        token = 'new'; // rotated while the first attempt was in flight
        return { status: 401, json: {} };
      },
    });
    const state = testCallState(server.url, { path: '/me' }, { hasAuth: true });
    const auth = authHooks(bearerAuth(() => token));
    const client = kyWithAuth(auth);
    await expect(client(state.prepared.url, { ...withCallState(state) }).json()).resolves.toEqual({
      ok: true,
    });
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer old',
      'Bearer new',
    ]);
    expect(state.replayed).toBe(true);
    expect(state.credential).toBe('new');
    expect(state.reason).toBe('auth-refresh');
    expect(state.replayError?.name).toBe('AuthenticationError');
  });

  it('does not replay when the refresh says the credentials did not change, nor twice', async () => {
    const server = await serve({ 'GET /me': { status: 401, json: { errors: [{ message: 'no' }] } } });
    const auth = authHooks(bearerAuth(() => 'same'));
    const state = testCallState(server.url, { path: '/me' }, { hasAuth: true });
    await expect(
      kyWithAuth(auth)(state.prepared.url, { ...withCallState(state), retry: 0 }),
    ).rejects.toThrow();
    expect(server.requests).toHaveLength(1);
  });

  it('leaves requests the transport does not authorize untouched', async () => {
    const server = await serve({ 'GET /signed': { json: 1 } });
    const auth = authHooks(bearerAuth('secret'));
    const state = testCallState('https://api.test', { url: `${server.url}/signed` }, { hasAuth: true });
    await kyWithAuth(auth)(state.prepared.url, { ...withCallState(state) }).json();
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(state.authorized).toBe(false);
    // Only a strategy that can refresh gets the 401 hook (it costs ky a response clone).
    expect(auth.afterResponse).toBeUndefined();
    expect(authHooks(bearerAuth(() => 'rotating')).afterResponse).toBeDefined();
  });
});
