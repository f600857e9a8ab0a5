// Owns encryption of private signing seeds at rest: AES-256-GCM under the master key.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Layout: 12-byte IV | 16-byte GCM tag | ciphertext. `aad` binds the blob to its key_id. */
export function seal(masterKey: Uint8Array, plaintext: Uint8Array, aad: string): Buffer {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', masterKey, iv);
  c.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([c.update(plaintext), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), ct]);
}

/** Inverse of seal; throws when the blob was altered or the master key is wrong. */
export function open(masterKey: Uint8Array, blob: Uint8Array, aad: string): Buffer {
  const b = Buffer.from(blob);
  const d = createDecipheriv('aes-256-gcm', masterKey, b.subarray(0, 12));
  d.setAAD(Buffer.from(aad));
  d.setAuthTag(b.subarray(12, 28));
  return Buffer.concat([d.update(b.subarray(28)), d.final()]);
}
