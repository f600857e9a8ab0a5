// Owns TLS material: the operator's PEM files, or a self-signed certificate generated once into DATA/tls.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import selfsigned from 'selfsigned';
import type { Config } from '../config';

export type TlsMaterial = { cert: string; key: string; file: string };

export async function tlsMaterial(cfg: Config): Promise<TlsMaterial> {
  if (cfg.tlsCert && cfg.tlsKey)
    return { cert: readFileSync(cfg.tlsCert, 'utf8'), key: readFileSync(cfg.tlsKey, 'utf8'), file: cfg.tlsCert };
  const dir = join(cfg.dataDir, 'tls');
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
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
  }
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), file: certFile };
}
