// The proof pages' in-browser checks (src/web/client/checks.ts) accept real node:crypto-signed proofs and refuse altered ones.
import { describe, expect, it } from 'bun:test';
import { sign } from 'node:crypto';
import { aiProofChecks, allPassed, documentProofChecks, eventProofChecks, traceBundleChecks } from '../../src/web/client/checks';
import { sha256Hex } from '../../src/crypto/hash';
import { aiProof, clone, eventProof, newSigner, traceBundle } from './proof-fixtures';

const s = newSigner();
const flipHex = (h: string, i = 10) => h.slice(0, i) + (h[i] === '0' ? '1' : '0') + h.slice(i + 1);
const failed = (checks: { label: string; ok: boolean | null }[]) => checks.filter((c) => c.ok === false).map((c) => c.label);

describe('event proof checks', () => {
  it('pass for a real signed proof', () => {
    const { checks } = eventProofChecks(eventProof(s));
    expect(failed(checks)).toEqual([]);
    expect(allPassed(checks)).toBe(true);
  });
  it('fail on one changed hex digit of the signature', () => {
    const p = eventProof(s);
    p.signature = flipHex(p.signature, 70);
    expect(failed(eventProofChecks(p).checks)).toEqual(['Ed25519 signature verifies over the signed bytes']);
  });
  it('fail when the displayed payload_hash is not the signed one', () => {
    const p = eventProof(s);
    p.payload_hash = flipHex(p.payload_hash);
    expect(failed(eventProofChecks(p).checks)).toEqual(['Signed payload_hash matches the one shown']);
  });
  it('fail on a wrong key_id', () => {
    const p = eventProof(s);
    p.key_id = flipHex(p.key_id, 3);
    expect(failed(eventProofChecks(p).checks)).toEqual(['Key ID is SHA-256 of the public key (first 16 hex)']);
  });
  it('fail on validly signed bytes that are not canonical JSON', () => {
    const p = eventProof(s);
    const obj = JSON.parse(Buffer.from(p.signed_payload, 'hex').toString('utf8'));
    const pretty = Buffer.from(JSON.stringify(obj, null, 1), 'utf8');
    p.signed_payload = pretty.toString('hex');
    p.signature = sign(null, pretty, s.key).toString('hex');
    expect(failed(eventProofChecks(p).checks)).toEqual(['Signed bytes are canonical JSON (re-encoded byte for byte)']);
  });
});

describe('AI proof checks', () => {
  it('pass for a real signed proof and fail when the shown output_hash differs', () => {
    const p = aiProof(s);
    expect(failed(aiProofChecks(p).checks)).toEqual([]);
    p.record.output_hash = flipHex(p.record.output_hash);
    expect(failed(aiProofChecks(p).checks)).toEqual(['Signed output_hash matches the one shown']);
  });
  it('recompute payload_hash when the record shows the subject', () => {
    const p = aiProof(s);
    const withSubject = { ...p, record: { ...p.record, subject: { user_id: 'u7', step: 7 } } };
    expect(failed(aiProofChecks(withSubject).checks)).toEqual([]);
    withSubject.record.subject = { user_id: 'u8', step: 7 };
    expect(failed(aiProofChecks(withSubject).checks)).toEqual(['Payload hash recomputed from the attested fields']);
  });
});

describe('document proof checks', () => {
  it('bind document_hash, event_id and created_at through the signature', () => {
    const item = traceBundle(s, 3).items[2];
    const p = { event_id: item.id, document_hash: item.content_hash, document_ref: 'contract-2.pdf', created_at: item.timestamp, algorithm: 'ed25519', key_id: item.key_id, public_key: item.public_key, signature: item.signature, signed_payload: item.signed_payload };
    expect(failed(documentProofChecks(p).checks)).toEqual([]);
    expect(failed(documentProofChecks({ ...p, document_hash: sha256Hex('other') }).checks)).toEqual(['Signed document_hash matches the one shown']);
  });
});

describe('trace bundle checks', () => {
  it('pass for a real bundle of events, attestations and documents', () => {
    const r = traceBundleChecks(traceBundle(s, 6));
    expect(r.items.map((x) => failed(x.checks))).toEqual([[], [], [], [], [], []]);
    expect(failed(r.seal)).toEqual([]);
    expect(r.valid).toBe(true);
  });
  it('check the seal payload when the bundle carries it', () => {
    const b = traceBundle(s, 3);
    const sp = { trace_id: b.header.trace_id, composite_hash: b.header.composite_hash, item_count: 3, metadata: null, sealed_at: b.seal.sealed_at };
    b.seal.payload = sp;
    expect(traceBundleChecks(b).valid).toBe(true);
    b.seal.payload = { ...sp, item_count: 2 };
    expect(failed(traceBundleChecks(b).seal)).toEqual(['Seal: signed payload hash covers this trace, composite hash and count']);
  });
  it('fail the item whose payload changed, and the whole trace', () => {
    const b = traceBundle(s, 6);
    (b.items[3].payload as Record<string, unknown>).amount = 999;
    const r = traceBundleChecks(b);
    expect(r.items.map((x) => x.valid)).toEqual([true, true, true, false, true, true]);
    expect(failed(r.items[3].checks)).toEqual(['Content hash recomputed from the payload']);
    expect(r.valid).toBe(false);
  });
  it('fail when two items are swapped (composite hash and sequence)', () => {
    const b = clone(traceBundle(s, 4));
    [b.items[0], b.items[1]] = [b.items[1], b.items[0]];
    const r = traceBundleChecks(b);
    expect(failed(r.seal)).toContain('Composite hash recomputed from the item hashes (raw digests, in order)');
    expect(failed(r.items[0].checks)).toEqual(['Sequence number is 1']);
    expect(r.valid).toBe(false);
  });
  it('fail when an item is dropped (count and composite)', () => {
    const b = traceBundle(s, 4);
    b.items.pop();
    expect(failed(traceBundleChecks(b).seal)).toEqual([
      'Composite hash recomputed from the item hashes (raw digests, in order)',
      'Item count matches the header and the seal',
    ]);
  });
  it('fail on a changed seal signature and on a changed document metadata', () => {
    const b = traceBundle(s, 3);
    b.seal.signature = flipHex(b.seal.signature);
    expect(failed(traceBundleChecks(b).seal)).toEqual(['Seal: Ed25519 signature verifies over the signed bytes']);
    const c = traceBundle(s, 3);
    (c.items[2].payload as Record<string, any>).metadata.pages = 13;
    expect(failed(traceBundleChecks(c).items[2].checks)).toEqual(['Metadata hash recomputed from the payload']);
  });
  it('an empty bundle is never valid', () => {
    const b = traceBundle(s, 1);
    b.items = [];
    expect(traceBundleChecks(b).valid).toBe(false);
  });
});
