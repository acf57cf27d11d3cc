const alphabet = /^[A-Za-z0-9_-]*$/;

/** UTF-8 text as unpadded base64url, with web-standard APIs only (no Buffer). */
export function encodeBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  // Chunked so fromCharCode never gets more arguments than an engine accepts.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The UTF-8 text behind unpadded base64url, or `undefined` when it is not well formed. */
export function decodeBase64Url(encoded: string): string | undefined {
  if (!alphabet.test(encoded) || encoded.length % 4 === 1) return undefined;
  const padded =
    encoded.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (encoded.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
