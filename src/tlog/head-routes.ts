// Owns the head log endpoints (DECISIONS 11): GET /v1/proof/head/checkpoint, /inclusion and /consistency, public.
import { Elysia } from 'elysia';
import { Type as t } from '@sinclair/typebox';
import type { Guards } from '../api/guards';
import { doc } from '../api/doc';
import { Hex64, Ts, open } from '../api/schemas';
import { headCheckpointOut, headConsistencyOut, headInclusionOut } from './head-proofs';
import { Consistency, ConsistencyQuery, Inclusion } from './route-schemas';

type Q = Record<string, string | undefined>;
const tag = 'logs';

const HeadCheckpoint = open({
  origin: t.String(), tree_size: t.Integer(), root_hash: Hex64,
  checkpoint: t.String({ description: 'C2SP signed note: platform signature line, then one cosignature line per witness' }),
  cosignatures: t.Array(t.Object({ witness: t.String(), key_id: t.String({ pattern: '^[0-9a-f]{8}$' }), time: t.Integer({ description: 'Unix seconds' }) })),
  timestamps: t.Array(t.Object({ token: t.String({ contentEncoding: 'base64', description: 'DER TimeStampToken (CMS ContentInfo)' }), gen_time: Ts, tsa: t.String() })),
  issued_at: Ts,
});

/** The head routes, public (no key), limited per client IP like the other public routes. */
export const headRoutes = (guards: Guards) =>
  new Elysia()
    .use(guards)
    .get('/v1/proof/head/checkpoint', ({ query }) => headCheckpointOut(query as Q), {
      publicRate: true,
      detail: doc({
        summary: 'The latest published head (or the published head of tree_size leaves): the platform-signed note with one cosignature line per witness that cosigned, and RFC 3161 tokens over its body',
        tag, ok: { 200: HeadCheckpoint }, errors: ['invalid_tree_size', 'checkpoint_not_found'], query: { tree_size: t.Optional(t.Integer()) },
      }),
    })
    .get('/v1/proof/head/inclusion', ({ query }) => headInclusionOut(query as Q), {
      publicRate: true,
      detail: doc({
        summary: 'Inclusion proof of a head leaf (by leaf_index, or by the origin and size of the log checkpoint it commits to) in a published head',
        tag, ok: { 200: Inclusion }, errors: ['invalid_leaf_index', 'invalid_tree_size', 'leaf_pending', 'leaf_not_found', 'checkpoint_not_found'],
        query: { leaf_index: t.Optional(t.Integer()), origin: t.Optional(t.String()), size: t.Optional(t.Integer()), tree_size: t.Optional(t.Integer()) },
      }),
    })
    .get('/v1/proof/head/consistency', ({ query }) => headConsistencyOut(query as Q), {
      publicRate: true,
      detail: doc({ summary: 'Consistency proof between two head sizes, up to the latest published head', tag, ok: { 200: Consistency }, errors: ['invalid_tree_size'], query: ConsistencyQuery }),
    });
