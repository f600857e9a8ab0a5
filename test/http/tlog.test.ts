// The tenant and org transparency logs: checkpoints, inclusion and consistency proofs, key rotation and restart.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHash } from 'node:crypto';
import { call, cleanup, cli, newTenant, startServer, tempDir, until, type Server } from '../helpers';
import { checkpointLines, consistencyOk, hexes, inclusionOk, leafHashOf, noteOk, vkeyOf } from './independent-tlog';

let s: Server;
let t: { tenantId: string; key: string; publicKeyHex: string };
const dir = tempDir();
const DOMAIN = 'tlog.test';
const get = (path: string, key: string | null = t.key) => call(s, 'GET', path, { key });
const post = (path: string, body: unknown) => call(s, 'POST', path, { key: t.key, body });
const sha = (x: string) => createHash('sha256').update(x).digest('hex');

/** Waits until the tenant log's checkpoint covers at least `size` leaves. */
const checkpointAtLeast = (base: string, size: number) =>
  until(async () => {
    const r = await get(`${base}/checkpoint`);
    return r.status === 200 && r.body.tree_size >= size ? r.body : null;
  }, 20000);

/** The current pinned key of the tenant, raw. */
async function keyFor(keyId: string): Promise<Buffer> {
  const k = (await get(`/keys/${DOMAIN}`, null)).body.keys.find((x: any) => x.key_id === keyId);
  return Buffer.from(k.public_key, 'base64url');
}

function expectProof(block: any, signedPayloadHex: string, cp: { root_hash: string }) {
  const leaf = leafHashOf(Buffer.from(signedPayloadHex, 'hex'));
  expect(block.leaf_hash).toBe(leaf.toString('hex'));
  expect(
    inclusionOk(block.leaf_index, block.tree_size, leaf, hexes(block.audit_path), Buffer.from(block.root_hash, 'hex')),
  ).toBe(true);
  expect(cp.root_hash.length).toBe(64);
}

let ids: { events: string[]; ai: string; doc: string };
beforeAll(async () => {
  // Checkpoints every 4 leaves and otherwise only after an hour: which records are pending is deterministic.
  s = await startServer({ dataDir: dir, env: { SVC_CHECKPOINT_LEAVES: '4', SVC_CHECKPOINT_SECONDS: '3600' } });
  t = await newTenant(dir, DOMAIN, 'read,write,audit:read,audit:write', 'enterprise');
  const events: string[] = [];
  for (let i = 0; i < 5; i++)
    events.push((await post('/v1/events', { event_type: 'order.paid', payload: { i } })).body.event_id);
  const ai = (await post('/v1/ai/attestations', { attestation_type: 'decision', input: 'q', output: 'a' })).body
    .attestation_id;
  const doc = (await post('/v1/document/anchor', { document_hash: sha('contract'), document_ref: 'c.pdf' })).body
    .event_id;
  ids = { events, ai, doc };
  await checkpointAtLeast('/v1/log', 4);
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('GET /v1/log/checkpoint', () => {
  it('answers a C2SP checkpoint signed by the tenant key, verified by an independent note check and the /keys vkey', async () => {
    const cp = (await get('/v1/log/checkpoint')).body;
    expect(cp.origin).toBe(`127.0.0.1:${s.port}/${DOMAIN}`.replace('127.0.0.1', 'localhost'));
    const lines = checkpointLines(cp.checkpoint);
    expect(lines.origin).toBe(cp.origin);
    expect(lines.size).toBe(cp.tree_size);
    expect(lines.root.toString('hex')).toBe(cp.root_hash);
    expect(cp.checkpoint.split('\n\n')[0].split('\n').length).toBe(3); // exactly three body lines
    const pub = await keyFor(cp.key_id);
    expect(noteOk(cp.checkpoint, cp.origin, pub)).toBe(true);
    const tampered = cp.checkpoint.replace(`\n${cp.tree_size}\n`, `\n${cp.tree_size + 1}\n`);
    expect(noteOk(tampered, cp.origin, pub)).toBe(false);
    const keys = (await get(`/keys/${DOMAIN}`, null)).body.keys;
    expect(keys.find((k: any) => k.key_id === cp.key_id).note_verifier_key).toBe(vkeyOf(cp.origin, pub));
  });

  it('is public at /v1/proof/log/{domain}/checkpoint, and 404 not_found for an unknown domain', async () => {
    const pub = await get(`/v1/proof/log/${DOMAIN}/checkpoint`, null);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('x-ratelimit-limit')).toBeTruthy();
    expect((await get('/v1/log/checkpoint')).body.origin).toBe(pub.body.origin);
    expect((await get('/v1/proof/log/nobody.example/checkpoint', null)).body.error).toBe('not_found');
  });
});

describe('GET /v1/log/inclusion', () => {
  it('proves each covered record by leaf_index and by record_id, re-verified independently against the checkpoint root', async () => {
    const cp = (await get('/v1/log/checkpoint')).body;
    for (let i = 0; i < cp.tree_size; i++) {
      const r = (await get(`/v1/log/inclusion?leaf_index=${i}`)).body;
      expect(r.root_hash).toBe(cp.root_hash);
      expect(
        inclusionOk(
          i,
          cp.tree_size,
          Buffer.from(r.leaf_hash, 'hex'),
          hexes(r.audit_path),
          Buffer.from(cp.root_hash, 'hex'),
        ),
      ).toBe(true);
    }
    const proof = (await get(`/v1/proof/event/${ids.events[1]}`, null)).body;
    const byId = (await get(`/v1/log/inclusion?record_id=${ids.events[1]}`)).body;
    expect(byId.leaf_index).toBe(1);
    expect(byId.leaf_hash).toBe(leafHashOf(Buffer.from(proof.signed_payload, 'hex')).toString('hex'));
  });

  it('puts a log block in /v1/proof/event: inclusion in the checkpoint it carries', async () => {
    const proof = (await get(`/v1/proof/event/${ids.events[0]}`, null)).body;
    const cp = checkpointLines(proof.log.checkpoint);
    expect(proof.log.tree_size).toBe(cp.size);
    expect(proof.log.root_hash).toBe(cp.root.toString('hex'));
    expectProof(proof.log, proof.signed_payload, proof.log);
    expect(noteOk(proof.log.checkpoint, cp.origin, await keyFor(proof.key_id))).toBe(true);
  });

  it('answers 409 leaf_pending with Retry-After for a record no checkpoint covers yet, and {status: "pending"} in its proof', async () => {
    // Checkpoints come every 4 leaves: of two new records at least one is still uncovered once written.
    let seen: { r: any; proof: any } | null = null;
    for (let i = 0; i < 2 && !seen; i++) {
      const late = (await post('/v1/events', { event_type: 'late', payload: { i } })).body.event_id;
      await until(async () => (await get(`/v1/proof/event/${late}`, null)).status === 200);
      const r = await get(`/v1/log/inclusion?record_id=${late}`);
      if (r.status === 409) seen = { r, proof: (await get(`/v1/proof/event/${late}`, null)).body };
    }
    expect(seen).not.toBeNull();
    expect(seen!.r.body.error).toBe('leaf_pending');
    expect(Number(seen!.r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(seen!.proof.log).toEqual({ status: 'pending' });
  });

  it('answers 400 invalid_leaf_index, 400 invalid_tree_size and 404 leaf_not_found', async () => {
    const cp = (await get('/v1/log/checkpoint')).body;
    const err = async (q: string) => {
      const r = await get(`/v1/log/inclusion?${q}`);
      return `${r.status} ${r.body.error}`;
    };
    expect(await err('leaf_index=x')).toBe('400 invalid_leaf_index');
    expect(await err('leaf_index=-1')).toBe('400 invalid_leaf_index');
    expect(await err(`leaf_index=${cp.tree_size + 1000}`)).toBe('400 invalid_leaf_index');
    expect(await err(`leaf_index=2&tree_size=2`)).toBe('400 invalid_leaf_index');
    expect(await err('leaf_index=0&tree_size=0')).toBe('400 invalid_tree_size');
    expect(await err('leaf_index=0&tree_size=1.5')).toBe('400 invalid_tree_size');
    expect(await err(`leaf_index=0&tree_size=${cp.tree_size + 1}`)).toBe('400 invalid_tree_size');
    expect(await err('record_id=0190a3c4-1111-7000-8000-000000000000')).toBe('404 leaf_not_found');
    expect(await err('record_id=nope')).toBe('404 leaf_not_found');
    // An older tree size: proofs at any checkpointed size verify against that size's root.
    const r = (await get('/v1/log/inclusion?leaf_index=0&tree_size=3')).body;
    expect(r.tree_size).toBe(3);
    expect(
      inclusionOk(0, 3, Buffer.from(r.leaf_hash, 'hex'), hexes(r.audit_path), Buffer.from(r.root_hash, 'hex')),
    ).toBe(true);
  });
});

describe('GET /v1/log/consistency', () => {
  it('proves every earlier size a prefix of the latest checkpoint (independent verifier)', async () => {
    const cp = (await get('/v1/log/checkpoint')).body;
    for (let m = 0; m <= cp.tree_size; m++) {
      const r = (await get(`/v1/log/consistency?first=${m}&second=${cp.tree_size}`)).body;
      expect(r.second_root).toBe(cp.root_hash);
      expect(
        consistencyOk(
          m,
          cp.tree_size,
          hexes(r.consistency_path),
          Buffer.from(r.first_root, 'hex'),
          Buffer.from(r.second_root, 'hex'),
        ),
      ).toBe(true);
      if (m > 0 && m < cp.tree_size) expect(r.consistency_path.length).toBeGreaterThan(0);
    }
    const bad = async (q: string) => (await get(`/v1/log/consistency?${q}`)).body.error;
    expect(await bad(`first=3&second=2`)).toBe('invalid_tree_size');
    expect(await bad(`first=0&second=${cp.tree_size + 1}`)).toBe('invalid_tree_size');
    expect(await bad(`first=a&second=2`)).toBe('invalid_tree_size');
  });
});

describe('org logs', () => {
  it('covers audit events at leaf_index = seq - 1, in GET /v1/audit/events/{id}, its /verify, and the org log endpoints', async () => {
    expect((await post('/v1/audit/orgs', { organization_id: 'acme' })).status).toBe(201);
    expect((await get('/v1/audit/orgs/acme/log/checkpoint')).body.error).toBe('checkpoint_not_found');
    const evIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await call(s, 'POST', '/v1/audit/events', {
        key: t.key,
        headers: { 'idempotency-key': `k${i}` },
        body: { organization_id: 'acme', action: 'doc.edit', actor: { type: 'user', id: `u${i}` } },
      });
      evIds.push(r.body.event_id);
    }
    const cp = await checkpointAtLeast('/v1/audit/orgs/acme/log', 4);
    expect(cp.origin).toBe(`localhost:${s.port}/${DOMAIN}/audit/acme`);
    expect(noteOk(cp.checkpoint, cp.origin, await keyFor(cp.key_id))).toBe(true);
    const e = (await get(`/v1/audit/events/${evIds[2]}`)).body;
    expect(e.log.leaf_index).toBe(e.seq - 1);
    const v = (await get(`/v1/audit/events/${evIds[2]}/verify`)).body;
    const signed = Buffer.from(canonical(v.signed_data), 'utf8');
    expect(
      inclusionOk(
        v.log.leaf_index,
        v.log.tree_size,
        leafHashOf(signed),
        hexes(v.log.audit_path),
        checkpointLines(v.log.checkpoint).root,
      ),
    ).toBe(true);
    const byId = (await get(`/v1/audit/orgs/acme/log/inclusion?record_id=${evIds[3]}`)).body;
    expect(byId.leaf_index).toBe(3);
    expect((await get(`/v1/audit/orgs/other/log/checkpoint`)).body.error).toBe('not_found');
  });
});

describe('key rotation and restart', () => {
  it('signs new checkpoints with the new key, old ones keep verifying with the old key, the log stays consistent across a restart', async () => {
    const before = (await get('/v1/log/checkpoint')).body;
    const oldKey = await keyFor(before.key_id);
    expect((await cli(dir, 'tenant', 'rotate-key', t.tenantId)).code).toBe(0);
    s = await s.restart();
    for (let i = 0; i < 4; i++) await post('/v1/events', { event_type: 'after.rotation', payload: { i } });
    const after = await checkpointAtLeast('/v1/log', before.tree_size + 4);
    expect(after.key_id).not.toBe(before.key_id);
    expect(after.origin).toBe(before.origin); // fixed at creation, not the new port
    expect(noteOk(after.checkpoint, after.origin, await keyFor(after.key_id))).toBe(true);
    expect(noteOk(before.checkpoint, before.origin, oldKey)).toBe(true);
    expect(noteOk(after.checkpoint, after.origin, oldKey)).toBe(false);
    const c = (await get(`/v1/log/consistency?first=${before.tree_size}&second=${after.tree_size}`)).body;
    expect(c.first_root).toBe(before.root_hash);
    expect(
      consistencyOk(
        before.tree_size,
        after.tree_size,
        hexes(c.consistency_path),
        Buffer.from(before.root_hash, 'hex'),
        Buffer.from(after.root_hash, 'hex'),
      ),
    ).toBe(true);
    const keys = (await get(`/keys/${DOMAIN}`, null)).body.keys;
    expect(keys.length).toBe(2);
    for (const k of keys)
      expect(k.note_verifier_key).toBe(vkeyOf(after.origin, Buffer.from(k.public_key, 'base64url')));
  });
});

/** Canonical JSON (sorted keys, no whitespace), enough for the audit signed data. */
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`;
}
