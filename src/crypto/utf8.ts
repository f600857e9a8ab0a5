// Owns strict UTF-8 decoding of what arrives on the wire: bytes are taken as sent, or refused (never U+FFFD).

const strict = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes `bytes` as UTF-8; returns null when they are not valid UTF-8 (overlongs, surrogates,
 * truncated sequences), so that no replacement character is ever signed in place of what was sent.
 * A leading byte order mark is dropped, as the WHATWG decoder does for request bodies.
 */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strict.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * A header value as its UTF-8 text, or null when its bytes are not UTF-8. HTTP stacks hand header
 * values over as byte strings (one char per byte, 0-255); a char above 255 means the value was already
 * text and is returned as is.
 */
export function headerText(raw: string): string | null {
  let ascii = true;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c > 0xff) return raw;
    if (c > 0x7f) ascii = false;
  }
  return ascii ? raw : decodeUtf8(Buffer.from(raw, 'latin1'));
}
