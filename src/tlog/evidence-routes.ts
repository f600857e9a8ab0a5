// Owns the public routes of the standard evidence formats that no record area owns: a log checkpoint's COSE Receipt
// and tlog-proof in its head, the receipt key set (/.well-known/scitt-keys) and the published witness policy.
import { Elysia } from 'elysia';
import { Type as t } from '@sinclair/typebox';
import type { Guards } from '../route-kit/guards';
import { doc } from '../route-kit/doc';
import { cborReply, coseReply, evidenceDoc, problemReply, textReply } from '../route-kit/evidence';
import { checkpointReceipt } from './receipts';
import { receiptKey, receiptKeySet } from './scitt-keys';
import { checkpointTlogProof } from './tlog-proofs';
import { publishedWitnessPolicy } from './witness-policy';

type Q = { origin?: string; size?: string };
const CHECKPOINT_QUERY = {
  origin: t.String({ description: "The log checkpoint's origin line" }),
  size: t.Integer({ description: "The log checkpoint's tree size" }),
};
const CHECKPOINT_ERRORS = ['invalid_tree_size', 'leaf_not_found'] as const;

export const evidenceRoutes = (guards: Guards) =>
  new Elysia()
    .use(guards)
    .get('/v1/proof/head/receipt', ({ query }) => coseReply(checkpointReceipt(query as Q)), {
      publicRate: true,
      detail: evidenceDoc(
        'receipt',
        'a log checkpoint in the earliest published head that contains it, signed by the platform key',
        [...CHECKPOINT_ERRORS],
        CHECKPOINT_QUERY,
      ),
    })
    .get('/v1/proof/head/tlog-proof', ({ query }) => textReply(checkpointTlogProof(query as Q)), {
      publicRate: true,
      detail: evidenceDoc(
        'tlog-proof',
        'a log checkpoint in the earliest published head that contains it, with its cosignature lines',
        [...CHECKPOINT_ERRORS],
        CHECKPOINT_QUERY,
      ),
    })
    .get('/.well-known/scitt-keys', () => cborReply(receiptKeySet()), {
      publicRate: true,
      detail: doc({
        summary: 'COSE Key Set of every key that signs receipts (tenant keys current and retired, the platform key)',
        description: 'Each COSE_Key carries 2 (kid): its RFC 9679 thumbprint, the kid of the receipts it signs',
        tag: 'keys',
        ok: { 200: 'cbor' },
      }),
    })
    .get(
      '/.well-known/scitt-keys/:kid',
      ({ params }) => {
        const key = receiptKey(params.kid);
        return key
          ? cborReply(key)
          : problemReply(404, 'not_found', 'No key that signs receipts has this kid (base64url, no padding)');
      },
      {
        publicRate: true,
        detail: doc({
          summary: 'One COSE_Key by its kid (base64url without padding)',
          description: 'An unknown kid is answered 404 with RFC 9290 concise problem details (CBOR)',
          tag: 'keys',
          ok: { 200: 'cbor' },
          errors: ['not_found'],
        }),
      },
    )
    .get('/.well-known/svc-witness-policy', () => textReply(publishedWitnessPolicy()), {
      publicRate: true,
      detail: doc({
        summary: "The C2SP tlog-policy under which heads are published (its log line is the head's verifier key)",
        tag: 'keys',
        ok: { 200: 'text' },
      }),
    });
