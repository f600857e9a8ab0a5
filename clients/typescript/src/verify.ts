// Owns the client's offline verifier: the appliance's one rule set (src/verify, bundled into this package) run on
// @noble primitives, with the caller's own trust (key list, platform key, witness policy, TSA roots). Makes no
// network call and never rejects: any input gives a result.
import { checkDocument } from './rules';
import { resultOf } from '../../../src/verify/report';

export type VerifyTrust = {
  /** A C2SP tlog-policy text: the head's log key, the witnesses and the quorum the caller requires. */
  policy?: string;
  /** PEM text of the RFC 3161 TSA roots the caller trusts; only tokens that verify to them date the record. */
  tsaRoots?: string;
  /** A saved GET /keys/{domain} answer: every record's key must be one the domain published. */
  keys?: unknown;
  /** A saved GET /.well-known/svc-platform-key answer: it signs the key list and, without a policy, is the head's key. */
  platformKey?: unknown;
  /** The checking clock for cosignature times (default: now). */
  now?: Date;
};

export type VerifyCheck = {
  /** The check, as every verifier names it: `record.signature`, `items[2].log.inclusion`, `seal.head.quorum`, … */
  name: string;
  ok: boolean;
  detail: string;
  /** Not checked, and nothing the verdict rests on (a pending log block, the time without TSA roots). */
  skipped?: true;
};

/**
 * The signing key (its id derived from it), the domain whose published key list holds it (null without a list or
 * when it is not in it), and the origin of the verified checkpoint covering the record (null without one).
 */
export type VerifySigner = {
  key_id: string;
  public_key: string;
  published_for: string | null;
  log_origin: string | null;
};

/** The one result every verifier gives (`svc verify --json`, this library, the Python library, the pages). */
export type VerifyResult = {
  valid: boolean;
  /** What the signatures were checked against: the file alone, the keys given, or the witness policy given. */
  trust: 'file' | 'keys' | 'policy';
  /** False while a log block or head of the proof is pending or missing. */
  complete: boolean;
  /** True for a sandbox tenant's record. */
  sandbox: boolean;
  checks: VerifyCheck[];
  /** The earliest time a token verified to the TSA roots given puts the record's head at (RFC 3339), or null. */
  existed_no_later_than: string | null;
  /** The witnesses whose cosignatures of the record's head count under the policy given. */
  witnessed_by: string[];
  /** The document kind: event_proof, ai_proof, document_proof, audit_event, trace_bundle or unknown. */
  kind: string;
  /** Who signed, named from what the signatures bind (null when no key could be read). */
  signer: VerifySigner | null;
  /** Fields no signature covers: shown, never vouched for. */
  unsigned: string[];
};

/**
 * Every check of `svc verify` on a proof, bundle or audit event as the API returns it (parsed JSON, its text or its
 * bytes): record signature and key, hashes, trace bundle rules, log inclusion and checkpoint signature, and the head
 * with its key, witnesses and timestamps. Resolves (never rejects) with the result.
 */
export async function verify(proof: unknown, trust: VerifyTrust = {}): Promise<VerifyResult> {
  return resultOf(await checkDocument(proof, trust));
}
