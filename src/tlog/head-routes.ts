// Owns the head log endpoints (DECISIONS 11): GET /v1/proof/head/checkpoint, /inclusion and /consistency, public.
import { Elysia } from 'elysia';
import { headCheckpointOut, headConsistencyOut, headInclusionOut } from './head-proofs';

type Q = Record<string, string | undefined>;

/** The head routes, public (no key); `limitPublic` is the per-IP limit of the other public routes, handed in by the server. */
export const headRoutes = (limitPublic: (request: Request) => void) =>
  new Elysia()
    .get('/v1/proof/head/checkpoint', ({ request, query }) => {
      limitPublic(request);
      return headCheckpointOut(query as Q);
    })
    .get('/v1/proof/head/inclusion', ({ request, query }) => {
      limitPublic(request);
      return headInclusionOut(query as Q);
    })
    .get('/v1/proof/head/consistency', ({ request, query }) => {
      limitPublic(request);
      return headConsistencyOut(query as Q);
    });
