// The `log` block of a record proof (docs/verification.md#12-the-transparency-log) checked by the one pure check, on node:crypto and on the browser
// primitives alike, inside `svc verify` and the proof pages' check lists; every alteration is caught by name.
import { describe, expect, it } from 'bun:test';
import { createHash, randomBytes, sign } from 'node:crypto';
import { canonicalJson } from '../../src/crypto/canonical';
import { verifyProofDocument } from '../../src/verify/offline-verify';
import { browserPrimitives } from '../../src/verify/browser-primitives';
import { checkConsistencyAnswer, checkLogBlock } from '../../src/verify/log-block';
import { consistencyPath, inclusionPath, leafHash, rootFromLeafHashes, type NodeReader } from '../../src/verify/merkle';
import { nodePrimitives } from '../../src/verify/node-primitives';
import { checkpointBody, formatNote, noteKeyId, parseCheckpoint, parseNote } from '../../src/verify/note';
import { toHex } from '../../src/verify/primitives';
import { verifyDocument } from '../../src/verify/verify-document';
import { clone, eventProof, newSigner, traceBundle, type Signer } from './proof-fixtures';

const sha = (d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest());
const ORIGIN = 'proof.acme.example/acme.example';
const signer = newSigner();
const pub = (s: Signer) => new Uint8Array(Buffer.from(s.publicHex, 'hex'));

function reader(leaves: Uint8Array[]): NodeReader {
  const hashes = leaves.map((l) => leafHash(sha, l));
  return (level, index) => rootFromLeafHashes(sha, hashes.slice(index * 2 ** level, (index + 1) * 2 ** level));
}
function note(size: number, root: Uint8Array, s: Signer = signer, origin = ORIGIN): string {
  const body = checkpointBody(origin, size, root);
  return formatNote(body, origin, noteKeyId(sha, origin, pub(s)), sign(null, Buffer.from(body), s.key));
}
/** Log blocks for `records` (signed bytes) placed at the given leaf indexes of a log of `size` leaves. */
function logFor(records: Uint8Array[], at: number[], size: number, s: Signer = signer) {
  const leaves: Uint8Array[] = Array.from({ length: size }, () => new Uint8Array(randomBytes(20)));
  records.forEach((r, i) => (leaves[at[i]!] = r));
  const root = rootFromLeafHashes(
    sha,
    leaves.map((l) => leafHash(sha, l)),
  );
  const cp = note(size, root, s);
  return records.map((r, i) => ({
    leaf_index: at[i]!,
    tree_size: size,
    leaf_hash: toHex(leafHash(sha, r)),
    audit_path: inclusionPath(sha, reader(leaves), at[i]!, size).map(toHex),
    root_hash: toHex(root),
    checkpoint: cp,
  }));
}
const bytes = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));
const failedSteps = (r: ReturnType<typeof checkLogBlock>) =>
  r.status === 'checked' ? r.steps.filter((s) => !s.ok).map((s) => s.check) : [r.status];

describe('checkLogBlock', () => {
  const p = eventProof(signer);
  const leaf = bytes(p.signed_payload);
  const [log] = logFor([leaf], [5], 11) as [ReturnType<typeof logFor>[0]];

  it('accepts a real block on node:crypto and on the browser primitives alike', async () => {
    for (const prims of [nodePrimitives, browserPrimitives]) {
      const r = checkLogBlock(prims, leaf, log, pub(signer));
      expect(failedSteps(r)).toEqual([]);
      expect(r.status === 'checked' && r.ok && r.checkpoint?.treeSize).toBe(11);
      expect(r.status === 'checked' && r.checkpoint?.keyId).toBe(signer.keyId);
    }
  });

  it('tells absent and pending apart from checked', async () => {
    expect(checkLogBlock(nodePrimitives, leaf, undefined, pub(signer)).status).toBe('absent');
    expect(checkLogBlock(nodePrimitives, leaf, { status: 'pending' }, pub(signer)).status).toBe('pending');
  });

  it('names the check that fails for each alteration', async () => {
    const f = (change: (l: typeof log) => void, data = leaf, keys = [pub(signer)], origin?: string) => {
      const l = clone(log);
      change(l);
      return failedSteps(checkLogBlock(nodePrimitives, data, l, keys, origin));
    };
    const flip = (h: string) => (h[0] === '0' ? '1' : '0') + h.slice(1);
    expect(f(() => {}, new Uint8Array([...leaf, 32]))).toEqual(['log.leaf_hash', 'log.inclusion']);
    expect(f((l) => (l.leaf_hash = flip(l.leaf_hash)))).toEqual(['log.leaf_hash']);
    expect(f((l) => (l.audit_path[1] = flip(l.audit_path[1]!)))).toEqual(['log.inclusion']);
    expect(f((l) => (l.leaf_index = 4))).toEqual(['log.inclusion']);
    expect(f((l) => l.audit_path.pop())).toEqual(['log.inclusion']);
    expect(f((l) => (l.root_hash = flip(l.root_hash)))).toEqual(['log.inclusion', 'log.checkpoint']);
    // Index 5 has the same path shape in 11 and 12 leaves: the size is bound by the signed checkpoint, not the path.
    expect(f((l) => (l.tree_size = 12))).toEqual(['log.checkpoint']);
    expect(f((l) => (l.checkpoint = note(11, bytes(l.root_hash), newSigner())))).toEqual(['log.signature']);
    expect(f((l) => (l.checkpoint = l.checkpoint.replace('\n11\n', '\n12\n')))).toEqual([
      'log.checkpoint',
      'log.signature',
    ]);
    expect(f((l) => (l.checkpoint = 'not a note'))).toEqual(['log.checkpoint']);
    expect(f((l) => (l.leaf_index = 11))).toEqual(['log.shape']);
    expect(f((l) => ((l as { audit_path: unknown }).audit_path = 'x'))).toEqual(['log.shape']);
    expect(f(() => {}, leaf, [pub(signer)], 'other.example/acme.example')).toEqual(['log.origin']);
    expect(f(() => {}, leaf, [pub(newSigner())])).toEqual(['log.signature']);
  });

  it('accepts a checkpoint signed by a newer key of the tenant when that key is a candidate (rotation)', async () => {
    const next = newSigner();
    const [l] = logFor([leaf], [0], 3, next);
    expect(failedSteps(checkLogBlock(nodePrimitives, leaf, l, [pub(signer)]))).toEqual(['log.signature']);
    expect(failedSteps(checkLogBlock(nodePrimitives, leaf, l, [pub(signer), pub(next)]))).toEqual([]);
  });
});

describe('checkConsistencyAnswer', () => {
  const leaves = Array.from({ length: 13 }, (_, i) => new Uint8Array(Buffer.from(`r${i}`)));
  const cp = (n: number) =>
    parseCheckpoint(
      parseNote(
        note(
          n,
          rootFromLeafHashes(
            sha,
            leaves.slice(0, n).map((l) => leafHash(sha, l)),
          ),
        ),
      )!.body,
    )!;
  const answer = (m: number, n: number) => ({
    first: m,
    second: n,
    consistency_path: consistencyPath(sha, reader(leaves.slice(0, n)), m, n).map(toHex),
    first_root: toHex(cp(m).root),
    second_root: toHex(cp(n).root),
  });

  it('accepts the RFC 6962 proof between two checkpoints of one log', async () => {
    expect(checkConsistencyAnswer(nodePrimitives, cp(5), cp(13), answer(5, 13))).toEqual({ ok: true, reason: null });
  });
  it('refuses other sizes, other roots and a changed path', async () => {
    expect(checkConsistencyAnswer(nodePrimitives, cp(5), cp(13), answer(4, 13)).reason).toMatch(/sizes 4 -> 13/);
    const a = answer(5, 13);
    expect(
      checkConsistencyAnswer(nodePrimitives, cp(5), cp(13), { ...a, first_root: toHex(cp(6).root) }).reason,
    ).toMatch(/fork/);
    expect(
      checkConsistencyAnswer(nodePrimitives, cp(5), cp(13), { ...a, second_root: toHex(cp(12).root) }).reason,
    ).toMatch(/fork/);
    const path = [...a.consistency_path];
    path[0] = toHex(sha(new Uint8Array([1])));
    expect(checkConsistencyAnswer(nodePrimitives, cp(5), cp(13), { ...a, consistency_path: path }).reason).toMatch(
      /does not verify/,
    );
    expect(checkConsistencyAnswer(nodePrimitives, cp(5), cp(13), { ...a, consistency_path: ['zz'] }).ok).toBe(false);
  });
});

describe('svc verify and the proof pages check the log block', () => {
  it('event proof: verified with the checkpoint reported; a changed audit path fails log_inclusion', async () => {
    const p = eventProof(signer);
    const [log] = logFor([bytes(p.signed_payload)], [2], 9);
    const doc = { ...p, log };
    const r = await verifyProofDocument(doc);
    expect(r.checks.filter((c) => !c.ok)).toEqual([]);
    expect(r.checks.filter((c) => c.name.startsWith('record.log.')).map((c) => c.name)).toEqual([
      'record.log.leaf_hash',
      'record.log.inclusion',
      'record.log.checkpoint',
      'record.log.origin',
      'record.log.signature',
    ]);
    expect(r.checkpoint).toMatchObject({
      origin: ORIGIN,
      tree_size: 9,
      key_id: signer.keyId,
      root_hash: log!.root_hash,
    });
    const bad = clone(doc);
    bad.log!.audit_path[0] = toHex(sha(new Uint8Array(0)));
    expect((await verifyProofDocument(bad)).checks.filter((c) => !c.ok).map((c) => c.name)).toEqual([
      'record.log.inclusion',
    ]);
    // The same rules on the browser primitives give the same verdict.
    expect(await verifyDocument(browserPrimitives, doc)).toEqual(r);
    expect(await verifyDocument(browserPrimitives, bad)).toEqual(await verifyProofDocument(bad));
  });

  it('event proof: a missing or pending block is a SKIP line, and a checkpoint of another log fails log_origin', async () => {
    const p = eventProof(signer);
    const absent = await verifyProofDocument(p);
    expect(absent.valid).toBe(true);
    expect(absent.checks.filter((c) => c.skipped).map((c) => [c.name, c.detail.split(':')[0]])).toEqual([
      ['record.log.status', 'absent'],
    ]);
    expect(absent.complete).toBe(false);
    const pending = await verifyProofDocument({ ...p, log: { status: 'pending' } });
    expect(pending.checks.filter((c) => c.skipped).map((c) => [c.name, c.detail.split(':')[0]])).toEqual([
      ['record.log.status', 'pending'],
    ]);
    // The org log of the same tenant, signed by the same key, is not the tenant's log.
    const orgOrigin = `${ORIGIN}/audit/org-1`;
    const leaves = [new Uint8Array(Buffer.from(p.signed_payload, 'hex')), new Uint8Array([1])];
    const root = rootFromLeafHashes(
      sha,
      leaves.map((l) => leafHash(sha, l)),
    );
    const log = {
      leaf_index: 0,
      tree_size: 2,
      leaf_hash: toHex(leafHash(sha, leaves[0]!)),
      audit_path: [toHex(leafHash(sha, leaves[1]!))],
      root_hash: toHex(root),
      checkpoint: note(2, root, signer, orgOrigin),
    };
    expect((await verifyProofDocument({ ...p, log })).checks.filter((c) => !c.ok).map((c) => c.name)).toEqual([
      'record.log.origin',
    ]);
    // So is another tenant's log (another domain).
    const other = { ...log, checkpoint: note(2, root, signer, 'proof.acme.example/other.example') };
    expect((await verifyProofDocument({ ...p, log: other })).checks.filter((c) => !c.ok).map((c) => c.name)).toEqual([
      'record.log.origin',
    ]);
  });

  it('trace bundle: every item and the seal checked, the seal checkpoint reported; pending is skipped, not failed', async () => {
    const b = traceBundle(signer, 5);
    const records = [...b.items, b.seal].map((x) => bytes(x.signed_payload));
    const logs = logFor(records, [1, 3, 4, 6, 7, 9], 12);
    const doc = { ...b, items: b.items.map((it, i) => ({ ...it, log: logs[i] })), seal: { ...b.seal, log: logs[5] } };
    const r = await verifyProofDocument(doc);
    expect(r.checks.filter((c) => !c.ok)).toEqual([]);
    expect(r.checks.filter((c) => c.name.endsWith('.log.inclusion')).length).toBe(6);
    expect(r.checkpoint?.tree_size).toBe(12);
    const pending = { ...doc, seal: { ...doc.seal, log: { status: 'pending' } } };
    const rp = await verifyProofDocument(pending);
    expect(rp.valid).toBe(true);
    expect(rp.checks.find((c) => c.name === 'seal.log.status')).toMatchObject({ ok: true, skipped: true });
    const swapped = clone(doc);
    [swapped.items[0]!.log, swapped.items[1]!.log] = [swapped.items[1]!.log, swapped.items[0]!.log];
    const rs = await verifyProofDocument(swapped);
    expect(rs.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual([
      'items[0].log.leaf_hash',
      'items[0].log.inclusion',
      'items[1].log.leaf_hash',
      'items[1].log.inclusion',
    ]);
  });

  it('document proof: recognised as such and its log block checked', async () => {
    const s = signer;
    const sp = {
      v: 1,
      event_id: '0190a4b2-7c1e-7d3a-9f00-000000000777',
      tenant_id: '0190a4b2-7c1e-7d3a-9f00-000000000001',
      document_hash: 'ab'.repeat(32),
      document_ref: 'contract.pdf',
      metadata_hash: null,
      created_at: '2025-01-15T09:00:00.000Z',
    };
    const signedBytes = Buffer.from(canonicalJson(sp));
    const doc = {
      event_id: sp.event_id,
      document_hash: sp.document_hash,
      document_ref: sp.document_ref,
      created_at: sp.created_at,
      algorithm: 'ed25519',
      key_id: s.keyId,
      public_key: s.publicHex,
      signature: sign(null, signedBytes, s.key).toString('hex'),
      signed_payload: signedBytes.toString('hex'),
      signature_valid: true,
      organization: { primary_domain: 'acme.example' },
      log: logFor([new Uint8Array(signedBytes)], [0], 1)[0],
    };
    const r = await verifyProofDocument(doc);
    expect(r.kind).toBe('document_proof');
    expect(r.checks.filter((c) => !c.ok)).toEqual([]);
    expect(r.checkpoint?.tree_size).toBe(1);
  });
});

describe('svc verify: an audit event (GET /v1/audit/events/{id}) with its org log block', () => {
  const e = {
    id: '0190a4b2-7c1e-7d3a-9f00-00000000e001',
    org_id: 'org-1',
    seq: 3,
    schema_id: 'v1',
    occurred_at: '2025-01-15T09:00:00.000Z',
    ingested_at: '2025-01-15T09:00:00.100Z',
    action: 'user.login',
    actor: { type: 'user', id: 'u1' },
    targets: [{ type: 'doc', id: 'd1' }],
    context: null,
    metadata: { ip: '10.0.0.1' },
  };
  // The signed data of docs/audit.md#rows-and-what-is-signed, written out here (event_id for id, absent optional objects as null).
  const signedBytes = Buffer.from(
    canonicalJson({
      action: e.action,
      actor: e.actor,
      context: null,
      event_id: e.id,
      ingested_at: e.ingested_at,
      metadata: e.metadata,
      occurred_at: e.occurred_at,
      org_id: e.org_id,
      schema_id: e.schema_id,
      seq: e.seq,
      targets: e.targets,
    }),
  );
  const leaves: Uint8Array[] = Array.from({ length: 4 }, (_, i) => new Uint8Array(Buffer.from(`other ${i}`)));
  leaves[2] = new Uint8Array(signedBytes);
  const root = rootFromLeafHashes(
    sha,
    leaves.map((l) => leafHash(sha, l)),
  );
  const orgOrigin = 'proof.acme.example/acme.example/audit/org-1';
  const doc = {
    ...e,
    payload_hash: createHash('sha256').update(signedBytes).digest('hex'),
    signature: sign(null, signedBytes, signer.key).toString('hex'),
    signing_public_key: signer.publicHex,
    key_id: signer.keyId,
    log: {
      leaf_index: 2,
      tree_size: 4,
      leaf_hash: toHex(leafHash(sha, signedBytes)),
      audit_path: inclusionPath(sha, reader(leaves), 2, 4).map(toHex),
      root_hash: toHex(root),
      checkpoint: note(4, root, signer, orgOrigin),
    },
  };

  it('is recognised, and its hash, signature and inclusion in the org log pass', async () => {
    const r = await verifyProofDocument(doc);
    expect(r.kind).toBe('audit_event');
    expect(r.checks.filter((c) => !c.ok)).toEqual([]);
    expect(r.checks.map((c) => c.name)).toEqual([
      'record.public_key',
      'record.key_id',
      'record.payload_hash',
      'record.signature',
      'record.log.leaf_hash',
      'record.log.inclusion',
      'record.log.checkpoint',
      'record.log.origin',
      'record.log.signature',
      'record.head.status',
    ]);
    expect(r.checkpoint?.origin).toBe(orgOrigin);
  });
  it('fails when a field was changed or the block is of another org log', async () => {
    expect(
      (await verifyProofDocument({ ...doc, metadata: { ip: '10.0.0.2' } })).checks
        .filter((c) => !c.ok)
        .map((c) => c.name),
    ).toEqual(['record.payload_hash', 'record.signature', 'record.log.leaf_hash', 'record.log.inclusion']);
    const other = { ...doc, org_id: 'org-2' };
    expect((await verifyProofDocument(other)).checks.filter((c) => !c.ok).map((c) => c.name)).toContain(
      'record.log.origin',
    );
  });
});
