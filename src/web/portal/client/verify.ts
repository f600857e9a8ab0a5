// Owns checking one audit event in the browser: signed bytes rebuilt, hash, Ed25519 signature, key published by the
// issuer, and inclusion in the org's log when the event carries a `log` block; every check is the pure one of src/verify.
import { browserPrimitives as P } from '../../../verify/browser-primitives';
import { fromHex } from '../../../verify/primitives';
import { checkAuditEvent, keyIdOf, type AuditEventFields } from '../../../verify/records';
import { allPassed, isHex, logChecks, type Check } from '../../client/checks';
import { publishedKeyCheck, publishedKeys } from '../../client/published-key';

/**
 * DECISIONS 0 and 6: payload_hash = SHA-256 of the canonical bytes of the signed data, and the signature is
 * Ed25519 over those bytes with the tenant key named by key_id, as published at /keys/{domain}. DECISIONS 10:
 * the signed bytes are the event's leaf in the org log `<host>/<domain>/audit/<org_id>`.
 */
export type Verdict = 'valid' | 'invalid' | 'unchecked';

export async function verifyEvent(e: Record<string, any>, domain: string | undefined): Promise<{ verdict: Verdict; checks: Check[] }> {
  const checks: Check[] = [];
  const keyOk = isHex(e.signing_public_key, 32);
  const publicKey = keyOk ? fromHex(e.signing_public_key) : null;
  const signature = isHex(e.signature, 64) ? fromHex(e.signature) : null;
  const r = checkAuditEvent(P, e as AuditEventFields, e.payload_hash, publicKey, signature);
  checks.push({ label: 'Payload hash recomputed from the event (canonical JSON of the signed fields)', ok: r.hashOk, detail: r.computed ? `computed ${r.computed}` : 'the event could not be encoded' });
  checks.push(await publishedKeyCheck(domain, e.key_id, e.signing_public_key));
  checks.push({ label: 'Key ID is SHA-256 of the public key (first 16 hex)', ok: !!publicKey && keyIdOf(P.sha256, publicKey) === e.key_id });
  checks.push({ label: 'Ed25519 signature verifies over the signed bytes', ok: r.signatureOk });
  const log: Check[] = [];
  if (e.log !== undefined && e.log !== null) {
    const keys = [...(publicKey ? [publicKey] : []), ...(await publishedKeys(domain))];
    log.push(...logChecks(e.log, r.bytes, keys, { suffix: `/audit/${String(e.org_id)}` }, "the organization's audit log").checks);
  }
  // A key list that could not be fetched leaves the event unchecked, never valid; a log inclusion still pending
  // (no checkpoint yet) is shown but does not decide.
  const verdict: Verdict = !allPassed(checks) || log.some((c) => c.ok === false) ? 'invalid' : checks.every((c) => c.ok === true) ? 'valid' : 'unchecked';
  return { verdict, checks: [...checks, ...log] };
}
