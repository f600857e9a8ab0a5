// Owns the verifier's own trust given as texts (a tlog-policy, TSA root PEM, saved key answers), as the client
// library and the single-file verifier take it: read once, and trust that cannot be read is one failed `options.*`
// check (docs/verification.md#trust-levels), never a throw.
import { parsePolicy } from './policy';
import type { Sha256 } from './primitives';
import type { Trust, VerifyOptions, VerifyReport } from './report';
import { loadTrustAnchors, type TrustAnchors } from './timestamp';
import { trustOf } from './verify-document';

export type TrustTexts = {
  /** A C2SP tlog-policy text: the head's log key, the witnesses and the quorum the verifier requires. */
  policy?: string;
  /** PEM text of the RFC 3161 TSA roots the verifier trusts; only tokens that verify to them date the record. */
  tsaRoots?: string;
  /** A saved GET /keys/{domain} answer (parsed JSON). */
  keys?: unknown;
  /** A saved GET /.well-known/svc-platform-key answer (parsed JSON). */
  platformKey?: unknown;
  /** The checking clock for cosignature times (default: now). */
  now?: Date;
};

/** A result of one failed check: trust the verifier gave that cannot be read verifies nothing. */
export const refusedTrust = (trust: Trust, check: string, detail: string): VerifyReport => ({
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

/** The rule set's options from the trust texts, or the refusal that names what could not be read. */
export function optionsOfTexts(sha: Sha256, trust: TrustTexts): { opts: VerifyOptions } | { refused: VerifyReport } {
  const opts: VerifyOptions = { keys: trust.keys, platformKey: trust.platformKey, now: trust.now };
  // The trust level is the one asked for, also when what was given cannot be read.
  const level: Trust = trust.policy !== undefined ? 'policy' : trustOf(opts);
  if (trust.policy !== undefined) {
    const policy = trust.policy;
    const p = typeof policy === 'string' ? remember(`policy\n${policy}`, () => parsePolicy(sha, policy)) : null;
    if (!p?.ok) return { refused: refusedTrust(level, 'policy', p ? `line ${p.line}: ${p.error}` : 'not a text') };
    opts.policy = p.policy;
  }
  if (trust.tsaRoots !== undefined) {
    const roots = typeof trust.tsaRoots === 'string' ? rootsOf(trust.tsaRoots) : new Error('not a text');
    if (roots instanceof Error) return { refused: refusedTrust(level, 'tsa_roots', roots.message) };
    if (roots.certificates.length === 0)
      return { refused: refusedTrust(level, 'tsa_roots', 'no CERTIFICATE block in the TSA roots') };
    opts.tsaAnchors = roots;
  }
  return { opts };
}
