const TWO_32 = 4_294_967_296;

/**
 * FNV-1a, 64 bits, over the UTF-8 bytes of `text`, as 16 hex digits. Not cryptographic: it binds a
 * cursor to its query, where a collision costs nothing worse than a confusing page.
 *
 * Computed in two 32-bit halves with plain numbers, so it runs anywhere without BigInt churn.
 */
export function fnv1a64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  // Offset basis 0xcbf29ce484222325.
  let high = 0xcbf29ce4;
  let low = 0x84222325;
  for (const byte of bytes) {
    low ^= byte;
    // Multiply by the prime 2^40 + 0x1b3 modulo 2^64: h * 0x1b3 + (h << 40). Every intermediate
    // stays below 2^53, so doubles hold it exactly.
    const lowProduct = (low >>> 0) * 0x1b3;
    const carry = Math.floor(lowProduct / TWO_32);
    high = (high * 0x1b3 + carry + ((low << 8) >>> 0)) >>> 0;
    low = lowProduct >>> 0;
  }
  return (high >>> 0).toString(16).padStart(8, '0') + (low >>> 0).toString(16).padStart(8, '0');
}
