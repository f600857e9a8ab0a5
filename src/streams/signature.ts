// Owns the webhook signature of docs/webhooks.md#verifying-the-signature: X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>.
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Service-Signature';
export const SECRET_PREFIX = 'whsec_';

/**
 * The header value for a delivery: HMAC-SHA256 keyed with the UTF-8 bytes of the whole secret
 * (prefix included) over the bytes of `${t}.${rawBody}`, as lowercase hex.
 */
export function signatureHeader(secret: string, t: number, rawBody: string): string {
  const v1 = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${t}.${rawBody}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}
