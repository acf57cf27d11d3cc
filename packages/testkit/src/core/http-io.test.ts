import { once } from 'node:events';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_CONTENT_TYPE, sendJson } from './http-io';

describe('sendJson', () => {
  const body = { data: [{ gid: '1', name: 'Café ☃ <b>&' }] };
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      void sendJson(req, res, 201, body, { headers: { 'x-extra': 'yes' } });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.close();
    await once(server, 'close');
  });

  it('sends the JSON with its byte length, not its character count', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/`);
    const text = JSON.stringify(body);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe(JSON_CONTENT_TYPE);
    expect(response.headers.get('x-extra')).toBe('yes');
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(Buffer.byteLength(text)).toBeGreaterThan(text.length);
    expect(await response.text()).toBe(text);
  });

  it('answers HEAD with the head only', async () => {
    const req = request({ host: '127.0.0.1', port, method: 'HEAD' });
    req.end();
    const [response] = (await once(req, 'response')) as [IncomingMessage];
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    expect(response.statusCode).toBe(201);
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(body)));
    expect(Buffer.concat(chunks).length).toBe(0);
  });
});
