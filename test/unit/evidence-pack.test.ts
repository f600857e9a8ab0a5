// The evidence pack check on real proofs of the shared vectors: a trace bundle's per-item and seal files in their
// places, tlog-proofs written here from the C2SP text, the receipts left out (named, each, as missing), a changed
// byte in a file named, garbage in every file a report (never a throw), and a zip that is not one refused.
import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { zipSync } from 'fflate';
import { browserPrimitives } from '../../src/verify/browser-primitives';
import { isZip, readPack, verifyEvidencePack } from '../../src/verify/evidence-pack';
import { parsePolicy } from '../../src/verify/policy';
import { loadTrustAnchors } from '../../src/verify/timestamp';

const DIR = resolve(import.meta.dir, '../vectors/proofs');
const text = (f: string) => readFileSync(join(DIR, f), 'utf8');
const enc = new TextEncoder();
const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

/** c2sp.org/tlog-proof@v1, written from its text: the header, `index N`, the path in base64, an empty line, the note. */
const tlogProof = (index: number, path: string[], note: string) =>
  ['c2sp.org/tlog-proof@v1', `index ${index}`, ...path.map(b64), '', note].join('\n');

/** The pack of a document without its receipts: tlog-proofs of each record and its head, keys, policy, tokens. */
function packOf(doc: any, records: Array<{ dir: string; log: any }>): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>([
    ['proof.json', enc.encode(JSON.stringify(doc))],
    ['keys.json', enc.encode(text('keys-acme.example.json'))],
    ['platform-key.json', enc.encode(text('platform-key.json'))],
    ['witness-policy.txt', enc.encode(text('policy.txt'))],
  ]);
  for (const { dir, log } of records) {
    files.set(`${dir}proof.tlog-proof`, enc.encode(tlogProof(log.leaf_index, log.audit_path, log.checkpoint)));
    const h = log.head;
    files.set(`${dir}head.tlog-proof`, enc.encode(tlogProof(h.leaf_index, h.audit_path, h.checkpoint)));
  }
  const own = records.at(-1)!.log.head.timestamps as Array<{ token: string }>;
  own.forEach((t, i) => files.set(`tsa/${i + 1}.tsr`, new Uint8Array(Buffer.from(t.token, 'base64'))));
  return files;
}

const bundle = JSON.parse(text('trace-bundle.json'));
const bundleRecords = [
  ...bundle.items.map((it: any, i: number) => ({ dir: `items/${i}/`, log: it.log })),
  { dir: 'seal/', log: bundle.seal.log },
];
const policy = parsePolicy(browserPrimitives.sha256, text('policy.txt'));
if (!policy.ok) throw new Error(policy.error);
const opts = { policy: policy.policy, tsaAnchors: loadTrustAnchors(text('tsa-ca.pem')), now: new Date() };
const failed = (r: { checks: Array<{ name: string; ok: boolean }> }) =>
  r.checks.filter((c) => !c.ok).map((c) => c.name);

describe('verifyEvidencePack', () => {
  it("checks a bundle's files per item and for the seal; the receipts it lacks are named, nothing else fails", async () => {
    const r = await verifyEvidencePack(browserPrimitives, packOf(bundle, bundleRecords), opts);
    const receipts = bundleRecords.flatMap(({ dir }) => [
      `pack.file[${dir}receipt.cose]`,
      `pack.file[${dir}head-receipt.cose]`,
    ]);
    expect(failed(r).sort()).toEqual(receipts.sort());
    const names = r.checks.map((c) => c.name);
    for (const { dir } of bundleRecords) {
      expect(names).toContain(`pack.tlog_proof_inclusion[${dir}proof.tlog-proof]`);
      expect(names).toContain(`pack.tlog_proof_quorum[${dir}head.tlog-proof]`);
    }
    expect(names).toContain('pack.seal.key_published[keys.json]');
    expect(names).toContain('pack.seal.head.key[platform-key.json]');
    expect(names).toContain('pack.timestamp[tsa/1.tsr]');
    expect(r.checks.find((c) => c.name === 'pack.policy[witness-policy.txt]')).toMatchObject({ skipped: true });
  }, 60_000);

  it('names the file whose byte was changed', async () => {
    const files = packOf(bundle, bundleRecords);
    const p = Uint8Array.from(files.get('items/2/proof.tlog-proof')!);
    const at = p.indexOf(0x0a, 'c2sp.org/tlog-proof@v1\nindex '.length) + 5; // inside the first path hash
    p[at] = p[at] === 0x41 ? 0x42 : 0x41;
    files.set('items/2/proof.tlog-proof', p);
    const tsr = Uint8Array.from(files.get('tsa/1.tsr')!);
    tsr[tsr.length - 1]! ^= 1;
    files.set('tsa/1.tsr', tsr);
    const bad = failed(await verifyEvidencePack(browserPrimitives, files, opts)).filter(
      (n) => !n.startsWith('pack.file'),
    );
    expect(bad).toEqual([
      'pack.tlog_proof_inclusion[items/2/proof.tlog-proof]',
      'pack.timestamp[tsa/1.tsr]',
      'pack.timestamps[tsa/]',
    ]);
  }, 60_000);

  it('answers a report, never a throw, with garbage in every file', async () => {
    let seed = 7;
    const noise = (n: number) =>
      Uint8Array.from({ length: n }, () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed & 0xff;
      });
    for (let round = 0; round < 10; round++) {
      const files = packOf(bundle, bundleRecords);
      for (const k of [...files.keys()]) if (k !== 'proof.json') files.set(k, noise(round * 7 + 1));
      const r = await verifyEvidencePack(browserPrimitives, files, opts);
      expect(r.valid).toBe(false);
      expect(failed(r).every((n) => n.startsWith('pack.'))).toBe(true);
    }
    const empty = await verifyEvidencePack(browserPrimitives, new Map(), {});
    expect(failed(empty)).toEqual([
      'document.json',
      'pack.file[proof.json]',
      'pack.file[keys.json]',
      'pack.file[platform-key.json]',
    ]);
  }, 60_000);
});

describe('readPack', () => {
  it('reads a zip, refuses what is not one, and refuses a declared size above the limit before inflating', () => {
    const files = { 'proof.json': enc.encode('{}'), 'tsa/1.tsr': new Uint8Array([1, 2]) };
    const zip = zipSync(files);
    expect(isZip(zip)).toBe(true);
    expect(isZip(enc.encode('{"a":1}'))).toBe(false);
    const r = readPack(zip);
    expect('files' in r && [...r.files.keys()].sort()).toEqual(['proof.json', 'tsa/1.tsr']);
    expect(readPack(zip.subarray(0, zip.length - 10))).toMatchObject({ error: expect.stringContaining('zip') });
    // The same zip declaring 2 GiB for a file (local header offset 22, central directory offset 24: APPNOTE 4.3.7, 4.3.12).
    const big = Uint8Array.from(zip);
    const view = new DataView(big.buffer);
    for (let i = 0; i + 4 <= big.length; i++) {
      const sig = view.getUint32(i, true);
      if (sig === 0x04034b50) view.setUint32(i + 22, 0x80000000, true);
      if (sig === 0x02014b50) view.setUint32(i + 24, 0x80000000, true);
    }
    expect(readPack(big)).toMatchObject({ error: expect.stringContaining('larger than') });
  });
});
