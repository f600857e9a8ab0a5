// Owns the in-memory copy of stored subtree hashes, which never change once stored: per log and level, one growing
// byte array of 32-byte hashes and a bitmap of those present. A large log's cache is then a few buffers rather than an
// object per node, which the garbage collector would walk on every collection (proof routes: docs/transparency-logs.md#figures).
const HASH = 32;
// The whole cache's hashes; past it, everything is dropped and read again from the store.
const MAX_BYTES = 64 * 1024 * 1024;

type Level = { hashes: Uint8Array; have: Uint8Array };
const logs = new Map<number, Level[]>();
let bytes = 0;

const present = (l: Level, index: number): boolean =>
  index < l.have.length * 8 && (l.have[Math.floor(index / 8)]! & (1 << (index % 8))) !== 0;

/** The cached hash of node (level, index) of log `num`, or undefined. */
export function cachedNode(num: number, level: number, index: number): Uint8Array | undefined {
  const l = logs.get(num)?.[level];
  return l && present(l, index) ? l.hashes.subarray(index * HASH, (index + 1) * HASH) : undefined;
}

/** Keeps the hash of node (level, index) of log `num`. */
export function cacheNode(num: number, level: number, index: number, hash: Uint8Array): void {
  let levels = logs.get(num);
  let l = levels?.[level];
  if (!l || index >= l.have.length * 8) {
    // Room for the next power of two of nodes: a level grows by doubling, as its log does.
    const capacity = Math.max(1024, 2 ** Math.ceil(Math.log2(index + 1)));
    if (capacity * HASH > MAX_BYTES / 4) return;
    if (bytes + capacity * HASH > MAX_BYTES) {
      logs.clear();
      bytes = 0;
      levels = undefined;
      l = undefined;
    }
    const grown: Level = { hashes: new Uint8Array(capacity * HASH), have: new Uint8Array(capacity / 8) };
    if (l) {
      grown.hashes.set(l.hashes);
      grown.have.set(l.have);
      bytes -= l.hashes.length;
    }
    bytes += grown.hashes.length;
    if (!levels) logs.set(num, (levels = []));
    levels[level] = l = grown;
  }
  l.hashes.set(hash, index * HASH);
  l.have[Math.floor(index / 8)]! |= 1 << (index % 8);
}
