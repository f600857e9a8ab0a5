// The shared verification vectors (test/vectors/proofs/manifest.json) through the one rule set of src/verify and the
// TypeScript client's verify(): every real document verifies with its head, every tampered variant fails with the named
// checks failing, exactly the failed checks, existed_no_later_than and witnessed_by the manifest records (the Python
// verifier is held to the same).
import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { verify } from '../../clients/typescript/src/verify';
import { applianceVerdict } from '../../scripts/make-proof-vectors';

const DIR = resolve(import.meta.dir, '../vectors/proofs');
type Vector = {
  name: string;
  file: string;
  options: Record<string, string>;
  valid: boolean;
  must_fail: Array<{ check: string; item?: string }>;
  failed_checks: Array<[string, string]>;
  existed_no_later_than: string | null;
  witnessed_by: string[];
};
const manifest = JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8')) as { vectors: Vector[] };
const text = (f: string) => readFileSync(join(DIR, f), 'utf8');
const json = (f: string | undefined) => (f ? JSON.parse(text(f)) : undefined);
const label = (v: Vector) =>
  v.valid ? 'verifies' : `fails ${v.must_fail.map((m) => `${m.item ? `${m.item} ` : ''}${m.check}`).join(', ')}`;

describe('the shared proof vectors', () => {
  it('are many, valid and tampered, and cover every link of the head chain', () => {
    expect(manifest.vectors.filter((v) => v.valid).length).toBeGreaterThanOrEqual(8);
    expect(manifest.vectors.filter((v) => !v.valid).length).toBeGreaterThanOrEqual(55);
    const failing = new Set(manifest.vectors.flatMap((v) => v.must_fail.map((m) => m.check)));
    for (const link of [
      'head',
      'head_leaf',
      'head_inclusion',
      'head_checkpoint',
      'head_signature',
      'head_cosignature',
      'head_quorum',
      'head_timestamp',
    ])
      expect(failing).toContain(link);
  });
  it('carry complete heads from the appliance on every document kind, under the verifier trust', () => {
    const trusted = manifest.vectors.filter((v) => v.valid && v.options.policy && v.options.tsa_ca);
    const kinds = new Set(
      trusted.map((v) => {
        const d = json(v.file);
        return d.bundle_version
          ? 'bundle'
          : d.org_id
            ? 'audit'
            : d.attestation_id
              ? 'ai'
              : d.document_hash
                ? 'document'
                : 'event';
      }),
    );
    expect([...kinds].sort()).toEqual(['ai', 'audit', 'bundle', 'document', 'event']);
    for (const v of trusted) {
      expect(v.existed_no_later_than).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      expect(v.witnessed_by.length).toBe(2);
    }
  });
});

describe('src/verify (svc verify) on every vector', () => {
  for (const v of manifest.vectors) {
    it(`${v.name}: ${label(v)}`, async () => {
      const r = await applianceVerdict(DIR, v);
      expect({ name: v.name, ok: r.ok }).toEqual({ name: v.name, ok: v.valid });
      for (const m of v.must_fail) {
        const hit = r.failed.some(([item, check]) => check === m.check && (!m.item || item.startsWith(m.item)));
        expect({ name: v.name, failed: m, hit }).toEqual({ name: v.name, failed: m, hit: true });
      }
      expect(r.failed).toEqual(v.failed_checks);
      expect([r.existed_no_later_than, r.witnessed_by]).toEqual([v.existed_no_later_than, v.witnessed_by]);
    });
  }
});

describe("the TypeScript client's verify(proof, {policy, tsaRoots, keys, platformKey}) on every vector", () => {
  for (const v of manifest.vectors) {
    it(`${v.name}: ${label(v)}`, async () => {
      const o = v.options;
      const r = await verify(text(v.file), {
        policy: o.policy && text(o.policy),
        tsaRoots: o.tsa_ca && text(o.tsa_ca),
        keys: json(o.keys),
        platformKey: json(o.platform_key),
      });
      expect({ name: v.name, valid: r.valid }).toEqual({ name: v.name, valid: v.valid });
      expect(r.checks.filter((c) => !c.ok).map((c) => [c.item, c.name])).toEqual(v.failed_checks);
      expect([r.existed_no_later_than, r.witnessed_by]).toEqual([v.existed_no_later_than, v.witnessed_by]);
    });
  }
});
