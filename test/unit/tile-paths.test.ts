// Covers C2SP tlog-tiles path names: the spec's own examples formatted, and only canonical spellings parsed.
import { describe, expect, it } from 'bun:test';
import { formatTileIndex, formatTilePath, parseTilePath } from '../../src/tlog/tile-paths';

describe('tile paths', () => {
  it("formats <N> in x-prefixed 3-digit groups (the spec's 1234067 -> x001/x234/067)", () => {
    expect(formatTileIndex(1234067n)).toBe('x001/x234/067');
    expect(formatTileIndex(0n)).toBe('000');
    expect(formatTileIndex(999n)).toBe('999');
    expect(formatTileIndex(1000n)).toBe('x001/000');
    expect(formatTilePath({ level: 1, index: 1234n, width: 17 })).toBe('tile/1/x001/234.p/17');
    expect(formatTilePath({ level: 'entries', index: 5n, width: 256 })).toBe('tile/entries/005');
  });

  it('parses what it formats, at any size', () => {
    for (const t of [
      { level: 0, index: 0n, width: 256 },
      { level: 63, index: 10n ** 30n + 7n, width: 1 },
      { level: 'entries' as const, index: 1234067n, width: 255 },
    ]) {
      expect(parseTilePath(formatTilePath(t).slice('tile/'.length))).toEqual(t);
    }
  });

  it('refuses every other spelling', () => {
    for (const p of [
      '0/0',
      '0/0000',
      '00/000',
      '64/000',
      '0/001/000',
      '0/x001',
      '0/x000/001',
      '0/000.p/0',
      '0/000.p/256',
      '0/000.p/007',
      '0/000.p',
      'entry/000',
      '0',
      '0/x001.p/5/000',
    ]) {
      expect({ p, t: parseTilePath(p) }).toEqual({ p, t: null });
    }
  });
});
