// Never a crash (docs/verification.md#the-result): fast-check feeds malformed proofs to the rule set on node:crypto and
// on @noble, to the TypeScript client's verify() with malformed trust, and to `svc verify`'s command: every answer is
// a result of the one shape, the two primitives agree on it, and the command exits 0 or 1 with one failure line.
import { afterAll, describe, expect, it } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { verify } from '../../clients/typescript/src/verify';
import { verifyCommand } from '../../src/cli/verify-command';
import { verifyProofDocument } from '../../src/verify/offline-verify';
import { browserPrimitives } from '../../src/verify/browser-primitives';
import { parsePolicy } from '../../src/verify/policy';
import { nodeSha256 } from '../../src/verify/node-primitives';
import { resultOf, type VerifyResult } from '../../src/verify/report';
import { loadTrustAnchors } from '../../src/verify/timestamp';
import { verifyDocument, type VerifyOptions } from '../../src/verify/verify-document';
import { comparable } from '../../scripts/make-proof-vectors';
import { anyInput, malformedProof, TRUST } from '../fuzz-proofs';

const FIELDS = [
  'valid',
  'trust',
  'complete',
  'sandbox',
  'checks',
  'existed_no_later_than',
  'witnessed_by',
  'kind',
  'signer',
  'unsigned',
];
function assertResult(r: VerifyResult): void {
  expect(Object.keys(r)).toEqual(FIELDS);
  expect(['file', 'keys', 'policy']).toContain(r.trust);
  expect(r.valid).toBe(r.checks.every((c) => c.ok));
  for (const c of r.checks)
    expect([typeof c.name, typeof c.ok, typeof c.detail]).toEqual(['string', 'boolean', 'string']);
  expect(r.checks.map((c) => c.name)).not.toContain('document.error');
}
const policy = parsePolicy(nodeSha256, TRUST.policy);
const TRUSTS: VerifyOptions[] = [
  {},
  { policy: policy.ok ? policy.policy : undefined, tsaAnchors: loadTrustAnchors(TRUST.tsaRoots) },
  { keys: TRUST.keys, platformKey: TRUST.platformKey },
];
const RUNS = { numRuns: 150 };

describe('the rule set on malformed proofs', () => {
  it('answers every input, bytes or JSON of no kind, with a result', async () => {
    await fc.assert(
      fc.asyncProperty(anyInput, async (b) => {
        assertResult(resultOf(await verifyProofDocument(b)));
        assertResult(resultOf(await verifyProofDocument(new TextDecoder().decode(b))));
      }),
      RUNS,
    );
  });

  it('answers every mutation of a real proof, under each trust, alike on node:crypto and @noble', async () => {
    await fc.assert(
      fc.asyncProperty(malformedProof, fc.nat(TRUSTS.length - 1), async (b, t) => {
        const ours = resultOf(await verifyProofDocument(b, TRUSTS[t]));
        assertResult(ours);
        expect(comparable(resultOf(await verifyDocument(browserPrimitives, b, TRUSTS[t])))).toEqual(comparable(ours));
      }),
      RUNS,
    );
  });

  it('answers objects no JSON text can make (Infinity, NaN, -0, deep nesting, BigInt) without a crash', async () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    for (const v of [
      { event_id: 'x', signed_payload: 'aa', log: { leaf_index: Number.NaN, tree_size: Infinity } },
      { bundle_version: -0, items: [{ sequence: Infinity }] },
      { event_id: 'x', signed_payload: 'aa', payload: deep },
      { event_id: 'x', signed_payload: 'aa', payload: 10n },
    ]) {
      const r = resultOf(await verifyProofDocument(v));
      expect(r.valid).toBe(false);
      expect(r.checks.length).toBeGreaterThan(0);
    }
  });
});

describe("the TypeScript client's verify()", () => {
  it('resolves with a result for malformed proofs and malformed trust', async () => {
    await fc.assert(
      fc.asyncProperty(
        malformedProof,
        fc.option(fc.string({ maxLength: 200 })),
        fc.option(fc.string({ maxLength: 200 })),
        fc.option(fc.jsonValue({ maxDepth: 2 })),
        async (b, p, roots, keys) => {
          const r = await verify(b, {
            policy: p ?? undefined,
            tsaRoots: roots ?? undefined,
            keys: keys ?? undefined,
            platformKey: keys ?? undefined,
          });
          assertResult(r as VerifyResult);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("svc verify's command", () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-verify-fuzz-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('exits 0 or 1 with one failure line and prints a result, for every malformed file', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(malformedProof, anyInput), async (b) => {
        const file = join(dir, `proof-${n++}.json`);
        writeFileSync(file, b);
        const r = await verifyCommand.run({ args: [file], flags: { json: true }, json: true });
        const result = r.json as VerifyResult;
        assertResult(result);
        expect(r.exitCode).toBe(result.valid ? 0 : 1);
        if (r.exitCode) expect(r.failure).toMatch(/^NOT VERIFIED: [^\n]+$/);
      }),
      { numRuns: 60 },
    );
  });
});
