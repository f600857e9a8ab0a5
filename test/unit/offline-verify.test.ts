// Offline verification (`svc verify`): real Ed25519 proofs built with node:crypto, accepted intact and rejected after one change.
import { describe, expect, it } from 'bun:test';
import { createHash, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canonicalJson } from '../../src/crypto/canonical';
import { verifyProofDocument, type VerifyReport } from '../../src/verify/offline-verify';
import { aiProof, clone, eventProof, newSigner, traceBundle } from './proof-fixtures';
import { ROOT } from '../helpers';

const signer = newSigner();
const failed = (r: VerifyReport) => r.checks.filter((c) => !c.ok).map((c) => c.name);
/** Flips the lowest bit of byte `at` of a hex string. */
const flipHex = (hex: string, at: number) => {
  const b = Buffer.from(hex, 'hex');
  b[at]! ^= 1;
  return b.toString('hex');
};
const SPKI = Buffer.from('302a300506032b6570032100', 'hex');
const nodeVerify = (pkHex: string, msgHex: string, sigHex: string) =>
  verify(
    null,
    Buffer.from(msgHex, 'hex'),
    createPublicKey({ key: Buffer.concat([SPKI, Buffer.from(pkHex, 'hex')]), format: 'der', type: 'spki' }),
    Buffer.from(sigHex, 'hex'),
  );

describe('verifyProofDocument: trace bundle', () => {
  const good = traceBundle(signer, 9);

  it('accepts an intact bundle whose signatures node:crypto also accepts', async () => {
    const r = await verifyProofDocument(good);
    expect(r.kind).toBe('trace_bundle');
    expect(failed(r)).toEqual([]);
    expect(r.valid).toBe(true);
    for (const it of [...good.items, good.seal])
      expect(nodeVerify(it.public_key, it.signed_payload, it.signature)).toBe(true);
    // 9 items x (public_key, key_id, signature, canonical, payload, content_hash, record_kind, fields, reported) checked,
    // and the log block, absent here, said to be unchecked rather than left out.
    for (let i = 1; i <= 9; i++) {
      expect(r.checks.filter((c) => c.name.startsWith(`items[${i - 1}].`) && c.ok && !c.skipped).length).toBe(9);
      expect(r.checks.filter((c) => c.name.startsWith(`items[${i - 1}].`) && c.skipped).map((c) => c.name)).toEqual([
        `items[${i - 1}].log.status`,
      ]);
    }
    expect(r.checks.find((c) => c.name === 'seal.payload_hash')).toMatchObject({ ok: true });
  });

  it('recomputes the composite hash over raw digests, not hex text', async () => {
    const raw = createHash('sha256')
      .update(Buffer.concat(good.items.map((i) => Buffer.from(i.content_hash, 'hex'))))
      .digest('hex');
    const overHex = createHash('sha256')
      .update(good.items.map((i) => i.content_hash).join(''))
      .digest('hex');
    expect(good.header.composite_hash).toBe(raw);
    const b = clone(good);
    b.header.composite_hash = b.seal.composite_hash = overHex;
    expect(failed(await verifyProofDocument(b))).toContain('bundle.composite_hash');
  });

  it('rejects a single changed byte in an event payload', async () => {
    const b = clone(good);
    (b.items[0]!.payload as { currency: string }).currency = 'EUS';
    const r = await verifyProofDocument(b);
    expect(r.valid).toBe(false);
    expect(failed(r)).toEqual(['items[0].content_hash']);
  });

  it('rejects a single changed byte in an AI record and in a document payload', async () => {
    const b = clone(good);
    const p = b.items[1]!.payload as { output_hash: string };
    p.output_hash = flipHex(p.output_hash, 0);
    expect(failed(await verifyProofDocument(b))).toEqual(['items[1].content_hash', 'items[1].fields']);
    const d = clone(good);
    (d.items[2]!.payload as { metadata: { pages: number } }).metadata.pages = 13;
    expect(failed(await verifyProofDocument(d))).toEqual(['items[2].fields']);
  });

  it('rejects a single changed byte in a signature, in a signed payload and in the seal signature', async () => {
    const b = clone(good);
    b.items[4]!.signature = flipHex(b.items[4]!.signature, 10);
    expect(failed(await verifyProofDocument(b))).toEqual(['items[4].signature']);
    const sp = clone(good);
    sp.items[3]!.signed_payload = flipHex(sp.items[3]!.signed_payload, 40);
    expect(failed(await verifyProofDocument(sp))).toContain(
      failed(await verifyProofDocument(sp)).find((x) => x === 'items[3].signature')!,
    );
    const s = clone(good);
    s.seal.signature = flipHex(s.seal.signature, 63);
    expect(failed(await verifyProofDocument(s))).toEqual(['seal.signature']);
  });

  it('rejects two swapped items, renumbered or not', async () => {
    const b = clone(good);
    [b.items[2], b.items[5]] = [b.items[5]!, b.items[2]!];
    const r = await verifyProofDocument(b);
    expect(r.valid).toBe(false);
    expect(failed(r)).toEqual(
      expect.arrayContaining(['bundle.sequence', 'bundle.timestamps', 'bundle.composite_hash']),
    );
    b.items[2]!.sequence = 3;
    b.items[5]!.sequence = 6;
    expect(failed(await verifyProofDocument(b))).toEqual([
      'bundle.timestamps',
      'bundle.composite_hash',
      'seal.payload_hash',
    ]);
  });

  it('rejects a count mismatch, a wrong key_id, an item of another tenant and a non-canonical signed payload', async () => {
    const b = clone(good);
    b.header.item_count = 10;
    expect(failed(await verifyProofDocument(b))).toEqual(['bundle.count']);
    const k = clone(good);
    k.items[0]!.key_id = '0000000000000000';
    expect(failed(await verifyProofDocument(k))).toEqual(['items[0].key_id']);
    // Another tenant's properly signed item slipped in: only the tenant check (and the composite) can see it.
    const t = clone(good);
    const other = JSON.parse(Buffer.from(t.items[0]!.signed_payload, 'hex').toString());
    other.tenant_id = '0190a4b2-7c1e-7d3a-9f00-0000000000ff';
    const bytes = Buffer.from(canonicalJson(other));
    t.items[0]!.signed_payload = bytes.toString('hex');
    t.items[0]!.signature = sign(null, bytes, signer.key).toString('hex');
    expect(failed(await verifyProofDocument(t))).toEqual(['bundle.tenant']);
    const n = clone(good);
    const spaced = Buffer.from(
      JSON.stringify(JSON.parse(Buffer.from(n.items[0]!.signed_payload, 'hex').toString()), null, 1),
    );
    n.items[0]!.signed_payload = spaced.toString('hex');
    n.items[0]!.signature = sign(null, spaced, signer.key).toString('hex');
    expect(failed(await verifyProofDocument(n))).toEqual(['items[0].canonical']);
  });

  it('binds the seal to the items through its payload_hash, using the trace metadata the bundle carries', async () => {
    const withMeta = traceBundle(signer, 3, { metadata: { quarter: 'Q4' } });
    // Without the metadata the seal cannot be tied to this composite hash offline: that is a failure, not a pass.
    expect(failed(await verifyProofDocument(withMeta))).toEqual(['seal.payload_hash']);
    const carried = clone(withMeta);
    carried.header.metadata = { quarter: 'Q4' };
    expect(failed(await verifyProofDocument(carried))).toEqual([]);
    carried.header.metadata = { quarter: 'Q3' };
    expect(failed(await verifyProofDocument(carried))).toEqual(['seal.payload_hash']);
  });

  it('rejects a dropped item even when counts and composite hashes are rewritten to match', async () => {
    const b = clone(good);
    b.items.pop();
    b.header.item_count = b.seal.item_count = 8;
    b.header.composite_hash = b.seal.composite_hash = createHash('sha256')
      .update(Buffer.concat(b.items.map((i) => Buffer.from(i.content_hash, 'hex'))))
      .digest('hex');
    expect(failed(await verifyProofDocument(b))).toEqual(['seal.payload_hash']);
  });

  it('fails when the server reported a failed verification', async () => {
    const b = clone(good);
    b.seal.all_signatures_valid = false;
    expect(failed(await verifyProofDocument(b))).toEqual(['seal.reported']);
  });
});

describe('verifyProofDocument: event and AI proofs', () => {
  it('accepts an event proof and rejects one changed byte of payload_hash, signature or signed payload', async () => {
    const p = eventProof(signer);
    expect(await verifyProofDocument(p)).toMatchObject({ kind: 'event_proof', valid: true });
    expect(failed(await verifyProofDocument({ ...p, payload_hash: flipHex(p.payload_hash, 31) }))).toEqual([
      'record.fields',
    ]);
    expect(failed(await verifyProofDocument({ ...p, signature: flipHex(p.signature, 0) }))).toEqual([
      'record.signature',
    ]);
    expect(failed(await verifyProofDocument({ ...p, signed_payload: flipHex(p.signed_payload, 5) }))).toContain(
      'record.signature',
    );
    expect((await verifyProofDocument(JSON.stringify(p))).valid).toBe(true);
  });

  it('checks the payload against the signed payload_hash when whoever holds it adds it to the proof', async () => {
    const payload = { order: 42, note: 'shipped' };
    const p = { ...eventProof(signer, payload), payload };
    expect((await verifyProofDocument(p)).checks.find((c) => c.name === 'record.payload')).toMatchObject({ ok: true });
    expect(failed(await verifyProofDocument({ ...p, payload: { order: 43, note: 'shipped' } }))).toEqual([
      'record.payload',
    ]);
  });

  it('refuses an event proof whose signed bytes are another kind of record, validly signed by the same key', async () => {
    const ai = aiProof(signer);
    const forged = { ...eventProof(signer), signed_payload: ai.signed_payload, signature: ai.signature };
    expect(failed(await verifyProofDocument(forged))).toContain('record.record_kind');
  });

  it('accepts an AI proof (payload_hash not recomputable without subject) and rejects a changed record', async () => {
    const p = aiProof(signer);
    const r = await verifyProofDocument(p);
    expect(r).toMatchObject({ kind: 'ai_proof', valid: true });
    expect(r.checks.find((c) => c.name === 'record.payload_hash')).toMatchObject({ skipped: true });
    const withSubject = clone(p);
    withSubject.record.subject = { user_id: 'u7', step: 7 };
    expect((await verifyProofDocument(withSubject)).checks.find((c) => c.name === 'record.payload_hash')).toMatchObject(
      {
        ok: true,
        detail: expect.stringMatching(/recomputed/),
      },
    );
    const b = clone(p);
    b.record.input_hash = flipHex(b.record.input_hash, 2);
    expect(failed(await verifyProofDocument(b))).toEqual(['record.fields']);
  });

  it('reports an unknown document as a failure', async () => {
    expect(await verifyProofDocument({ hello: 1 })).toMatchObject({ kind: 'unknown', valid: false });
    expect(failed(await verifyProofDocument({ hello: 1 }))).toEqual(['document.format']);
    expect(await verifyProofDocument('not json')).toMatchObject({ kind: 'unknown', valid: false });
    expect(failed(await verifyProofDocument('not json'))).toEqual(['document.json']);
  });

  it('pins keys to a saved /keys/{domain} answer signed by the platform key', async () => {
    const p = eventProof(signer);
    const platform = generateKeyPairSync('ed25519');
    const ppk = platform.publicKey.export({ format: 'der', type: 'spki' }).subarray(12);
    const rec = { key_id: signer.keyId, public_key: Buffer.from(signer.publicHex, 'hex').toString('base64url') };
    const keys = {
      domain: 'acme.example',
      keys: [
        {
          ...rec,
          platform_signature: sign(
            null,
            Buffer.from(canonicalJson({ domain: 'acme.example', ...rec })),
            platform.privateKey,
          ).toString('hex'),
        },
      ],
    };
    const platformKey = {
      algorithm: 'ed25519',
      public_key: ppk.toString('base64url'),
      key_id: createHash('sha256').update(ppk).digest('hex').slice(0, 16),
    };
    expect(failed(await verifyProofDocument(p, { keys, platformKey }))).toEqual([]);
    const stranger = newSigner();
    expect(failed(await verifyProofDocument(eventProof(stranger), { keys, platformKey }))).toEqual([
      'record.key_published',
    ]);
    const forged = clone(keys);
    forged.keys[0]!.platform_signature = flipHex(forged.keys[0]!.platform_signature, 3);
    expect(failed(await verifyProofDocument(p, { keys: forged, platformKey }))).toEqual([
      'record.key_platform_signature',
    ]);
  });
});

describe('svc verify FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-verify-'));
  const run = async (...args: string[]) => {
    const p = Bun.spawn(['bun', 'src/cli/index.ts', 'verify', ...args], {
      cwd: ROOT,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { ...process.env, SVC_DATA_DIR: join(dir, 'no-data-dir') },
    });
    const [stdout, stderr] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
    return { code: await p.exited, stdout, stderr };
  };

  it('prints VERIFIED and exits 0 for a real bundle, without a data dir', async () => {
    const f = join(dir, 'good.json');
    writeFileSync(f, JSON.stringify(traceBundle(signer, 4)));
    const r = await run(f);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^OK +items\[3\]: /m);
    expect(r.stdout).toMatch(/^VERIFIED/m);
    expect(r.stdout).not.toMatch(/FAIL/);
  });

  it('prints FAIL lines, NOT VERIFIED and exits 1 for a bundle with one changed byte; --json gives the report', async () => {
    const b = traceBundle(signer, 4);
    b.items[1]!.signature = flipHex(b.items[1]!.signature, 7);
    const f = join(dir, 'bad.json');
    writeFileSync(f, JSON.stringify(b));
    const r = await run(f);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^FAIL +items\[1\]: .*\n +FAIL +items\[1\]\.signature: /m);
    expect(r.stdout).toMatch(/^NOT VERIFIED/m);
    const j = await run(f, '--json');
    expect(j.code).toBe(1);
    const report = JSON.parse(j.stdout);
    expect(report.valid).toBe(false);
    expect(report.checks.filter((c: { ok: boolean }) => !c.ok)).toHaveLength(1);
  });

  it('exits 1 with a message for a missing or non-JSON file', async () => {
    const r = await run(join(dir, 'missing.json'));
    expect(r.code).toBe(1);
    expect(r.stderr + r.stdout).toMatch(/missing\.json/);
    const f = join(dir, 'junk.json');
    writeFileSync(f, 'nope');
    expect((await run(f)).code).toBe(1);
  });
});
