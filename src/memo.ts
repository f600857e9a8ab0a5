// Owns remembering what a pure computation answered: the answer per key, at most a bounded number, oldest first out.

/**
 * `compute` remembered by its key: equal keys must mean the same input, and the answer is shared between callers
 * (never change it). At most `max` answers are kept, so a stream of new keys cannot grow the memory.
 */
export function remembered<K, V>(max: number, compute: (key: K) => V): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    if (kept.has(key)) return kept.get(key) as V;
    const v = compute(key);
    if (kept.size >= max) kept.delete(kept.keys().next().value as K);
    kept.set(key, v);
    return v;
  };
}
