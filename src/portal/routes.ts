// Owns the portal endpoints: minting links (audit:write), the public exchange, and the session-authenticated viewer
// API (the viewer guard resolves the session and charges its rate limit).
import { Elysia } from 'elysia';
import type { Guards } from '../route-kit/guards';
import { doc, type QueryParams } from '../route-kit/doc';
import { createdBy, IDEMPOTENT_ERRORS, idempotentDoc } from '../route-kit/idempotent';
import { AuditEvent, AuditEventsPage, AuditQuery, AuditVerify, Processing, StreamList } from '../route-kit/schemas';
import { Exchange, ExchangeIn, MintIn, PortalCheckpoint, PortalLink } from './model';
import {
  exchangeLink,
  mintPortalSession,
  portalCheckpoint,
  portalEvent,
  portalEvents,
  portalStreams,
  portalVerify,
} from './service';

const tag = 'portal';

export const portalRoutes = (guards: Guards) =>
  new Elysia()
    .use(guards)
    .post(
      '/v1/audit/portal_sessions',
      createdBy(201, ({ principal, body }, claim) => mintPortalSession(principal.tenant, body, claim)),
      {
        auth: ['audit:write'],
        detail: doc({
          summary: 'Mint a one-time viewer link',
          tag,
          body: MintIn,
          ok: { 201: PortalLink, 202: Processing },
          ...idempotentDoc(),
          errors: [
            ...IDEMPOTENT_ERRORS,
            'invalid_organization_id',
            'invalid_intent',
            'invalid_duration',
            'invalid_link_duration',
            'not_found',
            'org_not_found',
            'org_archived',
          ],
        }),
      },
    )
    .post('/v1/audit/portal/exchange', ({ body }) => exchangeLink(body), {
      publicRate: true,
      detail: doc({
        summary: 'Exchange a viewer link token for a session',
        tag,
        body: ExchangeIn,
        ok: { 200: Exchange },
        errors: ['invalid_or_used_link', 'wrong_intent'],
      }),
    })
    .get('/v1/portal/audit/events', ({ query, viewer }) => portalEvents(viewer, query as QueryParams), {
      viewer: true,
      detail: doc({
        summary: 'Viewer: query the session org audit events',
        tag,
        query: AuditQuery,
        ok: { 200: AuditEventsPage },
        errors: ['wrong_intent', 'bad_request', 'not_found'],
      }),
    })
    .get('/v1/portal/audit/events/:id', ({ params, viewer }) => portalEvent(viewer, params.id), {
      viewer: true,
      detail: doc({
        summary: 'Viewer: one audit event',
        tag,
        ok: { 200: AuditEvent },
        errors: ['wrong_intent', 'not_found'],
      }),
    })
    .get('/v1/portal/audit/events/:id/verify', ({ params, viewer }) => portalVerify(viewer, params.id), {
      viewer: true,
      detail: doc({
        summary: 'Viewer: verify one audit event',
        tag,
        ok: { 200: AuditVerify },
        errors: ['wrong_intent', 'not_found'],
      }),
    })
    .get('/v1/portal/audit/checkpoint', ({ viewer }) => portalCheckpoint(viewer), {
      viewer: true,
      detail: doc({
        summary: "Viewer: the latest checkpoint of the session org's log",
        tag,
        ok: { 200: PortalCheckpoint },
        errors: ['wrong_intent', 'checkpoint_not_found'],
      }),
    })
    .get('/v1/portal/streams', ({ viewer }) => portalStreams(viewer), {
      viewer: true,
      detail: doc({
        summary: 'Viewer: the streams of the session org',
        tag,
        ok: { 200: StreamList },
        errors: ['wrong_intent'],
      }),
    });
