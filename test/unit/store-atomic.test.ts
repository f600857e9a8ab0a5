import { afterAll, describe, expect, it } from 'bun:test';
import { closeStore, openStore, subDb, transact, transactAtomic } from '../../src/store/env';
import { cleanup, tempDir } from '../helpers';

const dir = tempDir();
openStore(dir);
afterAll(async () => {
  await closeStore();
  cleanup(dir);
});

describe('store transactions', () => {
  it('transactAtomic commits nothing of a callback that throws', async () => {
    const db = subDb<number, string>('atomic_test');
    await expect(transactAtomic(() => {
      db.putSync('a', 1);
      throw new Error('half way');
    })).rejects.toThrow('half way');
    expect(db.get('a')).toBeUndefined();
    await transactAtomic(() => db.putSync('b', 2));
    expect(db.get('b')).toBe(2);
  });
  it('plain transact keeps what was written before a throw (why the writer uses transactAtomic)', async () => {
    const db = subDb<number, string>('atomic_test');
    await transact(() => {
      db.putSync('c', 3);
      throw new Error('half way');
    }).catch(() => null);
    expect(db.get('c')).toBe(3);
  });
});
