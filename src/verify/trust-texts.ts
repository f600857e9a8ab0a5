// Owns the verifier's own trust given as texts (a tlog-policy, TSA root PEM, saved key answers), as the client
// library and the single-file verifier take it: read once, and trust that cannot be read is one failed `options.*`
// check (docs/verification.md#trust-levels), never a throw.
import type { Policy } from './policy';
import type { Sha256 } from './primitives';
import type { Trust, VerifyOptions, VerifyReport } from './report';
import type { TrustAnchors } from './timestamp';
import { readPolicy, readTsaRoots, type TrustRead } from './trust-input';
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
const parsed = new Map<string, TrustRead<Policy> | TrustRead<TrustAnchors>>();
function remember<T extends TrustRead<Policy> | TrustRead<TrustAnchors>>(key: string, parse: () => T): T {
  if (!parsed.has(key)) {
    if (parsed.size >= 32) parsed.delete(parsed.keys().next().value!);
    parsed.set(key, parse());
  }
  return parsed.get(key) as T;
}
const notText = { ok: false, reason: 'not a text' } as const;

/** The rule set's options from the trust texts, or the refusal that names what could not be read. */
export function optionsOfTexts(sha: Sha256, trust: TrustTexts): { opts: VerifyOptions } | { refused: VerifyReport } {
  const opts: VerifyOptions = { keys: trust.keys, platformKey: trust.platformKey, now: trust.now };
  // The trust level is the one asked for, also when what was given cannot be read.
  const level: Trust = trust.policy !== undefined ? 'policy' : trustOf(opts);
  if (trust.policy !== undefined) {
    const text = trust.policy;
    const p = typeof text === 'string' ? remember(`policy\n${text}`, () => readPolicy(sha, text)) : notText;
    if (!p.ok) return { refused: refusedTrust(level, 'policy', p.reason) };
    opts.policy = p.value;
  }
  if (trust.tsaRoots !== undefined) {
    const pem = trust.tsaRoots;
    const roots = typeof pem === 'string' ? remember(`roots\n${pem}`, () => readTsaRoots(pem)) : notText;
    if (!roots.ok) return { refused: refusedTrust(level, 'tsa_roots', roots.reason) };
    opts.tsaAnchors = roots.value;
  }
  return { opts };
}
