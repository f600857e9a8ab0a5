// Owns fetching the issuer domain's key list (GET /keys/{domain}, DECISIONS 7) for the rules to check the keys against.
import type { VerifyOptions } from '../../verify/verify-document';
import { getJson } from './dom';

/** One request per domain and page. */
const lists = new Map<string, Promise<{ status: number; body: any }>>();

/** The key options of the rules: the domain's key list, or why it could not be fetched (the key checks are then skipped). */
export async function keyOptions(domain: unknown): Promise<VerifyOptions> {
  if (typeof domain !== 'string' || !domain) return { keysUnavailable: 'the proof names no issuer domain' };
  let p = lists.get(domain);
  if (!p) lists.set(domain, (p = getJson(`/keys/${encodeURIComponent(domain)}`)));
  const { status, body } = await p;
  return status === 200 && body && Array.isArray(body.keys) ? { keys: body } : { keysUnavailable: `the key list of ${domain} is unavailable (${status || 'network error'})` };
}
