// Owns the health routes for load balancers: liveness (GET /healthz, with the version, and the node's role and applied
// position when replication is on), GET /healthz/primary and GET /healthz/replica (docs/operations.md).
import { Elysia } from 'elysia';
import { Type as t } from '@sinclair/typebox';
import { doc } from '../api/doc';
import type { ReplicationNode } from '../replication/node';
import { VERSION } from '../version';

const Health = t.Object({
  status: t.String(),
  version: t.String({ description: 'Version of the appliance (package version of the build)' }),
  role: t.Optional(t.Union([t.Literal('primary'), t.Literal('standby')])),
  applied: t.Optional(t.Integer({ description: 'Last stream position applied to this node' })),
  lag_seconds: t.Optional(t.Union([t.Number(), t.Null()])),
  diverged: t.Optional(
    t.Literal(true, {
      description:
        'Present on a node that holds a change the replicated stream does not: it applies nothing more, serves neither role and must be rebuilt',
    }),
  ),
});
type Health = typeof Health.static;

/** The liveness body: {status: 'ok', version} alone in single-node mode; `diverged: true` on a diverged node. */
function health(node: ReplicationNode | null): Health {
  const s = node?.state() ?? null;
  if (!s) return { status: 'ok', version: VERSION };
  const body: Health = { status: 'ok', version: VERSION, role: s.role, applied: s.applied, lag_seconds: s.lag_seconds };
  if (s.diverged) body.diverged = true;
  return body;
}

const reply = (ok: boolean, body: Health): Response =>
  new Response(JSON.stringify(ok ? body : { ...body, status: 'unavailable' }), {
    status: ok ? 200 : 503,
    headers: { 'content-type': 'application/json;charset=utf-8' },
  });

/** `node`: this node of a cluster (the server's boot), null in single-node mode. */
export const healthRoutes = (node: ReplicationNode | null) =>
  new Elysia()
    .get('/healthz', () => health(node), {
      detail: doc({
        summary: 'Liveness: the store is open and the workers run; with replication, the role and applied position',
        tag: 'service',
        ok: { 200: Health },
      }),
    })
    // Single node: it is the primary, and no replica.
    .get('/healthz/primary', () => reply(node?.state() ? node.holdsLease() : true, health(node)), {
      detail: doc({
        summary:
          'For load balancers: 200 only on the primary (a lease PostgreSQL confirmed, not diverged), 503 otherwise',
        tag: 'service',
        ok: { 200: Health, 503: Health },
      }),
    })
    .get('/healthz/replica', () => reply(!!node?.replicaFresh(), health(node)), {
      detail: doc({
        summary:
          'For load balancers: 200 only on a standby within SVC_REPLICA_MAX_LAG_SECONDS of the primary (not diverged), 503 otherwise',
        tag: 'service',
        ok: { 200: Health, 503: Health },
      }),
    });
