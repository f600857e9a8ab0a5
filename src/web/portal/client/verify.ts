// Owns checking one audit event in the browser: the audit-event rules of src/verify (signed bytes rebuilt, hash,
// Ed25519 signature, key published by the issuer, inclusion in the org's log), shown as the proof pages show them.
import { recordLines, keyLines, verifyInBrowser, type Check } from '../../client/checks';
import { keyOptions } from '../../client/published-key';

/**
 * docs/audit.md#rows-and-what-is-signed: payload_hash = SHA-256 of the canonical bytes of the signed data, and the signature is
 * Ed25519 over those bytes with the tenant key named by key_id, as published at /keys/{domain}. docs/verification.md#12-the-transparency-log:
 * the signed bytes are the event's leaf in the org log `<host>/<domain>/audit/<org_id>`.
 */
export type Verdict = 'valid' | 'invalid' | 'unchecked';

export async function verifyEvent(
  e: Record<string, any>,
  domain: string | undefined,
): Promise<{ verdict: Verdict; checks: Check[] }> {
  const opts = await keyOptions(domain);
  const report = await verifyInBrowser(e, opts);
  const { checks, log, head } = recordLines(report, 'record');
  const keys = keyLines(report);
  // A key list that could not be fetched leaves the event unchecked, never valid; a log inclusion still pending
  // (no checkpoint yet) is shown but does not decide.
  const verdict: Verdict = !report.valid ? 'invalid' : opts.keysUnavailable !== undefined ? 'unchecked' : 'valid';
  return { verdict, checks: [...checks, ...keys, ...log, ...head] };
}
