// Owns presigned download URLs: HMAC-SHA256 under a server secret kept in DATA/export-url.key (mode 0600).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { config, publicUrl } from '../config';
import { keyFile } from '../store/master-key';

/** The URL signing secret, DATA/export-url.key. */
const urlKey = (): Buffer => keyFile(join(config().dataDir, 'export-url.key'));

/** The signature binds the export id and the expiry: hex HMAC-SHA256(key, "<id>.<expires>"). */
const mac = (id: string, expires: number): Buffer => createHmac('sha256', urlKey()).update(`${id}.${expires}`).digest();

/** docs/portal-and-exports.md#exports: {public_url}/v1/audit/exports/{id}/download?expires=<unix>&sig=<hex HMAC>. */
export function downloadUrl(id: string, expires: number): string {
  return `${publicUrl()}/v1/audit/exports/${encodeURIComponent(id)}/download?expires=${expires}&sig=${mac(id, expires).toString('hex')}`;
}

/** Exactly the query downloadUrl issues: each parameter once, in that order, canonical decimal, lowercase hex. */
const ISSUED_QUERY = /^expires=(0|[1-9]\d{0,11})&sig=([0-9a-f]{64})$/;

/**
 * 'ok', 'tampered' (the query of `url` is not exactly one downloadUrl issued for `id`: any other spelling, a
 * repeated or extra parameter, or a signature that does not match id and expiry) or 'expired'.
 */
export function checkDownload(
  id: string,
  url: string,
  nowS = Math.floor(Date.now() / 1000),
): 'ok' | 'tampered' | 'expired' {
  const q = url.indexOf('?');
  const m = q < 0 ? null : ISSUED_QUERY.exec(url.slice(q + 1));
  if (!m) return 'tampered';
  const exp = Number(m[1]);
  if (!timingSafeEqual(mac(id, exp), Buffer.from(m[2]!, 'hex'))) return 'tampered';
  return exp <= nowS ? 'expired' : 'ok';
}
