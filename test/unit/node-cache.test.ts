// Covers the subtree hash cache: a node is found only once kept, under its own log, level and index, across the
// growth of a level's array; an index too large to keep is not kept.
import { describe, expect, it } from 'bun:test';
import { cachedNode, cacheNode } from '../../src/tlog/node-cache';

const hash = (n: number) => new Uint8Array(32).fill(n % 256);

describe('subtree hash cache', () => {
  it('answers only what was kept, by log, level and index', () => {
    cacheNode(901, 4, 7, hash(7));
    expect(cachedNode(901, 4, 7)).toEqual(hash(7));
    expect(cachedNode(901, 4, 6)).toBeUndefined();
    expect(cachedNode(901, 5, 7)).toBeUndefined();
    expect(cachedNode(902, 4, 7)).toBeUndefined();
  });

  it('keeps earlier hashes when a level grows past its capacity', () => {
    for (const i of [0, 1023, 1024, 5000, 70_000]) cacheNode(903, 4, i, hash(i));
    for (const i of [0, 1023, 1024, 5000, 70_000]) expect(cachedNode(903, 4, i)).toEqual(hash(i));
    expect(cachedNode(903, 4, 70_001)).toBeUndefined();
  });

  it('does not keep a node whose level would outgrow the cache', () => {
    cacheNode(904, 4, 2 ** 30, hash(1));
    expect(cachedNode(904, 4, 2 ** 30)).toBeUndefined();
  });
});
