// Owns the C2SP tlog-tiles resource names: `tile/<L>/<N>[.p/<W>]` and `tile/entries/<N>[.p/<W>]`, parsed strictly
// (only the one canonical spelling of each tile) and formatted.

/** Hashes per full tile: tiles of height 8 (C2SP tlog-tiles). */
export const TILE_WIDTH = 256;
/** The highest level a tile path may name (C2SP: 0 to 63). */
const MAX_LEVEL = 63;

/**
 * A tile: `level` 0..63 (hash tiles) or 'entries' (entry bundles); `index` N within its level (a bigint: the
 * grammar does not bound it); `width` 1..256, 256 for a full tile.
 */
export type TileRef = { level: number | 'entries'; index: bigint; width: number };

/** `<N>` as zero-padded 3-digit path elements, all but the last prefixed with `x` (1234067 -> x001/x234/067). */
export function formatTileIndex(index: bigint): string {
  const groups: string[] = [];
  let n = index;
  do {
    groups.unshift((n % 1000n).toString().padStart(3, '0'));
    n /= 1000n;
  } while (n > 0n);
  return groups.map((g, i) => (i < groups.length - 1 ? `x${g}` : g)).join('/');
}

/** The path of a tile below the log's prefix, e.g. `tile/1/x001/234.p/17`. */
export function formatTilePath(t: TileRef): string {
  return `tile/${t.level}/${formatTileIndex(t.index)}${t.width < TILE_WIDTH ? `.p/${t.width}` : ''}`;
}

const DECIMAL = /^(0|[1-9][0-9]*)$/;
const GROUP = /^x?[0-9]{3}$/;

/**
 * Parses the part of a tile path after `tile/` (`<L>/<N>[.p/<W>]` or `entries/<N>[.p/<W>]`); null when it is
 * not in the C2SP grammar: a level outside 0..63 or with leading zeros, N not in 3-digit groups with `x` on all
 * but the last (and no group of leading zeros), W outside 1..255 or with leading zeros. Only the canonical
 * spelling is accepted, so one tile has one path (caches and mirrors never hold two copies).
 */
export function parseTilePath(rest: string): TileRef | null {
  const parts = rest.split('/');
  if (parts.length < 2) return null;
  const head = parts[0]!;
  let level: number | 'entries';
  if (head === 'entries') level = 'entries';
  else {
    if (!DECIMAL.test(head) || head.length > 2 || Number(head) > MAX_LEVEL) return null;
    level = Number(head);
  }
  let width = TILE_WIDTH;
  let groups = parts.slice(1);
  const last = groups[groups.length - 2];
  if (last?.endsWith('.p')) {
    const w = groups[groups.length - 1]!;
    if (!DECIMAL.test(w) || w.length > 3 || Number(w) < 1 || Number(w) >= TILE_WIDTH) return null;
    width = Number(w);
    groups = [...groups.slice(0, -2), last.slice(0, -2)];
  }
  let index = 0n;
  for (const g of groups) {
    if (!GROUP.test(g)) return null;
    index = index * 1000n + BigInt(g.slice(-3));
  }
  const t: TileRef = { level, index, width };
  // The round trip refuses what the pieces alone allow: `x` on the last group or missing on another, `x000` first.
  return formatTilePath(t) === `tile/${rest}` ? t : null;
}
