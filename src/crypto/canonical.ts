// Owns canonical JSON (docs/verification.md#2-canonical-json): keys sorted by code point, no whitespace.

/**
 * Compares two strings by Unicode code point. UTF-16 order differs from code point order only when
 * a surrogate (U+D800-DFFF) meets a unit at or above U+E000, so those units are shifted before comparing.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      if (x >= 0xd800 && y >= 0xd800) {
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      return x - y;
    }
  }
  return a.length - b.length;
}

function inCodePointOrder(keys: string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (compareCodePoints(keys[i - 1]!, keys[i]!) > 0) return false;
  return true;
}

/** A value whose canonical JSON text is already known (spliced in as is, so it is not canonicalized twice). */
export class CanonicalText {
  constructor(readonly text: string) {}
}

/**
 * Canonical JSON text of `value`: object keys sorted by code point at every level, no whitespace,
 * strings escaped and numbers printed exactly as JSON.stringify does (so -0 -> 0, 1e21 -> 1e+21).
 * Object members whose value is undefined are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const s = JSON.stringify(value);
    return s === undefined ? 'null' : s;
  }
  if (value instanceof CanonicalText) return value.text;
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i) out += ',';
      const v = value[i];
      out += v === undefined || typeof v === 'function' ? 'null' : canonicalJson(v);
    }
    return out + ']';
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return canonicalJson((value as { toJSON(): unknown }).toJSON());
  const keys = Object.keys(value);
  // Records built by this code list their keys in canonical order already: checking is cheaper than sorting.
  if (!inCodePointOrder(keys)) keys.sort(compareCodePoints);
  let out = '{';
  let first = true;
  for (const k of keys) {
    const v = (value as Record<string, unknown>)[k];
    if (v === undefined || typeof v === 'function') continue;
    if (!first) out += ',';
    first = false;
    out += JSON.stringify(k) + ':' + canonicalJson(v);
  }
  return out + '}';
}

const encoder = new TextEncoder();
/** UTF-8 bytes of the canonical JSON of `value` ("canonical bytes"). */
export function canonicalBytes(value: unknown): Uint8Array {
  return encoder.encode(canonicalJson(value));
}
