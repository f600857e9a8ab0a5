// Owns TLS material: the operator's PEM files, or a self-signed certificate generated once into DATA/tls; a pair that
// cannot serve is refused with its files named.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import selfsigned from 'selfsigned';
import type { Config } from '../config';
import { tlsPairProblem } from '../crypto/certificate';

export type TlsMaterial = { cert: string; key: string; file: string };

/** Where the certificate and key are: the operator's files, else the generated pair in DATA/tls. */
export function tlsFiles(cfg: Config): { cert: string; key: string; generated: boolean } {
  if (cfg.tlsCert && cfg.tlsKey) return { cert: cfg.tlsCert, key: cfg.tlsKey, generated: false };
  const dir = join(cfg.dataDir, 'tls');
  return { cert: join(dir, 'cert.pem'), key: join(dir, 'key.pem'), generated: true };
}

/**
 * The pair there is (null when none was generated yet), read and checked: throws one line naming the files when
 * the certificate or key does not parse or they do not belong together. Writes nothing.
 */
export function existingTlsMaterial(cfg: Config): TlsMaterial | null {
  const f = tlsFiles(cfg);
  if (f.generated && (!existsSync(f.cert) || !existsSync(f.key))) return null;
  const cert = readFileSync(f.cert, 'utf8');
  const key = readFileSync(f.key, 'utf8');
  const problem = tlsPairProblem(cert, key);
  if (problem) throw new Error(`TLS (${f.cert}, ${f.key}): ${problem}`);
  return { cert, key, file: f.cert };
}

export async function tlsMaterial(cfg: Config): Promise<TlsMaterial> {
  const existing = existingTlsMaterial(cfg);
  if (existing) return existing;
  const { cert: certFile, key: keyFile } = tlsFiles(cfg);
  mkdirSync(join(cfg.dataDir, 'tls'), { recursive: true, mode: 0o700 });
  const now = new Date();
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate: new Date(now.getTime() + 825 * 86400_000),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  } as never);
  writeFileSync(keyFile, pems.private, { mode: 0o600 });
  writeFileSync(certFile, pems.cert);
  return { cert: pems.cert, key: pems.private, file: certFile };
}
