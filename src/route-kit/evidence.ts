// Owns how the standard evidence files are answered (docs/api.md#receipts-and-tlog-proofs): a COSE Receipt as
// application/cose, a C2SP tlog-proof as text/plain, CBOR documents, RFC 9290 concise problem details, and the
// documentation every receipt and tlog-proof route shares.
import type { DocumentDecoration } from 'elysia';
import { encodeCbor } from '../crypto/cbor';
import type { ErrorCode } from '../errors';
import { doc } from './doc';

export const coseReply = (receipt: Uint8Array): Response =>
  new Response(new Uint8Array(receipt), { headers: { 'content-type': 'application/cose' } });

export const cborReply = (body: Uint8Array): Response =>
  new Response(new Uint8Array(body), { headers: { 'content-type': 'application/cbor' } });

/** RFC 9290 concise problem details: {-1 (title): the error code, -2 (detail): what went wrong}, in CBOR. */
export const problemReply = (
  status: number,
  title: ErrorCode,
  detail: string,
  headers: Record<string, string> = {},
): Response =>
  new Response(
    new Uint8Array(
      encodeCbor(
        new Map([
          [-1, title],
          [-2, detail],
        ]),
      ),
    ),
    { status, headers: { ...headers, 'content-type': 'application/concise-problem-details+cbor' } },
  );

export const textReply = (text: string): Response =>
  new Response(text, { headers: { 'content-type': 'text/plain; charset=utf-8' } });

/**
 * The documentation of a receipt or tlog-proof route of `what` (a record kind, or a log checkpoint); `errors`: those
 * of finding it (the JSON proof's), to which the pending state adds 409 leaf_pending.
 */
export function evidenceDoc(
  format: 'receipt' | 'tlog-proof',
  what: string,
  errors: ErrorCode[],
  query?: Parameters<typeof doc>[0]['query'],
): DocumentDecoration {
  return doc({
    summary:
      format === 'receipt'
        ? `COSE Receipt (RFC9162_SHA256) of ${what}`
        : `C2SP tlog-proof (c2sp.org/tlog-proof@v1) of ${what}`,
    description:
      format === 'receipt'
        ? 'A COSE_Sign1 with a detached payload (the Merkle root), signed by the key that signed the checkpoint it is built on; see docs/verification.md'
        : 'The leaf index, its audit path and the checkpoint note; see docs/verification.md',
    tag: 'proofs',
    ok: { 200: format === 'receipt' ? 'cose' : 'text' },
    errors: [...errors, 'leaf_pending'],
    ...(query ? { query } : {}),
  });
}
