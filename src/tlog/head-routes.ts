// Owns the head log endpoints (docs/transparency-logs.md#head-endpoints-public-rate-limited-like-the-other-public-routes), public: GET /v1/proof/head/checkpoint, /inclusion and /consistency, and
// its C2SP tlog-tiles under /tlog/head (checkpoint, hash tiles, entry bundles), all bounded by the latest published head.
import { Elysia } from 'elysia';
import { Type as t } from '@sinclair/typebox';
import type { Guards } from '../route-kit/guards';
import { doc, type QueryParams } from '../route-kit/doc';
import { headCheckpointOut, headConsistencyOut, headInclusionOut } from './head-proofs';
import { headLog, latestPublishedHead } from './heads';
import { leafData } from './repo';
import { Consistency, ConsistencyQuery, HeadCheckpoint, Inclusion } from './model';
import { checkpointReply, tileReply, type ServedLog } from './tile-routes';

const tag = 'logs';

/** The head log as tiles serve it: up to the latest published head (an unpublished head is never served). */
function headServed(): ServedLog | null {
  const log = headLog();
  const h = latestPublishedHead();
  return log && h ? { num: log.num, size: h.tree_size, note: h.note } : null;
}
/** A head leaf's data, stored with it (the head names no tenant: its entry bundles need no key). */
const headLeafData = (index: number): Uint8Array | null => {
  const log = headLog();
  return log ? (leafData().get([log.num, index]) ?? null) : null;
};

export const headRoutes = (guards: Guards) =>
  new Elysia()
    .use(guards)
    .get('/v1/proof/head/checkpoint', ({ query }) => headCheckpointOut(query as QueryParams), {
      publicRate: true,
      detail: doc({
        summary:
          'The latest published head, or the published head of tree_size leaves, with its cosignatures and RFC 3161 tokens',
        tag,
        query: { tree_size: t.Optional(t.Integer()) },
        ok: { 200: HeadCheckpoint },
        errors: ['invalid_tree_size', 'checkpoint_not_found'],
      }),
    })
    .get('/v1/proof/head/inclusion', ({ query }) => headInclusionOut(query as QueryParams), {
      publicRate: true,
      detail: doc({
        summary:
          'Inclusion proof of a head leaf (by leaf_index, or by the origin and size of the log checkpoint it commits to) in a published head',
        tag,
        query: {
          leaf_index: t.Optional(t.Integer()),
          origin: t.Optional(t.String()),
          size: t.Optional(t.Integer()),
          tree_size: t.Optional(t.Integer()),
        },
        ok: { 200: Inclusion },
        errors: ['invalid_leaf_index', 'invalid_tree_size', 'leaf_pending', 'leaf_not_found', 'checkpoint_not_found'],
      }),
    })
    .get('/v1/proof/head/consistency', ({ query }) => headConsistencyOut(query as QueryParams), {
      publicRate: true,
      detail: doc({
        summary: 'Consistency proof between two head sizes, up to the latest published head',
        tag,
        query: ConsistencyQuery,
        ok: { 200: Consistency },
        errors: ['invalid_tree_size'],
      }),
    })
    .get('/tlog/head/checkpoint', () => checkpointReply(headServed()), {
      publicRate: true,
      detail: doc({
        summary: 'The latest published head (C2SP tlog-tiles; text/plain)',
        tag,
        ok: { 200: 'text' },
        errors: ['checkpoint_not_found'],
      }),
    })
    .get(
      '/tlog/head/tile/entries/*',
      ({ request, params }) => tileReply(request, headServed(), `entries/${params['*']}`, headLeafData, true),
      {
        publicRate: true,
        detail: doc({
          summary:
            "Entry bundle <N>[.p/<W>] of the head log (C2SP tlog-tiles; each head leaf's data after a big-endian uint16 length)",
          tag,
          ok: { 200: 'bytes' },
          errors: ['bad_request', 'not_found'],
        }),
      },
    )
    .get('/tlog/head/tile/*', ({ request, params }) => tileReply(request, headServed(), params['*'], null, true), {
      publicRate: true,
      detail: doc({
        summary: 'Hash tile <L>/<N>[.p/<W>] of the head log (C2SP tlog-tiles; 32-byte hashes)',
        tag,
        ok: { 200: 'bytes' },
        errors: ['bad_request', 'not_found'],
      }),
    });
