import { describe, expect, it } from 'vitest';
import { BufferedResponse } from './buffered-response';

const source = (body: string) => {
  const response = new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  return { response, bytes: new TextEncoder().encode(body) };
};

describe('BufferedResponse', () => {
  it('reads its body once, as a fetched body reads, and lets go of the bytes', async () => {
    const { response, bytes } = source('{"ok":true}');
    const buffered = new BufferedResponse(bytes, response);
    expect(buffered.bodyUsed).toBe(false);
    expect(await buffered.json()).toEqual({ ok: true });
    expect(buffered.bodyUsed).toBe(true);
    await expect(buffered.text()).rejects.toThrow(TypeError);
    expect(() => buffered.clone()).toThrow(TypeError);
  });

  it('gives a clone taken before the read a body of its own', async () => {
    const { response, bytes } = source('hello');
    const buffered = new BufferedResponse(bytes, response);
    const copy = buffered.clone();
    expect(await buffered.text()).toBe('hello');
    expect(new TextDecoder().decode(await copy.bytes())).toBe('hello');
    expect(copy.headers.get('content-type')).toBe('application/json');
  });

  it('holds text as read, and gives it back as UTF-8 bytes', async () => {
    const { response } = source('{"name":"zoë"}');
    const buffered = new BufferedResponse('{"name":"zoë"}', response);
    const copy = buffered.clone();
    expect(await buffered.json()).toEqual({ name: 'zoë' });
    expect(await copy.bytes()).toEqual(new TextEncoder().encode('{"name":"zoë"}'));
    expect(copy.bodyUsed).toBe(true);
    await expect(copy.text()).rejects.toThrow(TypeError);
  });

  it('decodes bytes to text and text to an array buffer of its own', async () => {
    const { response, bytes } = source('hé');
    expect(await new BufferedResponse(bytes, response).text()).toBe('hé');
    const buffer = await new BufferedResponse('hé', response).arrayBuffer();
    expect(new TextDecoder().decode(buffer)).toBe('hé');
    expect((await new BufferedResponse('hé', response).blob()).type).toBe('application/json');
  });
});
