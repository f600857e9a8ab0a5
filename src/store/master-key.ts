// Owns the master key file: 32 random bytes, mode 0600, created on first use.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';

let cached: Buffer | null = null;

/** The 32-byte AES-256-GCM key that encrypts tenant signing seeds at rest. Throws on a bad file. */
export function masterKey(file: string): Buffer {
  if (cached) return cached;
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    // wx: two processes racing to create it cannot both win.
    try {
      writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    chmodSync(file, 0o600);
  }
  const k = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (k.length !== 32) throw new Error(`master key file ${file} must hold 32 base64-encoded bytes`);
  cached = k;
  return k;
}
