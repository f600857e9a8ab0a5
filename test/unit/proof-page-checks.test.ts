// The proof pages' reading of a report (src/web/client/checks.ts): the same verdict as `svc verify` on the browser
// primitives, lines worded and grouped per record, SKIP lines shown as not checked, and the signer named from the signature.
import { describe, expect, it } from 'bun:test';
import { sign } from 'node:crypto';
import { verifyProofDocument } from '../../src/verify/offline-verify';
import { bundleItemPart } from '../../src/verify/trace-bundle';
import {
  bundleLines,
  keyLines,
  logStatus,
  recordLines,
  signerText,
  verifyInBrowser,
} from '../../src/web/client/checks';
import { aiProof, clone, eventProof, newSigner, traceBundle } from './proof-fixtures';

const s = newSigner();
const flipHex = (h: string, i = 10) => h.slice(0, i) + (h[i] === '0' ? '1' : '0') + h.slice(i + 1);
const failed = (checks: { label: string; ok: boolean | null }[]) =>
  checks.filter((c) => c.ok === false).map((c) => c.label);
const keysOf = (domain: string) => ({
  domain,
  keys: [{ key_id: s.keyId, public_key: Buffer.from(s.publicHex, 'hex').toString('base64url') }],
});

describe('the pages run the rules of src/verify', () => {
  it('give the report `svc verify` gives, intact and altered, for every kind of document', async () => {
    const docs: unknown[] = [eventProof(s), aiProof(s), traceBundle(s, 6)];
    const e = eventProof(s);
    e.signature = flipHex(e.signature, 70);
    const b = traceBundle(s, 4);
    b.items.pop();
    docs.push(e, b);
    for (const d of docs) {
      const browser = await verifyInBrowser(d, { keys: keysOf('acme.example') });
      expect(browser).toEqual(await verifyProofDocument(d, { keys: keysOf('acme.example') }));
    }
    expect((await verifyInBrowser(e, {})).valid).toBe(false);
  });
});

describe('event proof lines', () => {
  it('pass for a real signed proof; the signer is the key and the domain whose key list holds it', async () => {
    const p = eventProof(s);
    p.organization.issuer_name = 'Bank of Forgery';
    const r = await verifyInBrowser(p, { keys: keysOf('acme.example') });
    expect(r.valid).toBe(true);
    expect(failed(recordLines(r, 'record').checks)).toEqual([]);
    expect(keyLines(r).map((c) => [c.label, c.ok])).toEqual([['Key list is the one of the issuer domain', true]]);
    expect(recordLines(r, 'record').checks.find((c) => c.label.startsWith('Signing key'))).toMatchObject({
      label: 'Signing key is published for the issuer domain',
      ok: true,
    });
    expect(signerText(r)).toBe(`key ${s.keyId}, published for acme.example`);
    expect(signerText(r)).not.toContain('Forgery');
    expect(r.unsigned).toEqual(['organization']);
  });

  it('name the failed check: a changed signature digit, a shown payload_hash that is not the signed one', async () => {
    const p = eventProof(s);
    p.signature = flipHex(p.signature, 70);
    expect(failed(recordLines(await verifyInBrowser(p, {}), 'record').checks)).toEqual([
      'Ed25519 signature verifies over the signed bytes',
    ]);
    const q = eventProof(s);
    q.payload_hash = flipHex(q.payload_hash);
    expect(failed(recordLines(await verifyInBrowser(q, {}), 'record').checks)).toEqual([
      'Fields shown agree with the signed bytes',
    ]);
  });

  it('refuse validly signed bytes that are not canonical JSON', async () => {
    const p = eventProof(s);
    const pretty = Buffer.from(
      JSON.stringify(JSON.parse(Buffer.from(p.signed_payload, 'hex').toString('utf8')), null, 1),
      'utf8',
    );
    p.signed_payload = pretty.toString('hex');
    p.signature = sign(null, pretty, s.key).toString('hex');
    expect(failed(recordLines(await verifyInBrowser(p, {}), 'record').checks)).toContain(
      'Signed bytes are canonical JSON (re-encoded byte for byte)',
    );
  });

  it('show a missing log block, a pending one and an unreachable key list as not checked, never as passed', async () => {
    const p = eventProof(s);
    const absent = recordLines(await verifyInBrowser(p, {}), 'record').log;
    expect(absent.map((c) => c.ok)).toEqual([null]);
    expect(logStatus(absent)).toBe('absent');
    const pending = recordLines(await verifyInBrowser({ ...p, log: { status: 'pending' } }, {}), 'record').log;
    expect(logStatus(pending)).toBe('pending');
    const r = await verifyInBrowser(p, { keysUnavailable: 'the key list of acme.example is unavailable (503)' });
    expect(keyLines(r)).toEqual([
      {
        label: 'Key list of the issuer domain',
        ok: null,
        detail: 'not checked: the key list of acme.example is unavailable (503)',
      },
    ]);
    expect(signerText(r)).toBe(`key ${s.keyId} (not confirmed by the issuer domain's key list)`);
  });
});

describe('AI proof lines', () => {
  it('mark the model fields unsigned unless payload_hash was recomputed with the subject', async () => {
    const p = aiProof(s);
    const r = await verifyInBrowser(p, {});
    expect(r.valid).toBe(true);
    expect(r.unsigned).toContain('record.model_name');
    const withSubject = clone(p);
    withSubject.record.subject = { user_id: 'u7', step: 7 };
    expect((await verifyInBrowser(withSubject, {})).unsigned).toEqual(['organization']);
    withSubject.record.model_name = 'gpt-forged';
    expect(failed(recordLines(await verifyInBrowser(withSubject, {}), 'record').checks)).toEqual([
      'Payload hash recomputed from the record',
    ]);
  });
});

describe('trace bundle lines', () => {
  it('group the lines per item and for the seal; label, created_at and the issuer block are listed as unsigned', async () => {
    const b = traceBundle(s, 6);
    const r = await verifyInBrowser(b, {});
    expect(r.valid).toBe(true);
    for (const i of b.items.keys()) expect(recordLines(r, bundleItemPart(i)).checks.length).toBe(9);
    expect(bundleLines(r).every((c) => c.ok === true)).toBe(true);
    expect(r.unsigned).toEqual(expect.arrayContaining(['header.label', 'header.created_at', 'organization']));
  });

  it('fail the item whose payload changed, and the whole trace', async () => {
    const b = traceBundle(s, 6);
    (b.items[3]!.payload as Record<string, unknown>).amount = 999;
    const r = await verifyInBrowser(b, {});
    expect(r.valid).toBe(false);
    expect(b.items.map((_, i) => failed(recordLines(r, bundleItemPart(i)).checks).length === 0)).toEqual([
      true,
      true,
      true,
      false,
      true,
      true,
    ]);
    expect(failed(recordLines(r, bundleItemPart(3)).checks)).toEqual(['Content hash recomputed from the payload']);
  });

  it('fail when two items are swapped or one is dropped, in the list lines', async () => {
    const b = clone(traceBundle(s, 4));
    [b.items[0], b.items[1]] = [b.items[1]!, b.items[0]!];
    expect(failed(bundleLines(await verifyInBrowser(b, {})))).toEqual(
      expect.arrayContaining([
        'Composite hash recomputed from the item hashes (raw digests, in order)',
        'Sequence numbers are 1..n in order',
      ]),
    );
    const d = traceBundle(s, 4);
    d.items.pop();
    expect(failed(bundleLines(await verifyInBrowser(d, {})))).toEqual([
      'Item count matches the header and the seal',
      'Composite hash recomputed from the item hashes (raw digests, in order)',
    ]);
  });

  it('an empty bundle is never valid', async () => {
    const b = traceBundle(s, 1);
    b.items = [];
    expect((await verifyInBrowser(b, {})).valid).toBe(false);
  });
});
