// Owns reading an X.509 certificate's validity window (the TLS certificate: `svc doctor`, the console, /metrics).
import { X509Certificate } from 'node:crypto';

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
