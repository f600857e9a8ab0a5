// The shared verification vectors (test/vectors/proofs/manifest.json) through the one rule set of src/verify on
// node:crypto (`svc verify`), the TypeScript client's verify() and the proof pages' run of the rules, both on @noble:
// every vector gives the manifest's valid, trust, complete, sandbox, failed checks, existed_no_later_than and
// witnessed_by, and the three give the same result, check by check (the Python verifier is held to the same).
import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { verify } from '../../clients/typescript/src/verify';
import {
  applianceVerdict,
  comparable,
  expectedOf as expected,
  summaryOf,
  vectorOptions,
} from '../../scripts/make-proof-vectors';
import { resultOf } from '../../src/verify/report';
import { verifyInBrowser } from '../../src/web/client/checks';

const DIR = resolve(import.meta.dir, '../vectors/proofs');
type Vector = ReturnType<typeof summaryOf> & {
  name: string;
  file: string;
  options: Record<string, string>;
  must_fail: string[];
};
const manifest = JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8')) as { vectors: Vector[] };
const text = (f: string) => readFileSync(join(DIR, f), 'utf8');
const bytes = (f: string) => new Uint8Array(readFileSync(join(DIR, f)));
const label = (v: Vector) => (v.valid ? 'verifies' : `fails ${v.failed_checks.join(', ')}`);

describe('the shared proof vectors', () => {
  it('are many, valid and tampered, and cover every rule', () => {
    expect(manifest.vectors.filter((v) => v.valid).length).toBeGreaterThanOrEqual(20);
    expect(manifest.vectors.filter((v) => !v.valid).length).toBeGreaterThanOrEqual(120);
    const failing = new Set(manifest.vectors.flatMap((v) => v.failed_checks.map((c) => c.replace(/\[[^\]]*\]$/, ''))));
    for (const name of [
      'record.public_key',
      'record.signature',
      'record.log.checkpoint',
      'record.log.signature',
      'record.head.status',
      'record.head.shape',
      'record.head.leaf',
      'record.head.inclusion',
      'record.head.checkpoint',
      'record.head.key',
      'record.head.signature',
      'record.head.cosignature',
      'record.head.quorum',
      'record.head.timestamp',
      'record.head.time',
      'document.json',
      'document.format',
      'bundle.timestamps',
    ])
      expect(failing).toContain(name);
    const names = manifest.vectors.map((v) => v.name);
    for (const prefix of ['ed25519-mixed-order-key', 'note-trailing-empty-line', 'note-extension-line', 'time-no-zone'])
      expect(names).toContain(prefix);
    expect(new Set(manifest.vectors.map((v) => v.trust))).toEqual(new Set(['file', 'keys', 'policy']));
    expect(manifest.vectors.some((v) => v.sandbox)).toBe(true);
    expect(manifest.vectors.some((v) => !v.complete && v.valid)).toBe(true);
  });
  it('carry complete heads from the appliance on every document kind, under the verifier trust', () => {
    const trusted = manifest.vectors.filter((v) => v.valid && v.options.policy && v.options.tsa_ca);
    const kinds = new Set(
      trusted.map((v) => {
        const d = JSON.parse(text(v.file));
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
    // Without TSA roots no time is claimed, whatever the tokens say.
    for (const v of manifest.vectors.filter((x) => !x.options.tsa_ca)) expect(v.existed_no_later_than).toBeNull();
  });
});

describe('src/verify (svc verify), the client and the pages agree with the manifest and each other on every vector', () => {
  for (const v of manifest.vectors) {
    it(`${v.name}: ${label(v)}`, async () => {
      const o = v.options;
      const ours = await applianceVerdict(DIR, v);
      const client = await verify(bytes(v.file), {
        policy: o.policy && text(o.policy),
        tsaRoots: o.tsa_ca && text(o.tsa_ca),
        keys: o.keys && JSON.parse(text(o.keys)),
        platformKey: o.platform_key && JSON.parse(text(o.platform_key)),
      });
      const page = resultOf(await verifyInBrowser(bytes(v.file), vectorOptions(DIR, v.options)));
      expect({ name: v.name, ...summaryOf(ours) }).toEqual({ name: v.name, ...expected(v) });
      for (const m of v.must_fail) expect(ours.checks.find((c) => c.name === m)?.ok).toBe(false);
      expect(comparable(client)).toEqual(comparable(ours));
      expect(comparable(page)).toEqual(comparable(ours));
    });
  }
});
