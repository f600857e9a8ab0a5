// Owns the check that the signing key is one the issuer's domain publishes at /keys/{domain} (DECISIONS 7), and the list of those keys.
import type { Check } from './checks';
import { getJson } from './dom';

function base64urlToBytes(s: string): Uint8Array {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}
const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** One request per domain and page, shared by the key check and the log check. */
const lists = new Map<string, Promise<{ status: number; body: any }>>();
function keyList(domain: string) {
  let p = lists.get(domain);
  if (!p) lists.set(domain, (p = getJson(`/keys/${encodeURIComponent(domain)}`)));
  return p;
}

/** The raw public keys the domain publishes (current and retired); empty when the list cannot be fetched. */
export async function publishedKeys(domain: unknown): Promise<Uint8Array[]> {
  if (typeof domain !== 'string' || !domain) return [];
  const { status, body } = await keyList(domain);
  if (status !== 200 || !Array.isArray(body?.keys)) return [];
  const out: Uint8Array[] = [];
  for (const k of body.keys) {
    try {
      const b = base64urlToBytes(String(k?.public_key));
      if (b.length === 32) out.push(b);
    } catch {
      // A malformed entry is simply not a candidate key.
    }
  }
  return out;
}

/**
 * Looks the key_id up among the keys published for the issuer's domain and compares the key bytes.
 * An unreachable key list leaves the check undecided rather than failing the proof.
 */
export async function publishedKeyCheck(domain: unknown, keyId: unknown, publicKeyHex: unknown): Promise<Check> {
  const label = `Key is published for ${String(domain)}`;
  if (typeof domain !== 'string' || !domain) return { label: 'Key is published for the issuer domain', ok: null };
  const { status, body } = await keyList(domain);
  if (status !== 200 || !Array.isArray(body?.keys)) return { label, ok: null, detail: `key list unavailable (${status || 'network error'})` };
  const k = body.keys.find((x: any) => x?.key_id === keyId);
  if (!k) return { label, ok: false, detail: `key ${String(keyId)} is not among the domain's keys` };
  let hex = '';
  try {
    hex = toHex(base64urlToBytes(String(k.public_key)));
  } catch {
    hex = '';
  }
  const until = k.valid_until ? `, retired ${k.valid_until}` : '';
  return { label, ok: hex === publicKeyHex, detail: hex === publicKeyHex ? `valid from ${k.valid_from}${until}` : 'published key bytes differ' };
}
