// Owns the run of the appliance's one rule set (src/verify, bundled into this package) on @noble primitives under
// the caller's trust, and the SDK's shape of its report; the CLI prints the report itself, as `svc verify` does.
import { browserPrimitives } from '../../../src/verify/browser-primitives';
import { parsePolicy } from '../../../src/verify/policy';
import { loadTrustAnchors, type TrustAnchors } from '../../../src/verify/timestamp';
import { verifyDocument, type VerifyOptions, type VerifyReport } from '../../../src/verify/verify-document';
import type { VerifyResult, VerifyTrust } from './verify';

/** The rule set's report, with the head evidence of DECISIONS 11 (existed_no_later_than, witnessed_by). */
export type RuleReport = VerifyReport;

/** A report of one failed check: trust the caller gave that cannot be read verifies nothing. */
const refused = (item: string, detail: string): RuleReport => ({
  kind: 'unknown',
  ok: false,
  checks: [{ item, check: item, ok: false, detail }],
  unsigned: [],
  existed_no_later_than: null,
  witnessed_by: [],
});

/**
 * Parsed trust by its text, so that the same policy and roots given again are the same objects: the rule set remembers
 * token verdicts per anchor set, and every proof built on one head carries the same tokens. Bounded: oldest first out.
 */
const parsed = new Map<string, ReturnType<typeof parsePolicy> | TrustAnchors | Error>();
function remember<T extends ReturnType<typeof parsePolicy> | TrustAnchors | Error>(key: string, parse: () => T): T {
  if (!parsed.has(key)) {
    if (parsed.size >= 32) parsed.delete(parsed.keys().next().value!);
    parsed.set(key, parse());
  }
  return parsed.get(key) as T;
}
const rootsOf = (pem: string): TrustAnchors | Error =>
  remember(`roots\n${pem}`, () => {
    try {
      return loadTrustAnchors(pem);
    } catch (e) {
      return e as Error;
    }
  });

/** The rule set's own report (what `svc verify` prints), under the caller's trust. */
export async function checkDocument(proof: unknown, trust: VerifyTrust = {}): Promise<RuleReport> {
  // DECISIONS 11: the policy and TSA roots are the caller's own; the option names are the rule set's.
  const opts: VerifyOptions = { keys: trust.keys, platformKey: trust.platformKey };
  if (trust.policy !== undefined) {
    const policy = trust.policy;
    const p = remember(`policy\n${policy}`, () => parsePolicy(browserPrimitives.sha256, policy));
    if (!p.ok) return refused('policy', `line ${p.line}: ${p.error}`);
    opts.policy = p.policy;
  }
  if (trust.tsaRoots !== undefined) {
    const roots = rootsOf(trust.tsaRoots);
    if (roots instanceof Error) return refused('tsa_roots', roots.message);
    if (roots.certificates.length === 0) return refused('tsa_roots', 'no CERTIFICATE block in the TSA roots');
    opts.tsaAnchors = roots;
  }
  return await verifyDocument(browserPrimitives, proof, opts);
}

/** The SDK's shape of a report. */
export function resultOf(report: RuleReport): VerifyResult {
  return {
    valid: report.ok,
    checks: report.checks.map((c) => ({
      name: c.check,
      ok: c.ok,
      detail: c.detail,
      item: c.item,
      ...(c.skipped ? { skipped: true as const } : {}),
    })),
    existed_no_later_than: report.existed_no_later_than ?? null,
    witnessed_by: report.witnessed_by ?? [],
    kind: report.kind,
    ...(report.signer ? { signer: report.signer } : {}),
    unsigned: report.unsigned,
  };
}
