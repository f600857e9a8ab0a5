// Owns the client's offline verifier: the appliance's one rule set (src/verify, bundled into this package) run on
// @noble primitives, with the caller's own trust (key list, witness policy, TSA roots). Makes no network call.
import { checkDocument, resultOf } from './rules';

export type VerifyTrust = {
  /** A C2SP tlog-policy text: the head's log key, the witnesses and the quorum the caller requires. */
  policy?: string;
  /** PEM text of the RFC 3161 TSA roots the caller trusts; at least one token must chain to them. */
  tsaRoots?: string;
  /** A saved GET /keys/{domain} answer: the record's key must be one the domain published. */
  keys?: unknown;
  /**
   * A saved GET /.well-known/svc-platform-key answer: it signs the key list, and without a policy the head note is
   * checked against it (else that signature is a SKIP line).
   */
  platformKey?: unknown;
};

export type VerifyCheck = {
  /** The check, as `svc verify` names it (`signature`, `inclusion`, `composite_hash`, `quorum`, …). */
  name: string;
  ok: boolean;
  detail: string;
  /** What was checked: `record`, `log`, `seal`, `item 3`, … */
  item: string;
  /** Not checked for lack of data (never a failure). */
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

export type VerifyResult = {
  valid: boolean;
  checks: VerifyCheck[];
  /** The earliest time a verified RFC 3161 token puts the record's head at (RFC 3339), or null. */
  existed_no_later_than: string | null;
  /** The witnesses whose cosignatures of the record's head verified under the policy. */
  witnessed_by: string[];
  /** The document kind: event_proof, ai_proof, document_proof, audit_event, trace_bundle or unknown. */
  kind: string;
  /** Who signed, named from what the signatures bind (absent when no key could be read). */
  signer?: VerifySigner;
  /** Fields no signature covers: shown, never vouched for. */
  unsigned: string[];
};

/**
 * Every check of `svc verify` on a proof, bundle or audit event as the API returns it (parsed JSON or its text):
 * record signature and key, hashes, trace bundle rules, log inclusion and checkpoint signature, and the head with
 * its witnesses and timestamps when the document carries one. Resolves (never rejects) with the verdict.
 */
export async function verify(proof: unknown, trust: VerifyTrust = {}): Promise<VerifyResult> {
  return resultOf(await checkDocument(proof, trust));
}
