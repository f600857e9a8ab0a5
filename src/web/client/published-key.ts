// Owns fetching what the rules check the keys against: the issuer domain's key list (GET /keys/{domain}, DECISIONS 7)
// and the appliance's platform key (GET /.well-known/svc-platform-key), which signs those key records and the head.
import type { VerifyOptions } from '../../verify/verify-document';
import { getJson } from './dom';

/** One request per URL and page. */
const fetched = new Map<string, Promise<{ status: number; body: any }>>();
function once(path: string): Promise<{ status: number; body: any }> {
  let p = fetched.get(path);
  if (!p) fetched.set(path, (p = getJson(path)));
  return p;
}

/**
 * The key options of the rules: the domain's key list, or why it could not be fetched (the key checks are then
 * skipped), and the platform key when the appliance serves it (without it the head note's signature is a SKIP line).
 */
export async function keyOptions(domain: unknown): Promise<VerifyOptions> {
  const platform = await once('/.well-known/svc-platform-key');
  const platformKey =
    platform.status === 200 && platform.body && typeof platform.body.public_key === 'string'
      ? { platformKey: platform.body }
      : {};
  if (typeof domain !== 'string' || !domain)
    return { keysUnavailable: 'the proof names no issuer domain', ...platformKey };
  const { status, body } = await once(`/keys/${encodeURIComponent(domain)}`);
  return status === 200 && body && Array.isArray(body.keys)
    ? { keys: body, ...platformKey }
    : { keysUnavailable: `the key list of ${domain} is unavailable (${status || 'network error'})`, ...platformKey };
}
