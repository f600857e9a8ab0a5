// The verifiers agree on malformed proofs too (docs/verification.md#the-result): a seeded fast-check sample of the shared
// vectors' documents, each with one value replaced, a key deleted, a character or a byte changed, goes through the
// appliance's rules and the Python verifier under each trust; both give the same result, check by check. And the
// command lines (`svc verify`, `python3 -m proof_ledger verify`) answer malformed files with exit 1 and one stderr line.
import { afterAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { verifyProofDocument } from '../../src/verify/offline-verify';
import { parsePolicy } from '../../src/verify/policy';
import { nodeSha256 } from '../../src/verify/node-primitives';
import { resultOf, type VerifyResult } from '../../src/verify/report';
import { loadTrustAnchors } from '../../src/verify/timestamp';
import type { VerifyOptions } from '../../src/verify/verify-document';
import { comparable } from '../../scripts/make-proof-vectors';
import { anyInput, malformedProof, TRUST, VECTORS } from '../fuzz-proofs';
import { cleanupDirs, ownedDir, ROOT, svc } from '../helpers';

const PYTHON = join(ROOT, 'clients/python');
const policy = parsePolicy(nodeSha256, TRUST.policy);
const TRUSTS: Array<{ ts: VerifyOptions; py: Record<string, string> }> = [
  { ts: {}, py: {} },
  {
    ts: { policy: policy.ok ? policy.policy : undefined, tsaAnchors: loadTrustAnchors(TRUST.tsaRoots) },
    py: { policy: join(VECTORS, 'policy.txt'), tsa_roots: join(VECTORS, 'tsa-ca.pem') },
  },
  {
    ts: { keys: TRUST.keys, platformKey: TRUST.platformKey },
    py: { keys: join(VECTORS, 'keys-acme.example.json'), platform_key: join(VECTORS, 'platform-key.json') },
  },
];
/** verify() for each [file, trust], in one interpreter, with the trust files as paths. */
const PY_ALL = `
import json, sys
from pathlib import Path
from proof_ledger import verify
for file, trust in json.load(sys.stdin):
    r = verify(Path(file).read_bytes(), **{k: Path(v) for k, v in trust.items()})
    print(json.dumps(r))
`;
afterAll(cleanupDirs);

describe('the appliance rules and the Python verifier on malformed proofs', () => {
  it('give the same result, check by check, for a seeded sample of 300 mutations under each trust', async () => {
    const dir = ownedDir();
    const cases = fc
      .sample(fc.tuple(malformedProof, fc.nat(TRUSTS.length - 1)), { numRuns: 300, seed: 20261125 })
      .map(([bytes, t], i) => {
        const file = join(dir, `m${i}.json`);
        writeFileSync(file, bytes);
        return { file, bytes, t };
      });
    const p = Bun.spawn(['python3', '-c', PY_ALL], {
      cwd: PYTHON,
      stdin: new TextEncoder().encode(JSON.stringify(cases.map((c) => [c.file, TRUSTS[c.t]!.py]))),
      stdout: 'pipe',
      stderr: 'pipe',
      env: { ...process.env, PYTHONPATH: PYTHON },
    });
    const out = await new Response(p.stdout).text();
    expect([await p.exited, await new Response(p.stderr).text()]).toEqual([0, '']);
    const py = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as VerifyResult);
    expect(py).toHaveLength(cases.length);
    let invalid = 0;
    for (const [i, c] of cases.entries()) {
      const ours = resultOf(await verifyProofDocument(c.bytes, TRUSTS[c.t]!.ts));
      if (!ours.valid) invalid++;
      expect({ case: i, ...comparable(py[i]!) }).toEqual({ case: i, ...comparable(ours) });
    }
    // The sample is mostly, not only, refused: mutations of fields no rule reads leave a proof valid.
    expect(invalid).toBeGreaterThan(cases.length / 2);
  }, 300_000);
});

describe('the command lines on malformed files', () => {
  it('exit alike, 1 with one stderr line when invalid, with a result on stdout, never a crash', async () => {
    const dir = ownedDir();
    const files = fc.sample(fc.oneof(malformedProof, anyInput), { numRuns: 6, seed: 7 }).map((b, i) => {
      const f = join(dir, `bad${i}.json`);
      writeFileSync(f, b);
      return f;
    });
    for (const f of files) {
      const [ours, theirs] = await Promise.all([
        svc(['verify', f]),
        Bun.spawn(['python3', '-m', 'proof_ledger', 'verify', f, '--json'], {
          cwd: PYTHON,
          stdout: 'pipe',
          stderr: 'pipe',
          env: { ...process.env, PYTHONPATH: PYTHON },
        }),
      ]);
      const [pyOut, pyErr, pyCode] = [
        await new Response(theirs.stdout).text(),
        await new Response(theirs.stderr).text(),
        await theirs.exited,
      ];
      expect(ours.code).toBe(pyCode);
      expect(ours.json.valid).toBe(JSON.parse(pyOut).valid);
      for (const err of [ours.stderr, pyErr])
        expect(err.split('\n').filter(Boolean)).toEqual(
          ours.code ? [expect.stringMatching(/^error: NOT VERIFIED: /)] : [],
        );
    }
  }, 120_000);
});
