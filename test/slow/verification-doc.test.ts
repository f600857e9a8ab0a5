// docs/verification.md stays true: its worked example is reproducible from the seeds, verifies, and its Python reference agrees.
import { describe, expect, it } from 'bun:test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyProofDocument } from '../../src/verify/offline-verify';
import { bundleExample, eventExample, keysExample } from '../../scripts/verification-example';
import { ROOT } from '../helpers';

const doc = readFileSync(join(ROOT, 'docs/verification.md'), 'utf8');
const example = (name: string) => JSON.parse(readFileSync(join(ROOT, 'docs/examples', name), 'utf8'));

describe('docs/verification.md worked example', () => {
  const e = eventExample();
  const b = bundleExample();
  const k = keysExample();

  it('regenerates the example files byte for byte from the seeds', async () => {
    expect(example('event-proof.json')).toEqual(e.proof);
    expect(example('trace-bundle.json')).toEqual(b.bundle);
    expect(example('keys-acme.example.json')).toEqual(k.keys);
    expect(example('platform-key.json')).toEqual(k.platformKey);
  });

  it('shows the real values in the text', async () => {
    for (const v of [
      e.key.publicHex,
      e.key.keyId,
      e.canonicalPayload,
      Buffer.from(e.canonicalPayload).toString('hex'),
      e.payload_hash,
      e.request_hash,
      e.signedText,
      e.proof.signed_payload,
      e.proof.signature,
      b.concatenatedHex,
      b.composite_hash,
      b.sealPayloadText,
      k.recordText,
      k.keys.platform_signature,
      k.platformKey.public_key,
    ]) {
      expect(doc).toContain(v);
    }
  });

  it('verifies with svc verify logic, keys pinned and platform-signed', async () => {
    const opts = { keys: k.keys, platformKey: k.platformKey };
    for (const d of [e.proof, b.bundle]) {
      const r = await verifyProofDocument(d, opts);
      expect(r.checks.filter((c) => !c.ok)).toEqual([]);
      // The examples carry no log block: each record says so in a SKIP line, and nothing else is left unchecked.
      expect(new Set(r.checks.filter((c) => c.skipped).map((c) => c.name.replace(/^[^.]+\./, '')))).toEqual(
        new Set(['log.status']),
      );
    }
  });

  const py = Bun.spawnSync(['python3', '-c', 'import cryptography'], { stdout: 'ignore', stderr: 'ignore' });
  it.skipIf(py.exitCode !== 0)(
    'the Python reference implementation in the document accepts the examples and rejects a changed byte',
    () => {
      const code = /```python\n([\s\S]*?)```/.exec(doc)![1]!;
      const dir = mkdtempSync(join(tmpdir(), 'svc-pyref-'));
      writeFileSync(join(dir, 'verify_proof.py'), code);
      const runPy = (file: string) =>
        Bun.spawnSync(['python3', join(dir, 'verify_proof.py'), file], { stdout: 'pipe', stderr: 'pipe' });
      for (const f of ['event-proof.json', 'trace-bundle.json']) {
        const r = runPy(join(ROOT, 'docs/examples', f));
        expect(r.stdout.toString().trim()).toBe('VERIFIED');
      }
      const bad = structuredClone(b.bundle);
      (bad.items[0]!.payload as { total: number }).total = 98;
      writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
      const r = runPy(join(dir, 'bad.json'));
      expect(r.exitCode).not.toBe(0);
    },
  );
});
