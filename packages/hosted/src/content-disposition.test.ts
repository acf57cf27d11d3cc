import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './content-disposition';

describe('filenameFromContentDisposition', () => {
  it('prefers filename* (RFC 5987) over the ASCII fallback', () => {
    expect(
      filenameFromContentDisposition(
        `attachment; filename="R_sum_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`,
      ),
    ).toBe('Résumé.pdf');
    expect(
      filenameFromContentDisposition(`attachment; filename*=utf-8'en'%F0%9F%98%80.png; filename="_.png"`),
    ).toBe('😀.png');
    expect(filenameFromContentDisposition(`attachment; filename*=ISO-8859-1''caf%E9.txt`)).toBe('café.txt');
  });

  it('reads quoted names with escapes, and bare tokens', () => {
    expect(filenameFromContentDisposition('attachment; filename="a \\"quoted\\" name;.txt"')).toBe(
      'a "quoted" name;.txt',
    );
    expect(filenameFromContentDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(filenameFromContentDisposition('attachment; FILENAME="upper.bin"')).toBe('upper.bin');
  });

  it('falls back to filename when filename* is unreadable, and never throws', () => {
    expect(filenameFromContentDisposition(`attachment; filename*=KOI8-R''%C1; filename="fallback.txt"`)).toBe(
      'fallback.txt',
    );
    expect(filenameFromContentDisposition(`attachment; filename*=no-quotes%ZZ; filename="x.txt"`)).toBe(
      'x.txt',
    );
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''100%25%ZZ`)).toBe('100%%ZZ');
    expect(filenameFromContentDisposition('attachment')).toBeUndefined();
    expect(filenameFromContentDisposition('attachment; filename=""')).toBeUndefined();
    expect(filenameFromContentDisposition(null)).toBeUndefined();
  });
});
