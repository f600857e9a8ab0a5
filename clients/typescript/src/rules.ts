// Owns the run of the appliance's one rule set (src/verify, bundled into this package) on @noble primitives under
// the caller's trust; the CLI prints the report itself, as `svc verify` does.
import { browserPrimitives } from '../../../src/verify/browser-primitives';
import { parsePolicy } from '../../../src/verify/policy';
import { loadTrustAnchors, type TrustAnchors } from '../../../src/verify/timestamp';
import {
  trustOf,
  verifyDocument,
  type Trust,
  type VerifyOptions,
  type VerifyReport,
} from '../../../src/verify/verify-document';
import type { VerifyTrust } from './verify';

/**
 * A result of one failed check (docs/verification.md#the-result): trust the caller gave that cannot be read verifies
 * nothing.
 */
const refused = (trust: Trust, check: string, detail: string): VerifyReport => ({
  valid: false,
  trust,
  complete: false,
  sandbox: false,
  checks: [{ name: `options.${check}`, ok: false, detail }],
  existed_no_later_than: null,
  witnessed_by: [],
  kind: 'unknown',
  signer: null,
  unsigned: [],
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

/** The rule set's own report (what `svc verify` prints), under the caller's trust; never rejects. */
export async function checkDocument(proof: unknown, trust: VerifyTrust = {}): Promise<VerifyReport> {
  const opts: VerifyOptions = { keys: trust.keys, platformKey: trust.platformKey, now: trust.now };
  // The trust level is the one asked for, also when what was given cannot be read.
  const level: Trust = trust.policy !== undefined ? 'policy' : trustOf(opts);
  if (trust.policy !== undefined) {
    const policy = trust.policy;
    const p =
      typeof policy === 'string'
        ? remember(`policy\n${policy}`, () => parsePolicy(browserPrimitives.sha256, policy))
        : null;
    if (!p?.ok) return refused(level, 'policy', p ? `line ${p.line}: ${p.error}` : 'not a text');
    opts.policy = p.policy;
  }
  if (trust.tsaRoots !== undefined) {
    const roots = typeof trust.tsaRoots === 'string' ? rootsOf(trust.tsaRoots) : new Error('not a text');
    if (roots instanceof Error) return refused(level, 'tsa_roots', roots.message);
    if (roots.certificates.length === 0) return refused(level, 'tsa_roots', 'no CERTIFICATE block in the TSA roots');
    opts.tsaAnchors = roots;
  }
  return await verifyDocument(browserPrimitives, proof, opts);
}
