// Owns what the rules check the page's proof against: the issuer domain's key list (GET /keys/{domain}) and the
// appliance's platform key (GET /.well-known/svc-platform-key), which signs those key records and the head, and the
// TSA roots the visitor gives (docs/proof-pages.md#your-tsa-roots), without which no time is claimed.
import { loadTrustAnchors, type TrustAnchors } from '../../verify/timestamp';
import type { VerifyOptions } from '../../verify/verify-document';
import { getJson } from './dom';

/** One request per URL and page. */
const fetched = new Map<string, Promise<{ status: number; body: any }>>();
function once(path: string): Promise<{ status: number; body: any }> {
  let p = fetched.get(path);
  if (!p) fetched.set(path, (p = getJson(path)));
  return p;
}

/** docs/proof-pages.md#your-tsa-roots: the TSA roots the visitor gave, kept for the browser tab. */
const ROOTS = 'svc-tsa-roots';
export const givenRoots = (): string | null => sessionStorage.getItem(ROOTS);
/** Keeps (or, with null, forgets) the visitor's TSA roots and checks the page again with them. */
export function setRoots(pem: string | null): void {
  if (pem?.trim()) sessionStorage.setItem(ROOTS, pem);
  else sessionStorage.removeItem(ROOTS);
  location.reload();
}
/** The visitor's TSA roots, parsed; why not when they cannot be read. */
export function rootsOf(pem: string): { anchors: TrustAnchors } | { error: string } {
  try {
    const anchors = loadTrustAnchors(pem);
    return anchors.certificates.length ? { anchors } : { error: 'no CERTIFICATE block' };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/**
 * The key options of the rules: the domain's key list, or why it could not be fetched (the key checks are then
 * skipped), and the platform key when the appliance serves it (without it the head note's signature is a SKIP line).
 */
export async function keyOptions(domain: unknown): Promise<VerifyOptions> {
  const platform = await once('/.well-known/svc-platform-key');
  const roots = givenRoots();
  const read = roots ? rootsOf(roots) : null;
  const platformKey = {
    ...(platform.status === 200 && platform.body && typeof platform.body.public_key === 'string'
      ? { platformKey: platform.body }
      : {}),
    ...(read && 'anchors' in read ? { tsaAnchors: read.anchors } : {}),
  };
  if (typeof domain !== 'string' || !domain)
    return { keysUnavailable: 'the proof names no issuer domain', ...platformKey };
  const { status, body } = await once(`/keys/${encodeURIComponent(domain)}`);
  return status === 200 && body && Array.isArray(body.keys)
    ? { keys: body, ...platformKey }
    : { keysUnavailable: `the key list of ${domain} is unavailable (${status || 'network error'})`, ...platformKey };
}
