// Owns presigned download URLs: HMAC-SHA256 under a server secret kept in DATA/export-url.key (mode 0600).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { config, publicUrl } from '../config';
import { keyFile } from '../store/master-key';

/** The URL signing secret, DATA/export-url.key. */
const urlKey = (): Buffer => keyFile(join(config().dataDir, 'export-url.key'));

/** The signature binds the export id and the expiry: hex HMAC-SHA256(key, "<id>.<expires>"). */
const mac = (id: string, expires: number): Buffer => createHmac('sha256', urlKey()).update(`${id}.${expires}`).digest();

/** DECISIONS 6: {public_url}/v1/audit/exports/{id}/download?expires=<unix>&sig=<hex HMAC>. */
export function downloadUrl(id: string, expires: number): string {
  return `${publicUrl()}/v1/audit/exports/${encodeURIComponent(id)}/download?expires=${expires}&sig=${mac(id, expires).toString('hex')}`;
}

/** 'ok', 'tampered' (signature does not match id and expiry) or 'expired'. */
export function checkDownload(id: string, expires: unknown, sig: unknown, nowS = Math.floor(Date.now() / 1000)): 'ok' | 'tampered' | 'expired' {
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof sig !== 'string' || !/^[0-9a-f]{64}$/.test(sig)) return 'tampered';
  const exp = Number(expires);
  if (!timingSafeEqual(mac(id, exp), Buffer.from(sig, 'hex'))) return 'tampered';
  return exp <= nowS ? 'expired' : 'ok';
}
