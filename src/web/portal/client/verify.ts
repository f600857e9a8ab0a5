// Owns checking one audit event in the browser: signed bytes rebuilt, hash, Ed25519 signature, key published by the issuer.
import { bytesToHex } from '@noble/hashes/utils.js';
import { auditSignedData } from '../../../crypto/signed';
import { canonicalBytes, keyIdOf, sha256Hex, verifyEd25519, isHex, allPassed, type Check } from '../../client/checks';
import { publishedKeyCheck } from '../../client/published-key';

/**
 * DECISIONS 0 and 6: payload_hash = SHA-256 of the canonical bytes of the signed data, and the signature is
 * Ed25519 over those bytes with the tenant key named by key_id, as published at /keys/{domain}.
 */
export type Verdict = 'valid' | 'invalid' | 'unchecked';

export async function verifyEvent(e: Record<string, any>, domain: string | undefined): Promise<{ verdict: Verdict; checks: Check[] }> {
  const checks: Check[] = [];
  let bytes: Uint8Array | null = null;
  try {
    bytes = canonicalBytes(auditSignedData({
      action: e.action, actor: e.actor, context: e.context, event_id: e.id, ingested_at: e.ingested_at, metadata: e.metadata,
      occurred_at: e.occurred_at, org_id: e.org_id, schema_id: e.schema_id, seq: e.seq, targets: e.targets,
    }));
  } catch {
    bytes = null;
  }
  const hash = bytes ? sha256Hex(bytes) : null;
  checks.push({ label: 'Payload hash recomputed from the event (canonical JSON of the signed fields)', ok: hash !== null && hash === e.payload_hash, detail: hash ? `computed ${hash}` : 'the event could not be encoded' });
  checks.push(await publishedKeyCheck(domain, e.key_id, e.signing_public_key));
  const keyOk = isHex(e.signing_public_key, 32);
  checks.push({ label: 'Key ID is SHA-256 of the public key (first 16 hex)', ok: keyOk && keyIdOf(e.signing_public_key) === e.key_id });
  checks.push({ label: 'Ed25519 signature verifies over the signed bytes', ok: bytes !== null && keyOk && verifyEd25519(e.signing_public_key, bytesToHex(bytes), String(e.signature)) });
  // A key list that could not be fetched leaves the event unchecked, never valid.
  const verdict: Verdict = !allPassed(checks) ? 'invalid' : checks.every((c) => c.ok === true) ? 'valid' : 'unchecked';
  return { verdict, checks };
}
