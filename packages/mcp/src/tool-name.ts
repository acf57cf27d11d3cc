import { createHash } from 'node:crypto';

/** The longest tool name MCP clients and model APIs (OpenAI's, Anthropic's) accept. */
export const MAX_TOOL_NAME_LENGTH = 64;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * The first `length` characters of the lowercase base32 of `text`'s SHA-256: letters and digits
 * only, so it fits any tool name. By hand: Node's Buffer has no base32, and it is a dozen lines.
 */
function base32Digest(text: string, length: number): string {
  const bytes = createHash('sha256').update(text).digest();
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

/** Characters of {@link shortIds}' ids at least: 30 bits, so a user's handful of connectors never meet in practice. */
const SHORT_ID_LENGTH = 6;
/** The whole digest in base32 (256 bits). */
const FULL_ID_LENGTH = 51;

/**
 * A short id per key, stable (the same key gives the same id in every process and session, so
 * an agent's tool names do not change when a connector is renamed) and distinct within the set:
 * six base32 characters of the key's SHA-256, lengthened for the whole set in the (one in a
 * billion) case two keys meet. Tool names are built from these rather than from display names,
 * which any user picks, may be long and would collide once cut to fit.
 *
 * @example
 * ```ts
 * shortIds(['con_1', 'con_2']); // Map { 'con_1' => 'q3x7ba', 'con_2' => 'm2k4df' }
 * ```
 */
export function shortIds(keys: readonly string[]): Map<string, string> {
  const unique = [...new Set(keys)];
  for (let length = SHORT_ID_LENGTH; ; length += 2) {
    const ids = new Map(unique.map((key) => [key, base32Digest(key, Math.min(length, FULL_ID_LENGTH))]));
    if (new Set(ids.values()).size === unique.length || length >= FULL_ID_LENGTH) return ids;
  }
}

/**
 * The name of the tool for one entity/action of a connector: `<prefix>_<entity>_<action>`, in
 * the characters every MCP client and model API accepts (letters, digits, `_`, `-`), at most
 * {@link MAX_TOOL_NAME_LENGTH} long. A longer one keeps its start and ends in a digest of the
 * whole name, so two names never become one by being cut (`…_tasks_list` and `…_tasks_get` used
 * to, and the server then refused to start).
 *
 * @example
 * ```ts
 * toolName('asana', 'tasks', 'list'); // 'asana_tasks_list'
 * ```
 */
export function toolName(prefix: string, entity: string, action: string): string {
  const name = `${prefix}_${entity}_${action}`.replace(/[^A-Za-z0-9_-]/g, '_');
  if (name.length <= MAX_TOOL_NAME_LENGTH) return name;
  const digest = base32Digest(name, 10);
  return `${name.slice(0, MAX_TOOL_NAME_LENGTH - digest.length - 1)}_${digest}`;
}
