// Owns the run of the appliance's one rule set (src/verify, bundled into this package) on @noble primitives under
// the caller's trust; the CLI prints the report itself, as `svc verify` does.
import { browserPrimitives } from '../../../src/verify/browser-primitives';
import type { Policy } from '../../../src/verify/policy';
import type { TrustAnchors } from '../../../src/verify/timestamp';
import { readPolicy, readTsaRoots, type TrustRead } from '../../../src/verify/trust-input';
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
const parsed = new Map<string, TrustRead<Policy> | TrustRead<TrustAnchors>>();
function remember<T extends TrustRead<Policy> | TrustRead<TrustAnchors>>(key: string, parse: () => T): T {
  if (!parsed.has(key)) {
    if (parsed.size >= 32) parsed.delete(parsed.keys().next().value!);
    parsed.set(key, parse());
  }
  return parsed.get(key) as T;
}

/** The rule set's own report (what `svc verify` prints), under the caller's trust; never rejects. */
export async function checkDocument(proof: unknown, trust: VerifyTrust = {}): Promise<VerifyReport> {
  const opts: VerifyOptions = { keys: trust.keys, platformKey: trust.platformKey, now: trust.now };
  // The trust level is the one asked for, also when what was given cannot be read.
  const level: Trust = trust.policy !== undefined ? 'policy' : trustOf(opts);
  if (trust.policy !== undefined) {
    const policy = trust.policy;
    const p =
      typeof policy === 'string'
        ? remember(`policy\n${policy}`, () => readPolicy(browserPrimitives.sha256, policy))
        : ({ ok: false, reason: 'not a text' } as const);
    if (!p.ok) return refused(level, 'policy', p.reason);
    opts.policy = p.value;
  }
  if (trust.tsaRoots !== undefined) {
    const pem = trust.tsaRoots;
    const roots =
      typeof pem === 'string'
        ? remember(`roots\n${pem}`, () => readTsaRoots(pem))
        : ({ ok: false, reason: 'not a text' } as const);
    if (!roots.ok) return refused(level, 'tsa_roots', roots.reason);
    opts.tsaAnchors = roots.value;
  }
  return await verifyDocument(browserPrimitives, proof, opts);
}
