// Owns the strict DER reader the token rule parses with (docs/verification.md#time-stamp-tokens): definite, minimal
// lengths, low tag numbers, nothing after a value. Enough of X.690 to walk a TimeStampToken to its TSTInfo; pure.

export type Tlv = { tag: number; content: Uint8Array };

/** One TLV at `pos`; null when truncated or not DER (indefinite or non-minimal length, high tag number). */
function readAt(data: Uint8Array, pos: number): { tlv: Tlv; end: number } | null {
  if (pos + 2 > data.length) return null;
  const tag = data[pos]!;
  if ((tag & 0x1f) === 0x1f) return null;
  let n = data[pos + 1]!;
  let i = pos + 2;
  if (n & 0x80) {
    const k = n & 0x7f;
    if (k === 0 || k > 4 || i + k > data.length || data[i] === 0) return null;
    n = 0;
    for (let j = 0; j < k; j++) n = n * 256 + data[i + j]!;
    if (n < 0x80) return null;
    i += k;
  }
  if (i + n > data.length) return null;
  return { tlv: { tag, content: data.subarray(i, i + n) }, end: i + n };
}

/** The one TLV `data` holds, with nothing after it; null otherwise. */
export function readOne(data: Uint8Array): Tlv | null {
  const r = readAt(data, 0);
  return r && r.end === data.length ? r.tlv : null;
}

/** The TLVs of a constructed value's content, in order; null when `t` is primitive or its content is not DER. */
export function children(t: Tlv | null | undefined): Tlv[] | null {
  if (!t || !(t.tag & 0x20)) return null;
  const out: Tlv[] = [];
  for (let pos = 0; pos < t.content.length; ) {
    const r = readAt(t.content, pos);
    if (!r) return null;
    out.push(r.tlv);
    pos = r.end;
  }
  return out;
}

/**
 * True when `data` is one TLV and every constructed value in it, at any depth, holds exactly a sequence of TLVs
 * (docs/verification.md#time-stamp-tokens: a token is DER throughout, so no reader can see another structure in it).
 */
export function derThroughout(data: Uint8Array): boolean {
  const top = readOne(data);
  const stack: Tlv[] = top ? [top] : [];
  if (!top) return false;
  while (stack.length) {
    const t = stack.pop()!;
    if (!(t.tag & 0x20)) continue;
    const kids = children(t);
    if (!kids) return false;
    stack.push(...kids);
  }
  return true;
}

/** The dotted text of an OBJECT IDENTIFIER; null when `t` is not one or is malformed. */
export function oid(t: Tlv | null | undefined): string | null {
  if (t?.tag !== 0x06 || !t.content.length || t.content[t.content.length - 1]! & 0x80) return null;
  const arcs: bigint[] = [];
  let v = 0n;
  for (const b of t.content) {
    v = (v << 7n) | BigInt(b & 0x7f);
    if (!(b & 0x80)) {
      arcs.push(v);
      v = 0n;
    }
  }
  const first = arcs[0]! < 80n ? arcs[0]! / 40n : 2n;
  return [first, arcs[0]! - 40n * first, ...arcs.slice(1)].join('.');
}
