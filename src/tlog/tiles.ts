// Owns C2SP tlog-tiles over a stored log (any log kept here, by its number): hash tiles read from its leaves and
// stored perfect subtrees, entry bundles from its leaves' data, served only within a checkpointed tree size.
import { ApiError } from '../errors';
import { eachLeaf } from './leaf-runs';
import { leafHashOf, nodes } from './repo';
import { TILE_WIDTH, type TileRef } from './tile-paths';

/** Tree levels a tile spans: a hash at tile level L is the root of a perfect subtree of 2^(8L) leaves. */
const TILE_HEIGHT = 8;
/** Entry bundles prefix each entry with a big-endian uint16 length (C2SP tlog-tiles). */
const MAX_ENTRY_BYTES = 0xffff;

/** A leaf's data (what its leaf hash is taken over) given its stored entry; null when it cannot be produced. */
export type LeafData = (index: number, entry: Buffer) => Uint8Array | null;

/**
 * True when the tile's every hash is a node of the tree of `size` leaves: (N * 256 + W) * 256^L <= size. A
 * checkpointed size is integrated, so every such node is stored. Entry bundles are bounded like level 0.
 */
export function tileInTree(t: TileRef, size: number): boolean {
  const level = t.level === 'entries' ? 0 : t.level;
  return (t.index * BigInt(TILE_WIDTH) + BigInt(t.width)) << BigInt(TILE_HEIGHT * level) <= BigInt(size);
}

/** The leaves [first, first + width) in order, each handed to `fn`; throws when one is missing from the store. */
function eachTileLeaf(num: number, first: number, width: number, fn: (index: number, entry: Buffer) => void): void {
  let next = first;
  eachLeaf(num, first, first + width, (i, entry) => {
    if (i !== next) throw new Error(`log ${num}: leaf ${next} missing`);
    fn(i, entry);
    next++;
  });
  if (next !== first + width) throw new Error(`log ${num}: leaf ${next} missing`);
}

/**
 * Hash tile (level, index) of `width` hashes, 32 bytes each: the roots of the perfect subtrees of 2^(8 * level)
 * leaves numbered index * 256 onwards. Level 0 holds leaf hashes (read a run at a time); higher levels are
 * stored nodes (level 8 and up, above MIN_STORED_LEVEL). Check `tileInTree` first.
 */
export function hashTile(num: number, level: number, index: number, width: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(width * 32);
  const first = index * TILE_WIDTH;
  if (level === 0) {
    eachTileLeaf(num, first, width, (i, entry) => out.set(leafHashOf(entry), (i - first) * 32));
    return out;
  }
  for (let i = 0; i < width; i++) {
    const h = nodes.get(num, TILE_HEIGHT * level, first + i);
    if (!h) throw new Error(`log ${num}: subtree (${TILE_HEIGHT * level}, ${first + i}) missing`);
    out.set(h, i * 32);
  }
  return out;
}

/** Entry bundle `index` of `width` entries: each leaf's data after its big-endian uint16 length. Check `tileInTree` first. */
export function entryBundle(num: number, index: number, width: number, leafData: LeafData): Uint8Array<ArrayBuffer> {
  const entries: Uint8Array[] = [];
  let bytes = 0;
  eachTileLeaf(num, index * TILE_WIDTH, width, (i, entry) => {
    const data = leafData(i, entry);
    if (!data) throw new Error(`log ${num}: the data of leaf ${i} cannot be rebuilt`);
    // A SCITT statement may be up to 1 MiB (docs/scitt.md#limits): its bundle is not served, its entry is.
    if (data.length > MAX_ENTRY_BYTES)
      throw new ApiError(
        'not_found',
        `leaf ${i} is over the ${MAX_ENTRY_BYTES} bytes a C2SP entry bundle can carry; read that record by its id`,
      );
    entries.push(data);
    bytes += 2 + data.length;
  });
  const out = new Uint8Array(bytes);
  let o = 0;
  for (const data of entries) {
    out[o] = data.length >> 8;
    out[o + 1] = data.length & 0xff;
    out.set(data, o + 2);
    o += 2 + data.length;
  }
  return out;
}
