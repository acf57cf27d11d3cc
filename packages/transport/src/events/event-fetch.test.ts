import { describe, expect, it } from 'vitest';
import { withCallState } from '../request/call-state';
import { testCallState } from '../test-utils/call-state';
import { useTestServers } from '../test-utils/use-test-servers';
import { eventFetch } from './event-fetch';
import type { TransportRequestEvent, TransportResponseEvent } from './transport-hooks';

const serve = useTestServers();

describe('eventFetch', () => {
  it('reports each attempt as sent and as answered, with a redacted request', async () => {
    const server = await serve({ '*': { status: 503, json: {} } });
    const requests: TransportRequestEvent[] = [];
    const responses: TransportResponseEvent[] = [];
    const state = testCallState(
      server.url,
      { path: '/x', query: { api_key: 'secret-key' } },
      { hooks: { onRequest: (event) => requests.push(event), onResponse: (event) => responses.push(event) } },
    );
    state.attempts = 2;
    const request = new Request(state.prepared.url, { headers: { authorization: 'Bearer secret-token' } });
    state.sent = request;
    const response = await eventFetch(globalThis.fetch)(request, withCallState(state));
    expect(response.status).toBe(503);
    expect(requests.map((event) => event.attempt)).toEqual([2]);
    expect(responses.map((event) => [event.attempt, event.status])).toEqual([[2, 503]]);
    expect(responses[0]?.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify([requests, responses])).not.toMatch(/secret-(key|token)/);
    expect(requests[0]?.request.url).toContain('api_key=');
  });
});
