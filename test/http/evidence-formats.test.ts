// COSE Receipts, C2SP tlog-proofs, the receipt key set and the published witness policy, as a client reads them from a
// real appliance cosigned by an independent witness: every record kind and the head verified by code written from the
// specifications (test/independent/check_evidence.py: cbor2 and cryptography), a one-bit change anywhere refused by it
// and by the product's TypeScript and Python checks, the kids of the key set, a rotation that keeps old receipts, and the
// pending and not-found answers.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, cleanupDirs, cli, newTenant, ownedDir, python, ROOT, startServer, until, type Server } from '../helpers';
import { canonicalJson } from './independent-canonical';
import { startIndependentWitness, vkeyFor } from './independent-witness';
import { verifyCoseReceipt } from '../../src/verify/cose-receipt';
import { verifyTlogProof } from '../../src/verify/tlog-proof';
import { parsePolicy } from '../../src/verify/policy';
import { nodePrimitives } from '../../src/verify/node-primitives';

const FAST = { SVC_CHECKPOINT_SECONDS: '1', SVC_HEAD_SECONDS: '1', SVC_PUBLIC_RPS: '100000' };
const DOMAIN = 'receipts.test';
let s: Server;
let key = '';
let tenantId = '';
let w: ReturnType<typeof startIndependentWitness>;

type Bytes = { status: number; type: string | null; retryAfter: string | null; body: Buffer };
async function bytes(server: Server, path: string, apiKey?: string): Promise<Bytes> {
  const r = await fetch(server.url + path, {
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
    tls: { rejectUnauthorized: false },
  } as RequestInit);
  return {
    status: r.status,
    type: r.headers.get('content-type'),
    retryAfter: r.headers.get('retry-after'),
    body: Buffer.from(await r.arrayBuffer()),
  };
}
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const H = (b: string | Uint8Array) => createHash('sha256').update(b).digest();
/** RFC 9679 thumbprint of an Ed25519 key, written here: SHA-256 of a3 01 01 20 06 21 58 20 || x. */
const kidOf = (x: Buffer) => H(Buffer.concat([Buffer.from('a301012006215820', 'hex'), x])).toString('hex');

/** Runs jobs through the independent checker (Python, cbor2 + cryptography). */
const independent = (jobs: unknown[]) => python([join(ROOT, 'test/independent/check_evidence.py')], jobs);

/** Runs the product's Python checks (clients/python) on receipts, each with every one-bit change. */
const PY_PRODUCT = `
import base64, json, sys
sys.path.insert(0, 'clients/python')
from proof_ledger import verify_cose_receipt, verify_tlog_proof
out = []
for j in json.load(sys.stdin):
    e = base64.b64decode(j['entry'])
    if j['type'] == 'tlog-proof':
        v = verify_tlog_proof(j['text'], e, log_keys=j['vkeys'], policy=j.get('policy'))
        out.append({'valid': v['valid'], 'names': [c['name'] for c in v['checks']]})
        continue
    r = base64.b64decode(j['receipt'])
    keys = [base64.b64decode(k) for k in j['keys']]
    v = verify_cose_receipt(r, e, keys, issuer=j['issuer'], checkpoint=j['checkpoint'])
    accepted = []
    for bit in range(len(r) * 8):
        c = bytearray(r)
        c[bit >> 3] ^= 0x80 >> (bit & 7)
        if verify_cose_receipt(bytes(c), e, keys, checkpoint=j['checkpoint'])['valid']:
            accepted.append(bit)
    out.append({'valid': v['valid'], 'names': [c['name'] for c in v['checks']], 'accepted': accepted})
json.dump(out, sys.stdout)
`;
const pythonProduct = (jobs: unknown[]) => python(['-c', PY_PRODUCT], jobs);

function flips(b: Uint8Array): Uint8Array[] {
  return Array.from({ length: b.length * 8 }, (_, bit) => {
    const c = Uint8Array.from(b);
    c[bit >> 3]! ^= 0x80 >> (bit & 7);
    return c;
  });
}

/** C2SP tlog-checkpoint: the three body lines of a note. */
const bodyOf = (note: string) => {
  const [origin, size, root] = note.split('\n') as [string, string, string];
  return { origin, size: Number(size), root: Buffer.from(root, 'base64') };
};
/** The head leaf of a checkpoint, built here from its definition (docs/verification.md). */
const headLeaf = (note: string) => {
  const { origin, size, root } = bodyOf(note);
  return Buffer.from(`svc-head-leaf/v1\n${H(origin).toString('hex')}\n${size}\n${root.toString('base64')}\n`);
};

/** A record as the tests check it: its public JSON proof, its leaf data and where its evidence is served. */
type Rec = { kind: string; path: string; apiKey?: string; entry: Buffer; log: any };
const recs: Rec[] = [];

/** Waits for the complete JSON proof (its head published) of `proofPath` and returns its log block. */
const completeLog = (proofPath: string, apiKey?: string) =>
  until(
    async () => {
      const r = await call(s, 'GET', proofPath, { key: apiKey });
      return r.status === 200 && r.body.log?.head?.checkpoint ? r.body : null;
    },
    60_000,
    50,
  );

beforeAll(async () => {
  w = startIndependentWitness('witness.test/receipts');
  const dir = ownedDir();
  const policyFile = join(ownedDir(), 'policy.txt');
  writeFileSync(policyFile, `witness W1 ${w.vkey} ${w.url}\nquorum W1\n`);
  s = await startServer({ dataDir: dir, env: { ...FAST, SVC_WITNESS_POLICY_FILE: policyFile } });
  const platform = (await call(s, 'GET', '/.well-known/svc-platform-key')).body;
  w.addLog(platform.note_verifier_key.split('+')[0], platform.note_verifier_key);
  const t = await newTenant(dir, DOMAIN, 'read,write,audit:read,audit:write', 'enterprise');
  key = t.key;
  tenantId = t.tenantId;
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const r = await call(s, 'POST', path, { key, body, headers });
    expect([201, 202]).toContain(r.status);
    return r.body;
  };
  const ev = await post('/v1/events', { event_type: 'receipt.check', payload: { n: 1 } });
  const ai = await post('/v1/ai/attestations', { attestation_type: 'output', input: 'q', output: 'a' });
  const doc = await post('/v1/document/anchor', { document_hash: H('a document').toString('hex') });
  const trace = await post('/v1/traces', { label: 'receipts' });
  await post('/v1/events', { event_type: 'step', payload: { i: 0 }, trace_id: trace.trace_id });
  await post(`/v1/traces/${trace.trace_id}/seal`, undefined);
  const sealId = await until(async () => {
    const tr = (await call(s, 'GET', `/v1/traces/${trace.trace_id}`, { key })).body;
    return tr.status === 'sealed' && tr.seal_event_id;
  }, 30_000);
  await post('/v1/audit/orgs', { organization_id: 'org-r' });
  const audit = await post(
    '/v1/audit/events',
    { organization_id: 'org-r', action: 'user.login', actor: { type: 'user', id: 'u1' } },
    { 'idempotency-key': 'receipts-1' },
  );

  for (const [kind, path, id] of [
    ['event', 'event', ev.event_id],
    ['ai', 'ai', ai.attestation_id],
    ['document', 'document', doc.event_id],
    ['trace seal', 'event', sealId],
  ] as const) {
    const proof = await completeLog(`/v1/proof/${path}/${id}`);
    recs.push({
      kind,
      path: `/v1/proof/${path}/${id}`,
      entry: Buffer.from(proof.signed_payload, 'hex'),
      log: proof.log,
    });
  }
  const auditEvent = await completeLog(`/v1/audit/events/${audit.event_id}`, key);
  const signed = (await call(s, 'GET', `/v1/audit/events/${audit.event_id}/verify`, { key })).body.signed_data;
  recs.push({
    kind: 'audit event',
    path: `/v1/audit/events/${audit.event_id}`,
    apiKey: key,
    entry: Buffer.from(canonicalJson(signed)),
    log: auditEvent.log,
  });
}, 180_000);

afterAll(async () => {
  await s?.stop();
  w?.stop();
  cleanupDirs();
});

/** The receipt key set, read by the independent checker: raw keys by kid. */
async function keySet(server: Server): Promise<Map<string, Buffer>> {
  const set = await bytes(server, '/.well-known/scitt-keys');
  expect([set.status, set.type]).toEqual([200, 'application/cbor']);
  const [r] = await independent([{ type: 'key-set', set: b64(set.body) }]);
  expect(r.error).toBeNull();
  return new Map(r.keys.map((k: { kid: string; x: string }) => [k.kid, Buffer.from(k.x, 'base64')]));
}

describe('GET .../receipt', () => {
  it("serves every record kind a receipt built on its JSON proof's checkpoint, verified by independent code", async () => {
    const keys = [...(await keySet(s)).values()].map(b64);
    const tenantKey = Buffer.from((await call(s, 'GET', `/keys/${DOMAIN}`)).body.public_key, 'base64url');
    for (const r of recs) {
      const got = await bytes(s, `${r.path}/receipt`, r.apiKey);
      expect([r.kind, got.status, got.type]).toEqual([r.kind, 200, 'application/cose']);
      const [ind] = await independent([{ type: 'receipt', receipt: b64(got.body), entry: b64(r.entry), keys }]);
      expect([r.kind, ind.error]).toEqual([r.kind, null]);
      // The same checkpoint as the `log` block: its origin, size and leaf; the tenant key signed it.
      expect(ind).toMatchObject({
        issuer: bodyOf(r.log.checkpoint).origin,
        tree_size: r.log.tree_size,
        leaf_index: r.log.leaf_index,
        kid: kidOf(tenantKey),
      });
    }
  });

  it('serves each checkpoint a receipt of inclusion in its head, signed by the platform key', async () => {
    const platform = Buffer.from((await call(s, 'GET', '/.well-known/svc-platform-key')).body.public_key, 'base64url');
    for (const r of recs) {
      const { origin, size } = bodyOf(r.log.checkpoint);
      const got = await bytes(s, `/v1/proof/head/receipt?origin=${encodeURIComponent(origin)}&size=${size}`);
      expect([got.status, got.type]).toEqual([200, 'application/cose']);
      const [ind] = await independent([
        { type: 'receipt', receipt: b64(got.body), entry: b64(headLeaf(r.log.checkpoint)), keys: [b64(platform)] },
      ]);
      expect(ind.error).toBeNull();
      expect(ind).toMatchObject({
        issuer: bodyOf(r.log.head.checkpoint).origin,
        tree_size: r.log.head.tree_size,
        leaf_index: r.log.head.leaf_index,
      });
    }
  });

  it('refuses one bit flipped anywhere: the independent check, and the product TypeScript and Python checks', async () => {
    const keySetKeys = [...(await keySet(s)).values()];
    const platform = Buffer.from((await call(s, 'GET', '/.well-known/svc-platform-key')).body.public_key, 'base64url');
    const cases: Array<{ receipt: Buffer; entry: Buffer; checkpoint: string; size: number; index: number }> = [];
    for (const r of recs) {
      const { origin, size } = bodyOf(r.log.checkpoint);
      cases.push({
        receipt: (await bytes(s, `${r.path}/receipt`, r.apiKey)).body,
        entry: r.entry,
        checkpoint: r.log.checkpoint,
        size: r.log.tree_size,
        index: r.log.leaf_index,
      });
      cases.push({
        receipt: (await bytes(s, `/v1/proof/head/receipt?origin=${encodeURIComponent(origin)}&size=${size}`)).body,
        entry: headLeaf(r.log.checkpoint),
        checkpoint: r.log.head.checkpoint,
        size: r.log.head.tree_size,
        index: r.log.head.leaf_index,
      });
    }
    const keys = [...keySetKeys, platform];
    const ind = await independent(
      cases.map((c) => ({
        type: 'receipt',
        receipt: b64(c.receipt),
        entry: b64(c.entry),
        keys: keys.map(b64),
        flips: true,
      })),
    );
    cases.forEach((c, i) => {
      expect(ind[i].error).toBeNull();
      // A receipt signs the root, not the tree size: the only changes a receipt alone cannot show are other tree sizes
      // under which the same audit path leads to the same root (never for the last leaf of a tree). The checkpoint,
      // which the product's checks are given, refuses those too.
      for (const [, size, index] of ind[i].accepted_flips) expect([size !== c.size, index]).toEqual([true, c.index]);
      if (c.index === c.size - 1) expect(ind[i].accepted_flips).toEqual([]);
      const ts = flips(c.receipt).filter(
        (f) => verifyCoseReceipt(nodePrimitives, f, c.entry, { keys, checkpoint: c.checkpoint }).valid,
      );
      expect(ts.length).toBe(0);
      expect(verifyCoseReceipt(nodePrimitives, c.receipt, c.entry, { keys, checkpoint: c.checkpoint }).valid).toBe(
        true,
      );
    });
    const py = await pythonProduct(
      cases.map((c) => ({
        type: 'receipt',
        receipt: b64(c.receipt),
        entry: b64(c.entry),
        keys: keys.map(b64),
        issuer: bodyOf(c.checkpoint).origin,
        checkpoint: c.checkpoint,
      })),
    );
    for (const v of py) {
      expect(v.valid).toBe(true);
      expect(v.names).toContain('receipt_checkpoint');
      expect(v.accepted).toEqual([]);
    }
  }, 120_000);

  it('answers 404 as the JSON proofs, 401 without a key for audit events, and 404 for an unknown checkpoint', async () => {
    const none = '00000000-0000-4000-8000-000000000000';
    for (const kind of ['event', 'ai', 'document']) {
      const r = await call(s, 'GET', `/v1/proof/${kind}/${none}/receipt`);
      expect([r.status, r.body.error]).toEqual([404, 'proof_not_found']);
      const t = await call(s, 'GET', `/v1/proof/${kind}/${none}/tlog-proof`);
      expect([t.status, t.body.error]).toEqual([404, 'proof_not_found']);
      expect((await call(s, 'GET', `/v1/proof/${kind}/not-a-uuid/receipt`)).status).toBe(400);
    }
    expect((await call(s, 'GET', '/v1/audit/events/aevt_none/receipt', { key })).body.error).toBe('not_found');
    const audit = recs.find((r) => r.kind === 'audit event')!;
    expect((await call(s, 'GET', `${audit.path}/receipt`)).status).toBe(401);
    const head = await call(s, 'GET', '/v1/proof/head/receipt?origin=nowhere/x&size=1');
    expect([head.status, head.body.error]).toEqual([404, 'leaf_not_found']);
    const bad = await call(s, 'GET', '/v1/proof/head/tlog-proof?origin=nowhere/x&size=x');
    expect([bad.status, bad.body.error]).toEqual([400, 'invalid_tree_size']);
  });
});

describe('GET .../tlog-proof', () => {
  it('serves c2sp.org/tlog-proof@v1 for every record kind and its head, verified by independent code', async () => {
    // The tenant's key under each log's origin (C2SP signed-note vkeys, built here for the org log too).
    const tenantKey = Buffer.from((await call(s, 'GET', `/keys/${DOMAIN}`)).body.public_key, 'base64url');
    const vkeysOf = (r: Rec) => [vkeyFor(bodyOf(r.log.checkpoint).origin, 0x01, tenantKey)];
    const policy = (await call(s, 'GET', '/.well-known/svc-witness-policy')).text;
    const jobs: any[] = [];
    for (const r of recs) {
      const t = await call(s, 'GET', `${r.path}/tlog-proof`, { key: r.apiKey });
      expect([t.status, t.headers.get('content-type')]).toEqual([200, 'text/plain; charset=utf-8']);
      // index, path and note as the JSON proof's log block.
      const path = r.log.audit_path.map((h: string) => Buffer.from(h, 'hex').toString('base64'));
      expect(t.text).toBe(
        ['c2sp.org/tlog-proof@v1', `index ${r.log.leaf_index}`, ...path, '', r.log.checkpoint].join('\n'),
      );
      const { origin, size } = bodyOf(r.log.checkpoint);
      const h = await call(s, 'GET', `/v1/proof/head/tlog-proof?origin=${encodeURIComponent(origin)}&size=${size}`);
      expect(h.status).toBe(200);
      expect(h.text.endsWith(`\n\n${r.log.head.checkpoint}`)).toBe(true);
      jobs.push({ type: 'tlog-proof', text: t.text, entry: b64(r.entry), vkeys: vkeysOf(r), policy: null });
      jobs.push({ type: 'tlog-proof', text: h.text, entry: b64(headLeaf(r.log.checkpoint)), vkeys: [], policy });
    }
    const ind = await independent(jobs);
    jobs.forEach((j, i) => {
      expect(ind[i].error).toBeNull();
      if (j.policy) expect(ind[i].cosigned_by).toEqual(['W1']);
    });
    // The product's checks agree, in TypeScript and in Python.
    const parsed = parsePolicy(nodePrimitives.sha256, policy);
    if (!parsed.ok) throw new Error(parsed.error);
    for (const j of jobs) {
      const v = verifyTlogProof(nodePrimitives, j.text, Buffer.from(j.entry, 'base64'), {
        logKeys: j.vkeys,
        ...(j.policy ? { policy: parsed.policy } : {}),
      });
      expect(v.checks.filter((c) => !c.ok)).toEqual([]);
    }
    for (const v of await pythonProduct(jobs)) expect(v.valid).toBe(true);
    // A changed entry is refused by the independent check.
    const [changed] = await independent([{ ...jobs[0], entry: b64(Buffer.from('another entry')) }]);
    expect(changed.error).toMatch(/inclusion/);
  }, 60_000);

  it('publishes the witness policy heads are published under: its log line is the head vkey', async () => {
    const platform = (await call(s, 'GET', '/.well-known/svc-platform-key')).body;
    const r = await call(s, 'GET', '/.well-known/svc-witness-policy');
    expect([r.status, r.headers.get('content-type')]).toEqual([200, 'text/plain; charset=utf-8']);
    expect(r.text).toBe(`log ${platform.note_verifier_key}\nwitness W1 ${w.vkey}\nquorum W1\n`);
  });
});

describe('GET /.well-known/scitt-keys', () => {
  it('lists the platform key and the tenant key, each with its RFC 9679 kid; one by kid; 404 problem details', async () => {
    const set = await keySet(s);
    const platform = Buffer.from((await call(s, 'GET', '/.well-known/svc-platform-key')).body.public_key, 'base64url');
    const tenantKey = Buffer.from((await call(s, 'GET', `/keys/${DOMAIN}`)).body.public_key, 'base64url');
    const values = [...set.values()].map((k) => k.toString('hex'));
    expect(values).toContain(platform.toString('hex'));
    expect(values).toContain(tenantKey.toString('hex'));
    for (const [kid, x] of set) {
      const one = await bytes(s, `/.well-known/scitt-keys/${Buffer.from(kid, 'hex').toString('base64url')}`);
      expect([one.status, one.type]).toEqual([200, 'application/cbor']);
      const [k] = await independent([{ type: 'key', key: b64(one.body) }]);
      expect([k.error, k.kid, k.x]).toEqual([null, kid, b64(x)]);
    }
    const missing = await bytes(s, `/.well-known/scitt-keys/${Buffer.alloc(32).toString('base64url')}`);
    expect([missing.status, missing.type]).toEqual([404, 'application/concise-problem-details+cbor']);
    // RFC 9290: a map {-1 (title): text, -2 (detail): text}; the title is the error code.
    expect(missing.body.subarray(0, 12).toString('hex')).toBe('a220' + '69' + Buffer.from('not_found').toString('hex'));
    expect(missing.body[12]).toBe(0x21);
  });

  it('keeps old receipts with their key and kid after a rotation; new receipts take the new key', async () => {
    const r0 = recs[0]!;
    const before = (await bytes(s, `${r0.path}/receipt`)).body;
    const rotated = await cli(s.dataDir, 'tenant', 'rotate-key', tenantId);
    expect(rotated.code).toBe(0);
    const ev = await call(s, 'POST', '/v1/events', { key, body: { event_type: 'after.rotation', payload: {} } });
    const proof = await completeLog(`/v1/proof/event/${ev.body.event_id}`);
    const after = (await bytes(s, `/v1/proof/event/${ev.body.event_id}/receipt`)).body;
    expect((await bytes(s, `${r0.path}/receipt`)).body.equals(before)).toBe(true);
    const set = await keySet(s);
    const [old, fresh] = await independent([
      { type: 'receipt', receipt: b64(before), entry: b64(r0.entry), keys: [...set.values()].map(b64) },
      {
        type: 'receipt',
        receipt: b64(after),
        entry: b64(Buffer.from(proof.signed_payload, 'hex')),
        keys: [...set.values()].map(b64),
      },
    ]);
    expect([old.error, fresh.error]).toEqual([null, null]);
    expect(old.kid).not.toBe(fresh.kid);
    // The new receipt's kid is the current key's thumbprint; the old one stays a listed (retired) key's.
    const doc = (await call(s, 'GET', `/keys/${DOMAIN}`)).body;
    expect(fresh.kid).toBe(kidOf(Buffer.from(doc.public_key, 'base64url')));
    expect(doc.keys.map((k: { public_key: string }) => kidOf(Buffer.from(k.public_key, 'base64url')))).toContain(
      old.kid,
    );
    expect(set.has(fresh.kid)).toBe(true);
    expect(set.has(old.kid)).toBe(true);
  }, 60_000);
});

describe('before the evidence exists', () => {
  it('answers 409 leaf_pending with Retry-After for a record before its checkpoint and a checkpoint before its head', async () => {
    // Checkpoints are signed, but no head is ever published: the policy's only witness does not answer.
    const quiet = join(ownedDir(), 'policy.txt');
    writeFileSync(quiet, `witness W9 ${w.vkey} http://127.0.0.1:9/nowhere\nquorum W9\n`);
    const b = await startServer({
      dataDir: ownedDir(),
      env: {
        SVC_CHECKPOINT_SECONDS: '1',
        SVC_HEAD_SECONDS: '1',
        SVC_PUBLIC_RPS: '100000',
        SVC_WITNESS_POLICY_FILE: quiet,
      },
    });
    try {
      const ev = await call(b, 'POST', '/v1/events', { key: b.apiKey, body: { event_type: 'p', payload: {} } });
      const id = ev.body.event_id;
      const first = await bytes(b, `/v1/proof/event/${id}/receipt`);
      const proof = await until(async () => {
        const p = (await call(b, 'GET', `/v1/proof/event/${id}`)).body;
        return p.log?.checkpoint ? p : null;
      }, 30_000);
      // Unless the checkpoint came first, the first answer was the pending one.
      if (first.status !== 200) {
        expect([first.status, JSON.parse(first.body.toString()).error]).toEqual([409, 'leaf_pending']);
        expect(Number(first.retryAfter)).toBeGreaterThan(0);
      }
      expect(proof.log.head).toEqual({ status: 'pending' });
      const receipt = await bytes(b, `/v1/proof/event/${id}/receipt`);
      expect(receipt.status).toBe(200);
      const { origin, size } = bodyOf(proof.log.checkpoint);
      for (const what of ['receipt', 'tlog-proof']) {
        const h = await call(b, 'GET', `/v1/proof/head/${what}?origin=${encodeURIComponent(origin)}&size=${size}`);
        expect([h.status, h.body.error, Number(h.headers.get('retry-after')) > 0]).toEqual([409, 'leaf_pending', true]);
      }
    } finally {
      await b.stop();
    }
  }, 60_000);

  it('answers 409 leaf_pending for every route of a record no checkpoint covers yet', async () => {
    const b = await startServer({
      dataDir: ownedDir(),
      env: { SVC_CHECKPOINT_SECONDS: '3600', SVC_CHECKPOINT_LEAVES: '1000000', SVC_PUBLIC_RPS: '100000' },
    });
    try {
      const ev = await call(b, 'POST', '/v1/events', { key: b.apiKey, body: { event_type: 'p', payload: {} } });
      for (const what of ['receipt', 'tlog-proof']) {
        const r = await call(b, 'GET', `/v1/proof/event/${ev.body.event_id}/${what}`);
        expect([r.status, r.body.error, r.headers.get('retry-after')]).toEqual([409, 'leaf_pending', '3601']);
      }
    } finally {
      await b.stop();
    }
  }, 60_000);
});
