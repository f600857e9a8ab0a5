// Owns re-serializing JSON in the key order of the request text (docs/verification.md#3-hashes-and-key-ids: event_hash).
// JSON.parse moves integer-like keys ("2", "10") to the front of an object; event_hash must not.

type OVal = null | boolean | number | string | OVal[] | Map<string, OVal>;

const INDEX_LIKE = /^(0|[1-9]\d{0,9})$/;
/** True when some object in `value` has a key that JSON.parse would have reordered. */
export function hasIndexLikeKeys(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasIndexLikeKeys);
  for (const k in value) {
    if (INDEX_LIKE.test(k) && Number(k) < 4294967295) return true;
    if (hasIndexLikeKeys((value as Record<string, unknown>)[k])) return true;
  }
  return false;
}

/** Parses JSON text keeping object members in source order (a repeated key keeps its first place, last value). */
function parseOrdered(text: string): OVal {
  let i = 0;
  const ws = () => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const str = (): string => {
    const start = i;
    i++;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 92) i += 2;
      else if (c === 34) break;
      else i++;
    }
    i++;
    return JSON.parse(text.slice(start, i));
  };
  const value = (): OVal => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const m = new Map<string, OVal>();
      ws();
      if (text[i] === '}') {
        i++;
        return m;
      }
      for (;;) {
        ws();
        const k = str();
        ws();
        i++; // ':'
        m.set(k, value());
        ws();
        if (text[i++] === '}') return m;
      }
    }
    if (c === '[') {
      i++;
      const a: OVal[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return a;
      }
      for (;;) {
        a.push(value());
        ws();
        if (text[i++] === ']') return a;
      }
    }
    if (c === '"') return str();
    const start = i;
    while (i < text.length && !',}] \t\r\n'.includes(text[i]!)) i++;
    return JSON.parse(text.slice(start, i));
  };
  return value();
}

function serialize(v: OVal): string {
  if (v instanceof Map) {
    let out = '{';
    let first = true;
    for (const [k, x] of v) {
      if (!first) out += ',';
      first = false;
      out += JSON.stringify(k) + ':' + serialize(x);
    }
    return out + '}';
  }
  if (Array.isArray(v)) return '[' + v.map(serialize).join(',') + ']';
  return JSON.stringify(v);
}

/**
 * Compact JSON of `member` of the top-level object in `rawBody`, in source key order at every level.
 * `parsed` is JSON.parse of the same text: when it holds no index-like key, JSON.stringify already
 * keeps source order and the raw text is not parsed again.
 */
export function compactInSourceOrder(rawBody: string, parsed: unknown, member: string): string {
  if (!hasIndexLikeKeys(parsed)) return JSON.stringify(parsed);
  const top = parseOrdered(rawBody);
  if (!(top instanceof Map) || !top.has(member)) return JSON.stringify(parsed);
  return serialize(top.get(member)!);
}
