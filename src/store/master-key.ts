// Owns the appliance's secret key files (master key, export URL key): 32 random bytes, mode 0600, created on first use.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';

// By path: a server started again on another data directory reads that directory's keys.
const cached = new Map<string, Buffer>();

/**
 * The 32 bytes kept base64 in `file`, created with mode 0600 when absent (`wx`: two processes racing to
 * create it cannot both win). Throws when the file does not hold exactly 32 base64-encoded bytes.
 */
export function keyFile(file: string): Buffer {
  const hit = cached.get(file);
  if (hit) return hit;
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    chmodSync(file, 0o600);
  }
  const k = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (k.length !== 32) throw new Error(`key file ${file} must hold 32 base64-encoded bytes`);
  cached.set(file, k);
  return k;
}

/** The 32-byte AES-256-GCM key that encrypts tenant signing seeds at rest. Throws on a bad file. */
export const masterKey = (file: string): Buffer => keyFile(file);
