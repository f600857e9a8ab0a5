// Owns reading the TLS certificate: its validity window (`svc doctor`, the console, /metrics) and whether it matches its key.
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';

export type CertificateValidity = { notBefore: number; notAfter: number };

/** The validity window (ms since the epoch) of the first certificate in `pem` (PEM text or DER bytes); null when it does not parse. */
export function certificateValidity(pem: string | Uint8Array): CertificateValidity | null {
  try {
    const c = new X509Certificate(pem);
    return { notBefore: Date.parse(c.validFrom), notAfter: Date.parse(c.validTo) };
  } catch {
    return null;
  }
}

/**
 * Why a PEM certificate and private key cannot serve TLS together (the certificate or the key does not parse, or the
 * key is not the certificate's), or null when they can. The first certificate of a chain is the one checked.
 */
export function tlsPairProblem(cert: string, key: string): string | null {
  let c: X509Certificate;
  try {
    c = new X509Certificate(cert);
  } catch {
    return 'the certificate is not a PEM X.509 certificate';
  }
  let k: KeyObject;
  try {
    k = createPrivateKey(key);
  } catch {
    return 'the key is not a PEM private key';
  }
  return c.checkPrivateKey(k) ? null : 'the certificate does not match the key (it was issued for another key)';
}
