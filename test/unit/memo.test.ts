// Covers remembering a pure computation's answers: one computation per key, the same answer shared, at most the bound
// kept with the oldest key dropped first.
import { describe, expect, it } from 'bun:test';
import { remembered } from '../../src/memo';

describe('remembered', () => {
  it('computes a key once and hands every caller the same answer', () => {
    const calls: string[] = [];
    const f = remembered(4, (k: string) => {
      calls.push(k);
      return { k };
    });
    const a = f('a');
    expect(f('a')).toBe(a);
    expect(f('b')).toEqual({ k: 'b' });
    expect(calls).toEqual(['a', 'b']);
  });

  it('keeps at most the bound, dropping the oldest key first', () => {
    const calls: number[] = [];
    const f = remembered(2, (k: number) => {
      calls.push(k);
      return k * 10;
    });
    expect([f(1), f(2), f(3)]).toEqual([10, 20, 30]);
    // 1 was the oldest when 3 came: computed again; 3 is still kept.
    expect(f(3)).toBe(30);
    expect(f(1)).toBe(10);
    expect(calls).toEqual([1, 2, 3, 1]);
  });

  it('remembers a null or false answer like any other', () => {
    let n = 0;
    const f = remembered(2, (_: string) => {
      n++;
      return null;
    });
    f('x');
    f('x');
    expect(n).toBe(1);
  });
});
