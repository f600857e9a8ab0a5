// Owns the check that the signing key is one the issuer's domain publishes at /keys/{domain} (DECISIONS 7).
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Check } from './checks';
import { getJson } from './dom';

function base64urlToHex(s: string): string {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return bytesToHex(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/**
 * Looks the key_id up among the keys published for the issuer's domain and compares the key bytes.
 * An unreachable key list leaves the check undecided rather than failing the proof.
 */
export async function publishedKeyCheck(domain: unknown, keyId: unknown, publicKeyHex: unknown): Promise<Check> {
  const label = `Key is published for ${String(domain)}`;
  if (typeof domain !== 'string' || !domain) return { label: 'Key is published for the issuer domain', ok: null };
  const { status, body } = await getJson(`/keys/${encodeURIComponent(domain)}`);
  if (status !== 200 || !Array.isArray(body?.keys)) return { label, ok: null, detail: `key list unavailable (${status || 'network error'})` };
  const k = body.keys.find((x: any) => x?.key_id === keyId);
  if (!k) return { label, ok: false, detail: `key ${String(keyId)} is not among the domain's keys` };
  let hex = '';
  try {
    hex = base64urlToHex(String(k.public_key));
  } catch {
    hex = '';
  }
  const until = k.valid_until ? `, retired ${k.valid_until}` : '';
  return { label, ok: hex === publicKeyHex, detail: hex === publicKeyHex ? `valid from ${k.valid_from}${until}` : 'published key bytes differ' };
}
