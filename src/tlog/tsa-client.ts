// Owns asking an RFC 3161 time-stamping authority for a token (docs/transparency-logs.md#head-checkpoints-and-publication): the request over SHA-256 of the data
// with a fresh nonce and certReq, POSTed as application/timestamp-query, and the reply kept only when
// src/verify/timestamp.ts accepts it (granted, imprint, nonce, CMS signature, critical timeStamping EKU, chain).
import { nodeSha256 } from '../verify/node-primitives';
import { buildTimestampRequest, checkTimestampResponse, newNonce, type TrustAnchors } from '../verify/timestamp';

export type TsaAnswer =
  | { ok: true; token: Uint8Array; genTime: Date; genTimeText: string; tsa: string; receivedAt: number }
  | { ok: false; error: string };

/** Replies above this size are not read (a token with its certificates is a few kilobytes). */
const MAX_REPLY = 256 * 1024;

/** Asks `url` for a token over SHA-256 of `data`; never throws. */
export async function requestTimestamp(
  url: string,
  data: Uint8Array,
  anchors: TrustAnchors,
  timeoutMs = 15_000,
): Promise<TsaAnswer> {
  const nonce = newNonce();
  let reply: Uint8Array;
  try {
    const res = await fetch(url, {
      method: 'POST',
      body: Buffer.from(buildTimestampRequest(nodeSha256(data), nonce)),
      headers: { 'content-type': 'application/timestamp-query' },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    if (res.status !== 200) return { ok: false, error: `the TSA answered HTTP ${res.status}` };
    reply = new Uint8Array(await res.arrayBuffer());
  } catch (e) {
    return { ok: false, error: `the TSA is unreachable: ${(e as Error).message}` };
  }
  const receivedAt = Date.now();
  if (reply.length > MAX_REPLY) return { ok: false, error: `the TSA's reply is over ${MAX_REPLY} bytes` };
  const v = await checkTimestampResponse(nodeSha256, reply, data, { anchors, nonce });
  if (!v.ok || !v.token)
    return { ok: false, error: v.ok ? 'no token in the reply' : `reply refused (${v.reason}): ${v.detail}` };
  return { ok: true, token: v.token, genTime: v.genTime, genTimeText: v.genTimeText, tsa: v.tsa, receivedAt };
}
