// Owns the receiver's side of an audit stream delivery (docs/webhooks.md): the check of X-Service-Signature:
// t=<unix seconds>,v1=<hex HMAC-SHA256 keyed with the whole secret over `${t}.${raw body}`>, within a tolerance,
// compared in constant time, and the typed delivery (an event batch or a checkpoint) of a body that passes it.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { equalBytes, fromHex } from '../../../src/verify/primitives';
import { ProofLedgerError } from './errors';
import type { WebhookDelivery } from './types';

const utf8 = new TextEncoder();

export type WebhookOptions = {
  /** How far the signature's time may be from now, in seconds; default 300. */
  toleranceSeconds?: number;
  /** The current time in milliseconds (tests); default Date.now(). */
  now?: number;
};

/**
 * True only when `signatureHeader` carries a v1 HMAC of exactly these body bytes made with `secret`, dated within
 * the tolerance. Pass the body as received (text or bytes), before any JSON parsing: re-serialized JSON differs.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secret: string,
  o: WebhookOptions = {},
): boolean {
  if (typeof signatureHeader !== 'string' || typeof secret !== 'string' || secret === '') return false;
  let t: number | null = null;
  const sigs: Uint8Array[] = [];
  for (const part of signatureHeader.split(',')) {
    const i = part.indexOf('=');
    const k = part.slice(0, i).trim();
    const v = part.slice(i + 1).trim();
    if (k === 't' && /^\d{1,15}$/.test(v)) t = Number(v);
    else if (k === 'v1') {
      const b = fromHex(v.toLowerCase());
      if (b && b.length === 32) sigs.push(b);
    }
  }
  if (t === null || sigs.length === 0) return false;
  const tolerance = o.toleranceSeconds ?? 300;
  if (Math.abs((o.now ?? Date.now()) / 1000 - t) > tolerance) return false;
  const body = typeof rawBody === 'string' ? utf8.encode(rawBody) : rawBody;
  const prefix = utf8.encode(`${t}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);
  const expected = hmac(sha256, utf8.encode(secret), signed);
  // equalBytes looks at every byte whatever differs (constant time for equal lengths; both are 32 bytes here).
  let ok = false;
  for (const s of sigs) ok = equalBytes(expected, s) || ok;
  return ok;
}

/**
 * The delivery in `rawBody` once its signature verifies (as verifyWebhook), parsed and tagged: `type: 'events'` for a
 * batch of audit events (`stream_id`, `org_id`, `events`), `type: 'checkpoint'` for a signed checkpoint of the org's
 * log. Throws a ProofLedgerError with code `invalid_signature` when the signature does not verify (wrong secret,
 * altered body, outside the tolerance, malformed header), and `invalid_payload` for a signed body that is neither.
 */
export function constructEvent(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secret: string,
  o: WebhookOptions = {},
): WebhookDelivery {
  if (!verifyWebhook(rawBody, signatureHeader, secret, o))
    throw new ProofLedgerError({
      code: 'invalid_signature',
      status: 0,
      message: 'X-Service-Signature does not verify for this body and secret within the tolerance',
    });
  let body: unknown;
  try {
    body = JSON.parse(typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody));
  } catch {
    body = null;
  }
  const d = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (d.type === 'checkpoint' && typeof d.checkpoint === 'string') return d as WebhookDelivery;
  if (Array.isArray(d.events) && typeof d.stream_id === 'string')
    return { ...(d as Omit<Extract<WebhookDelivery, { type: 'events' }>, 'type'>), type: 'events' };
  throw new ProofLedgerError({
    code: 'invalid_payload',
    status: 0,
    message: 'a signed body that is neither an event batch nor a checkpoint delivery',
    body,
  });
}
