// Test helper: a tenant log re-checked after a crash or a failover with the independent verifier: every earlier
// checkpoint is a prefix of the latest one, and every acknowledged record has its own leaf in it.
import { expect } from 'bun:test';
import { consistencyOk, hexes, inclusionOk } from './http/independent-tlog';

type Checkpoint = { tree_size: number; root_hash: string };

/** `get(path)` answers the JSON body of a tenant-keyed GET; returns the leaf index of each id of `acked`. */
export async function expectLogHolds(
  get: (path: string) => Promise<any>,
  signed: Checkpoint[],
  after: Checkpoint,
  acked: string[],
): Promise<Set<number>> {
  const root = Buffer.from(after.root_hash, 'hex');
  for (const c of signed) {
    const p = await get(`/v1/log/consistency?first=${c.tree_size}&second=${after.tree_size}`);
    expect(p.first_root).toBe(c.root_hash);
    const path = hexes(p.consistency_path);
    expect(consistencyOk(c.tree_size, after.tree_size, path, Buffer.from(c.root_hash, 'hex'), root)).toBe(true);
  }
  const leaves = new Set<number>();
  for (const id of acked) {
    // At the checkpoint's size: a newer checkpoint may be signed meanwhile.
    const r = await get(`/v1/log/inclusion?record_id=${id}&tree_size=${after.tree_size}`);
    const leaf = Buffer.from(r.leaf_hash, 'hex');
    expect([id, inclusionOk(r.leaf_index, r.tree_size, leaf, hexes(r.audit_path), root)]).toEqual([id, true]);
    expect(leaves.has(r.leaf_index)).toBe(false);
    leaves.add(r.leaf_index);
  }
  return leaves;
}
