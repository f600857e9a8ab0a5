// Owns the portal endpoints: minting links (audit:write), the public exchange, and the session-authenticated viewer API.
import { Elysia } from 'elysia';
import { authorize } from '../http/auth';
import { limitPublic, limitSession } from '../http/limits';
import { exchangeLink, mintPortalSession, portalCheckpoint, portalEvent, portalEvents, portalStreams, portalVerify, sessionOf } from './service';

type Q = Record<string, string | undefined>;

/** The viewer's session (401 when invalid), charged to its per-session rate limit. */
function viewer(request: Request) {
  const s = sessionOf(request.headers);
  limitSession(request, s.link_id);
  return s;
}

export const portalRoutes = new Elysia()
  .post('/v1/audit/portal_sessions', async ({ request, body, set }) => {
    const p = authorize(request, ['audit:write']);
    const out = await mintPortalSession(p.tenant, body);
    set.status = 201;
    return out;
  })
  .post('/v1/audit/portal/exchange', ({ request, body }) => {
    limitPublic(request);
    return exchangeLink(body);
  })
  .get('/v1/portal/audit/events', ({ request, query }) => portalEvents(viewer(request), query as Q))
  .get('/v1/portal/audit/events/:id', ({ request, params }) => portalEvent(viewer(request), params.id))
  .get('/v1/portal/audit/events/:id/verify', ({ request, params }) => portalVerify(viewer(request), params.id))
  .get('/v1/portal/audit/checkpoint', ({ request }) => portalCheckpoint(viewer(request)))
  .get('/v1/portal/streams', ({ request }) => portalStreams(viewer(request)));
