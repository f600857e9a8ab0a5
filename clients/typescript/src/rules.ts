// Owns the run of the appliance's one rule set (src/verify, bundled into this package) on @noble primitives under
// the caller's trust, and the SDK's shape of its report; the CLI prints the report itself, as `svc verify` does.
import { browserPrimitives } from '../../../src/verify/browser-primitives';
import { parsePolicy, type Policy } from '../../../src/verify/policy';
import { loadTrustAnchors, type TrustAnchors } from '../../../src/verify/timestamp';
import { verifyDocument, type VerifyOptions, type VerifyReport } from '../../../src/verify/verify-document';
import type { VerifyResult, VerifyTrust } from './verify';

/** The head-evidence fields of a report, once the rule set checks `log.head` (DECISIONS 11). */
type HeadFields = { existed_no_later_than?: string | null; witnessed_by?: string[] };
/** The caller's trust as the rule set takes it (DECISIONS 11: the policy and TSA roots of the one verifying). */
type RuleOptions = VerifyOptions & { policy?: Policy; tsaAnchors?: TrustAnchors };

export type RuleReport = VerifyReport & HeadFields;

/** A report of one failed check: trust the caller gave that cannot be read verifies nothing. */
const refused = (item: string, detail: string): RuleReport => ({ kind: 'unknown', ok: false, checks: [{ item, check: item, ok: false, detail }], unsigned: [] });

/** The rule set's own report (what `svc verify` prints), under the caller's trust. */
export async function checkDocument(proof: unknown, trust: VerifyTrust = {}): Promise<RuleReport> {
  const opts: RuleOptions = { keys: trust.keys };
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

