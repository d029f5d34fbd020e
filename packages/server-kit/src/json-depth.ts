/**
 * How deeply a request body may nest objects and arrays. Every DTO of the API is flat or one level deep; a deeper
 * body only serves to make the recursive conversion that follows parsing (class-transformer) overflow the stack.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether UTF-8 JSON text nests objects and arrays deeper than `max`: one pass over the raw bytes counting brackets
 * outside strings, before anything is parsed, so the body parsers (the API's `json-body.ts`, the site server's `/session/` routes) can call it on the bytes it has
 * read. Scanning bytes is exact for UTF-8 because every byte of a multi-byte character is 0x80 or above, never a
 * quote, backslash or bracket. Text that is not valid JSON may be miscounted, but JSON.parse refuses it anyway.
 */
export function jsonNestedDeeperThan(body: Uint8Array, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
