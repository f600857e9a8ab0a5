// The shared verification vectors (test/vectors/proofs/manifest.json) through the one rule set of src/verify: every
// real document verifies, every tampered variant fails with the named checks failing, and exactly the failed checks
// the manifest records (the Python verifier is held to the same list).
import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { applianceVerdict } from '../../scripts/make-proof-vectors';

const DIR = resolve(import.meta.dir, '../vectors/proofs');
type Vector = { name: string; file: string; options: Record<string, string>; valid: boolean; must_fail: Array<{ check: string; item?: string }>; failed_checks: Array<[string, string]> };
const manifest = JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8')) as { vectors: Vector[] };

describe('the shared proof vectors', () => {
  it('are many, valid and tampered', () => {
    expect(manifest.vectors.filter((v) => v.valid).length).toBeGreaterThanOrEqual(8);
    expect(manifest.vectors.filter((v) => !v.valid).length).toBeGreaterThanOrEqual(40);
  });
  for (const v of manifest.vectors) {
    it(`${v.name}: ${v.valid ? 'verifies' : `fails ${v.must_fail.map((m) => `${m.item ? `${m.item} ` : ''}${m.check}`).join(', ')}`}`, async () => {
      const r = await applianceVerdict(DIR, v);
      expect({ name: v.name, ok: r.ok }).toEqual({ name: v.name, ok: v.valid });
      for (const m of v.must_fail) {
        const hit = r.failed.some(([item, check]) => check === m.check && (!m.item || item.startsWith(m.item)));
        expect({ name: v.name, failed: m, hit }).toEqual({ name: v.name, failed: m, hit: true });
      }
      expect(r.failed).toEqual(v.failed_checks);
    });
  }
});
