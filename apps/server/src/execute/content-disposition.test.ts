import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it('quotes a plain ASCII name as is', () => {
    expect(attachmentDisposition('report-2026.pdf')).toBe('attachment; filename="report-2026.pdf"');
  });

  it('adds filename* with the exact name when the quoted one had to change', () => {
    expect(attachmentDisposition('naïve café.txt')).toBe(
      `attachment; filename="na_ve caf_.txt"; filename*=UTF-8''na%C3%AFve%20caf%C3%A9.txt`,
    );
    expect(attachmentDisposition('😀.png')).toBe(
      `attachment; filename="_.png"; filename*=UTF-8''%F0%9F%98%80.png`,
    );
  });

  it('never lets quotes, backslashes, percent signs or line breaks through the quoted name', () => {
    const header = attachmentDisposition('a"b\\c%41\r\nSet-Cookie: x=1.txt');
    expect(header).toBe(
      `attachment; filename="a_b_c_41__Set-Cookie: x=1.txt"; filename*=UTF-8''a%22b%5Cc%2541%0D%0ASet-Cookie%3A%20x%3D1.txt`,
    );
    expect(header).not.toMatch(/[\r\n]/);
    expect(() => new Headers({ 'content-disposition': header })).not.toThrow();
  });

  it('encodes the characters RFC 5987 leaves out of attr-char', () => {
    expect(attachmentDisposition("it's (1)*é.txt")).toBe(
      `attachment; filename="it's (1)*_.txt"; filename*=UTF-8''it%27s%20%281%29%2A%C3%A9.txt`,
    );
  });

  it('survives lone surrogates and names nothing "download"', () => {
    expect(attachmentDisposition('bad\uD800.bin')).toBe(
      `attachment; filename="bad_.bin"; filename*=UTF-8''bad%EF%BF%BD.bin`,
    );
    expect(attachmentDisposition(undefined)).toBe('attachment; filename="download"');
    expect(attachmentDisposition('   ')).toBe('attachment; filename="download"');
  });
});
