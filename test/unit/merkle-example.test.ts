// The 7-leaf worked example of docs/verification.md: regenerated from RFC 6962 and C2SP by scripts/merkle-example.ts,
// equal to the checked-in vectors, accepted by src/verify, printed in the document, and checked by its Python code.
import { describe, expect, it } from 'bun:test';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { merkleExample } from '../../scripts/merkle-example';
import { checkLogBlock } from '../../src/verify/log-block';
import {
  consistencyPath,
  inclusionPath,
  leafHash,
  rootFromLeafHashes,
  verifyConsistency,
  verifyInclusion,
  type NodeReader,
} from '../../src/verify/merkle';
import { nodePrimitives } from '../../src/verify/node-primitives';
import { noteKeyId, parseCheckpoint, parseNote, verifierKey, verifyNote } from '../../src/verify/note';
import { fromHex, toHex } from '../../src/verify/primitives';
import { ROOT } from '../helpers';
import vectors from './vectors/merkle-7-leaf.json';

const sha = (d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest());
const doc = readFileSync(join(ROOT, 'docs/verification.md'), 'utf8');
const data = vectors.leaves.map((l) => fromHex(l.data_hex)!);
const hashes = data.map((d) => leafHash(sha, d));
const reader: NodeReader = (level, index) =>
  rootFromLeafHashes(sha, hashes.slice(index * 2 ** level, (index + 1) * 2 ** level));
const hexes = (a: Uint8Array[]) => a.map(toHex);
const key = fromHex(vectors.checkpoint_7.public_key)!;

describe('7-leaf worked example', () => {
  it('is what the script computes from the RFC, byte for byte', () => {
    expect(JSON.parse(JSON.stringify(merkleExample()))).toEqual(vectors);
  });

  it('has the roots, inclusion and consistency proofs src/verify computes and accepts', () => {
    expect(hexes(hashes)).toEqual(vectors.leaves.map((l) => l.leaf_hash));
    expect(toHex(rootFromLeafHashes(sha, hashes))).toBe(vectors.root_7);
    expect(toHex(rootFromLeafHashes(sha, hashes.slice(0, 3)))).toBe(vectors.root_3);
    const inc = vectors.inclusion;
    expect(hexes(inclusionPath(sha, reader, inc.leaf_index, inc.tree_size))).toEqual(inc.audit_path);
    expect(
      verifyInclusion(
        sha,
        inc.leaf_index,
        inc.tree_size,
        fromHex(inc.leaf_hash)!,
        inc.audit_path.map((h) => fromHex(h)!),
        fromHex(inc.root_hash)!,
      ),
    ).toBe(true);
    const con = vectors.consistency;
    expect(hexes(consistencyPath(sha, reader, con.first, con.second))).toEqual(con.consistency_path);
    expect(
      verifyConsistency(
        sha,
        con.first,
        con.second,
        con.consistency_path.map((h) => fromHex(h)!),
        fromHex(con.first_root)!,
        fromHex(con.second_root)!,
      ),
    ).toBe(true);
  });

  it('has checkpoints that are C2SP signed notes src/verify accepts, with the key id and verifier key it derives', () => {
    for (const [cp, size, root] of [
      [vectors.checkpoint_7, 7, vectors.root_7],
      [vectors.checkpoint_3, 3, vectors.root_3],
    ] as const) {
      expect(verifyNote(nodePrimitives, cp.note, vectors.origin, key)).toBe(true);
      const c = parseCheckpoint(parseNote(cp.note)!.body)!;
      expect([c.origin, c.treeSize, toHex(c.root)]).toEqual([vectors.origin, size, root]);
    }
    expect(toHex(noteKeyId(sha, vectors.origin, key))).toBe(vectors.checkpoint_7.note_key_id);
    expect(verifierKey(sha, vectors.origin, key)).toBe(vectors.checkpoint_7.verifier_key);
    const r = checkLogBlock(
      nodePrimitives,
      data[4]!,
      { ...vectors.inclusion, checkpoint: vectors.checkpoint_7.note },
      key,
      vectors.origin,
    );
    expect(r.status === 'checked' && r.ok).toBe(true);
  });

  it('is printed in docs/verification.md', () => {
    const n = vectors.nodes;
    for (const v of [
      vectors.root_7,
      vectors.root_3,
      n.g,
      n.h,
      n.i,
      n.k,
      n.l,
      ...vectors.leaves.map((l) => l.leaf_hash),
      ...vectors.inclusion.audit_path,
      ...vectors.consistency.consistency_path,
      vectors.checkpoint_7.note,
      vectors.checkpoint_3.note,
      vectors.checkpoint_7.note_key_id,
      vectors.checkpoint_7.verifier_key,
      vectors.checkpoint_7.key_id_input_hex,
      vectors.checkpoint_7.signature,
    ]) {
      expect(doc).toContain(v);
    }
  });

  const py = Bun.spawnSync(['python3', '-c', 'import cryptography'], { stdout: 'ignore', stderr: 'ignore' });
  it.skipIf(py.exitCode !== 0)('is checked by the Python code of the document, which refuses a changed hash', () => {
    const code = /## 13\.[\s\S]*?```python\n([\s\S]*?)```/.exec(doc)![1]!;
    const dir = mkdtempSync(join(tmpdir(), 'svc-pylog-'));
    writeFileSync(join(dir, 'verify_log.py'), code);
    const run = (file: string) =>
      Bun.spawnSync(['python3', join(dir, 'verify_log.py'), file], { stdout: 'pipe', stderr: 'pipe' });
    const ok = run(join(ROOT, 'test/unit/vectors/merkle-7-leaf.json'));
    expect(ok.stdout.toString().trim()).toBe('VERIFIED');
    for (const change of [
      (v: typeof vectors) => (v.inclusion.audit_path[1] = vectors.inclusion.audit_path[2]!),
      (v: typeof vectors) => (v.consistency.consistency_path[0] = vectors.nodes.d),
    ]) {
      const bad = structuredClone(vectors);
      change(bad);
      writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
      expect(run(join(dir, 'bad.json')).exitCode).not.toBe(0);
    }
  });
});
