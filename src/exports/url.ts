// Owns presigned download URLs: HMAC-SHA256 under a server secret kept in DATA/export-url.key (mode 0600).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { config, publicUrl } from '../config';

let cached: { dir: string; key: Buffer } | null = null;

/** 32 random bytes created on first use; `wx` so two processes racing cannot both write one. */
function urlKey(): Buffer {
  const dir = config().dataDir;
  if (cached?.dir === dir) return cached.key;
  const file = join(dir, 'export-url.key');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    chmodSync(file, 0o600);
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} must hold 32 base64-encoded bytes`);
  cached = { dir, key };
  return key;
}

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
