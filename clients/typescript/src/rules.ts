// Owns the run of the appliance's one rule set (src/verify, bundled into this package) on @noble primitives under
// the caller's trust, and the SDK's shape of its report; the CLI prints the report itself, as `svc verify` does.
import { browserPrimitives } from '../../../src/verify/browser-primitives';
import { parsePolicy } from '../../../src/verify/policy';
import { loadTrustAnchors } from '../../../src/verify/timestamp';
import { verifyDocument, type VerifyOptions, type VerifyReport } from '../../../src/verify/verify-document';
import type { VerifyResult, VerifyTrust } from './verify';

/** The rule set's report, with the head evidence of DECISIONS 11 (existed_no_later_than, witnessed_by). */
export type RuleReport = VerifyReport;

/** A report of one failed check: trust the caller gave that cannot be read verifies nothing. */
const refused = (item: string, detail: string): RuleReport => ({
  kind: 'unknown', ok: false, checks: [{ item, check: item, ok: false, detail }], unsigned: [], existed_no_later_than: null, witnessed_by: [],
});

/** The rule set's own report (what `svc verify` prints), under the caller's trust. */
export async function checkDocument(proof: unknown, trust: VerifyTrust = {}): Promise<RuleReport> {
  // DECISIONS 11: the policy and TSA roots are the caller's own; the option names are the rule set's.
  const opts: VerifyOptions = { keys: trust.keys, platformKey: trust.platformKey };
  if (trust.policy !== undefined) {
    const parsed = parsePolicy(browserPrimitives.sha256, trust.policy);
    if (!parsed.ok) return refused('policy', `line ${parsed.line}: ${parsed.error}`);
    opts.policy = parsed.policy;
  }
  if (trust.tsaRoots !== undefined) {
    try {
      opts.tsaAnchors = loadTrustAnchors(trust.tsaRoots);
    } catch (e) {
      return refused('tsa_roots', (e as Error).message);
    }
    if (opts.tsaAnchors.certificates.length === 0) return refused('tsa_roots', 'no CERTIFICATE block in the TSA roots');
  }
  return await verifyDocument(browserPrimitives, proof, opts);
}

/** The SDK's shape of a report. */
export function resultOf(report: RuleReport): VerifyResult {
  return {
    valid: report.ok,
    checks: report.checks.map((c) => ({ name: c.check, ok: c.ok, detail: c.detail, item: c.item, ...(c.skipped ? { skipped: true as const } : {}) })),
    existed_no_later_than: report.existed_no_later_than ?? null,
    witnessed_by: report.witnessed_by ?? [],
    kind: report.kind,
    ...(report.signer ? { signer: report.signer } : {}),
    unsigned: report.unsigned,
  };
}

