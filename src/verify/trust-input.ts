// Owns reading the verifier's own trust from the texts its user gives (docs/verification.md#the-command-lines): the
// witness policy (C2SP tlog-policy), the TSA roots (PEM) and a saved key list or platform key (JSON). Pure: file
// contents in, the parsed trust or the reason out; `svc verify` and the TypeScript client's verifier and CLI use it.
import type { Sha256 } from './primitives';
import { parsePolicy, type Policy } from './policy';
import { loadTrustAnchors, type TrustAnchors } from './timestamp';

/** What was read, or why it cannot be used (each front end says it its own way: an error line, an `options.` check). */
export type TrustRead<T> = { ok: true; value: T } | { ok: false; reason: string };

/** A witness policy text; the reason names the line (`line 3: ...`). */
export function readPolicy(sha256: Sha256, text: string): TrustRead<Policy> {
  const r = parsePolicy(sha256, text);
  return r.ok ? { ok: true, value: r.policy } : { ok: false, reason: `line ${r.line}: ${r.error}` };
}

/** A PEM text of TSA roots: every certificate parsed, and at least one. */
export function readTsaRoots(pem: string): TrustRead<TrustAnchors> {
  let anchors: TrustAnchors;
  try {
    anchors = loadTrustAnchors(pem);
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
  if (anchors.certificates.length === 0) return { ok: false, reason: 'no CERTIFICATE block in the TSA roots' };
  return { ok: true, value: anchors };
}

/** A saved JSON answer (GET /keys/{domain}, GET /.well-known/svc-platform-key). */
export function readSavedJson(text: string): TrustRead<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, reason: 'is not JSON' };
  }
}
