// A client's tour of the API against a live appliance: a representative set of operations, each answer recorded under
// its OpenAPI operation and status, so that the document's examples can be compared with what the appliance answers.
import { call, cli, until, type Reply, type Server } from '../helpers';
import { addCheckpointBody, testLog } from './independent-witness';

/** One live answer: the operation as the document names it ('POST /v1/events'), its status, the reply. */
export type Seen = { op: string; status: number; reply: Reply };

type Req = {
  path?: string;
  query?: Record<string, string | number>;
  key?: string | null;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
};

/**
 * Runs the tour on `s` (started with SVC_CHECKPOINT_SECONDS=1, SVC_HEAD_SECONDS=1, SVC_PUBLIC_RPS=20 and
 * SVC_STREAM_ALLOW_CIDRS=127.0.0.0/8), sending the document's request examples where `bodyOf` gives one.
 * Calls with `apiKey` (all scopes, of the tenant of `domain`; the bootstrap tenant's by default). Returns every answer,
 * in order.
 */
export async function tour(
  s: Server,
  bodyOf: (op: string) => unknown,
  { apiKey, domain }: { apiKey: string; domain: string } = { apiKey: s.apiKey, domain: 'localhost' },
): Promise<Seen[]> {
  const seen: Seen[] = [];
  const hit = async (op: string, r: Req = {}): Promise<Reply> => {
    const [method, template] = op.split(' ') as [string, string];
    const q = r.query ? `?${new URLSearchParams(Object.entries(r.query).map(([k, v]) => [k, String(v)]))}` : '';
    const reply = await call(s, method, (r.path ?? template) + q, {
      key: r.key === undefined ? apiKey : r.key,
      body: r.body,
      raw: r.raw,
      headers: r.headers,
    });
    seen.push({ op, status: reply.status, reply });
    return reply;
  };
  const example = (op: string) => {
    const b = bodyOf(op);
    if (b === undefined) throw new Error(`${op} has no request example`);
    return b;
  };

  // The ledger: an event, its replay, its proof once the log checkpoint and the head cover it.
  const created = await hit('POST /v1/events', {
    body: example('POST /v1/events'),
    headers: { 'idempotency-key': 'k1' },
  });
  await hit('POST /v1/events', { body: example('POST /v1/events'), headers: { 'idempotency-key': 'k1' } });
  const eventId = created.body.event_id;
  await hit('GET /v1/events');
  await hit('GET /v1/events/{event_id}', { path: `/v1/events/${eventId}` });
  await hit('POST /v1/events/{event_id}/verify', {
    path: `/v1/events/${eventId}/verify`,
    body: example('POST /v1/events/{event_id}/verify'),
  });
  await hit('GET /v1/events/{event_id}', { path: '/v1/events/01a203bd-4122-7381-89b1-e368180a5208' });
  await hit('GET /v1/events', { key: null });
  // The framework's plain-text rejections: a body failing the schema, malformed JSON, no JSON content type.
  await hit('POST /v1/events', { body: { event_type: 'invoice.paid' } });
  await hit('POST /v1/events', { raw: '{"event_type":' });
  await hit('POST /v1/events', { raw: '{}', headers: { 'content-type': 'text/plain' } });
  await until(
    async () => {
      const r = await call(s, 'GET', `/v1/proof/event/${eventId}`);
      return r.body?.log?.head?.checkpoint;
    },
    60000,
    250,
  );
  await hit('GET /v1/proof/event/{event_id}', { path: `/v1/proof/event/${eventId}` });
  await hit('GET /v1/proof/event/{event_id}/tlog-proof', { path: `/v1/proof/event/${eventId}/tlog-proof`, key: null });
  await hit('GET /v1/proof/event/{event_id}/receipt', { path: `/v1/proof/event/${eventId}/receipt`, key: null });

  // AI attestations and documents.
  const att = await hit('POST /v1/ai/attestations', { body: example('POST /v1/ai/attestations') });
  await hit('GET /v1/ai/attestations/{attestation_id}', { path: `/v1/ai/attestations/${att.body.attestation_id}` });
  await hit('POST /v1/proof/ai/{attestation_id}/verify', {
    path: `/v1/proof/ai/${att.body.attestation_id}/verify`,
    key: null,
    body: example('POST /v1/proof/ai/{attestation_id}/verify'),
  });
  const anchored = await hit('POST /v1/document/anchor', { body: example('POST /v1/document/anchor') });
  await hit('GET /v1/document/{event_id}', { path: `/v1/document/${anchored.body.event_id}` });
  await hit('POST /v1/document/anchor', { body: example('POST /v1/document/anchor') });
  await hit('POST /v1/proof/document/{event_id}/verify', {
    path: `/v1/proof/document/${anchored.body.event_id}/verify`,
    key: null,
    body: example('POST /v1/proof/document/{event_id}/verify'),
  });

  // A trace: created, one item, sealed, its bundle.
  const trace = await hit('POST /v1/traces', { body: example('POST /v1/traces') });
  const traceId = trace.body.trace_id;
  await call(s, 'POST', '/v1/events', {
    key: apiKey,
    body: { event_type: 'loan.decision', payload: { approved: true }, trace_id: traceId },
  });
  await hit('POST /v1/traces/{trace_id}/seal', { path: `/v1/traces/${traceId}/seal` });
  await until(
    async () => (await call(s, 'GET', `/v1/traces/${traceId}`, { key: apiKey })).body.status === 'sealed',
    30000,
    250,
  );
  await hit('GET /v1/traces/{trace_id}', { path: `/v1/traces/${traceId}` });
  // The bundle once the head covers the seal's checkpoint, as a client waiting for evidence fetches it.
  await until(
    async () => (await call(s, 'GET', `/v1/traces/${traceId}/proof`, { key: apiKey })).body.seal?.log?.head?.checkpoint,
    60000,
    250,
  );
  await hit('GET /v1/traces/{trace_id}/proof', { path: `/v1/traces/${traceId}/proof` });

  // Audit: an org, an event, the query, verification, a stream, an export, a portal session.
  const org = await hit('POST /v1/audit/orgs', { body: example('POST /v1/audit/orgs') });
  const orgId = org.body.organization_id;
  await hit('POST /v1/audit/orgs', { body: example('POST /v1/audit/orgs') });
  await hit('GET /v1/audit/orgs');
  const audit = await hit('POST /v1/audit/events', {
    body: example('POST /v1/audit/events'),
    headers: { 'idempotency-key': 'audit-1' },
  });
  await hit('POST /v1/audit/events', {
    body: example('POST /v1/audit/events'),
    headers: { 'idempotency-key': 'audit-1' },
  });
  await hit('GET /v1/audit/events', { query: { organization_id: orgId, limit: 10 } });
  const verifyPath = `/v1/audit/events/${audit.body.event_id}/verify`;
  await until(async () => (await call(s, 'GET', verifyPath, { key: apiKey })).body.log?.head?.checkpoint, 60000, 250);
  await hit('GET /v1/audit/events/{id}/verify', { path: verifyPath });
  const stream = await hit('POST /v1/audit/orgs/{id}/streams', {
    path: `/v1/audit/orgs/${orgId}/streams`,
    body: { type: 'webhook', url: 'https://127.0.0.1:9/hooks/audit' },
  });
  await hit('GET /v1/audit/orgs/{id}/streams', { path: `/v1/audit/orgs/${orgId}/streams` });
  await hit('POST /v1/audit/orgs/{id}/streams/{stream_id}/pause', {
    path: `/v1/audit/orgs/${orgId}/streams/${stream.body.id}/pause`,
  });
  const exp = await hit('POST /v1/audit/exports', { body: example('POST /v1/audit/exports') });
  const ready = await until(
    async () => {
      const r = await call(s, 'GET', `/v1/audit/exports/${exp.body.id}`, { key: apiKey });
      return r.body.status === 'ready' && r.body;
    },
    30000,
    250,
  );
  await hit('GET /v1/audit/exports/{id}', { path: `/v1/audit/exports/${exp.body.id}` });
  const download = new URL(ready.download_url, s.url);
  await hit('GET /v1/audit/exports/{id}/download', { path: download.pathname + download.search, key: null });
  const link = await hit('POST /v1/audit/portal_sessions', { body: example('POST /v1/audit/portal_sessions') });
  const session = await hit('POST /v1/audit/portal/exchange', { key: null, body: { token: link.body.token } });
  await hit('GET /v1/portal/audit/events', { key: session.body.session_token });
  const streamsLink = await call(s, 'POST', '/v1/audit/portal_sessions', {
    key: apiKey,
    body: { organization_id: orgId, intent: 'log_streams' },
  });
  const streamsSession = await call(s, 'POST', '/v1/audit/portal/exchange', {
    body: { token: streamsLink.body.token },
  });
  await hit('GET /v1/portal/streams', { key: streamsSession.body.session_token });

  // The logs: checkpoints, inclusion and consistency, the head, the platform and tenant keys.
  const cp = await hit('GET /v1/log/checkpoint');
  await hit('GET /v1/log/inclusion', { query: { leaf_index: 0, tree_size: cp.body.tree_size } });
  await hit('GET /v1/log/consistency', { query: { first: 1, second: cp.body.tree_size } });
  await hit('GET /v1/log/inclusion', { query: { leaf_index: cp.body.tree_size + 100 } });
  await hit('GET /v1/proof/head/checkpoint', { key: null });
  await hit('GET /keys/{domain}', { path: `/keys/${domain}`, key: null });
  await hit('GET /.well-known/svc-platform-key', { key: null });
  await hit('GET /healthz', { key: null });

  // Administration: the tenant's own keys, and the platform operator's tenants.
  await hit('GET /v1/admin/keys');
  const made = await hit('POST /v1/admin/keys', { body: example('POST /v1/admin/keys') });
  await hit('POST /v1/admin/keys/{key_id}/revoke', { path: `/v1/admin/keys/${made.body.key_id}/revoke` });
  const token = (await cli(s.dataDir, 'admin-token', 'create', '--name', 'openapi-tour')).json.token;
  await hit('POST /v1/operator/tenants', { key: token, body: example('POST /v1/operator/tenants') });
  await hit('GET /v1/operator/tenants', { key: token });
  await hit('GET /v1/operator/tenants', { key: null });

  // The appliance as a witness of another log: a cosignature, then the size it holds for a stale old size.
  const log = testLog('git.example.org/transparency');
  log.append(4);
  await hit('POST /v1/operator/witness/logs', { key: token, body: { origin: log.origin, vkey: log.vkey } });
  const checkpoint = addCheckpointBody(0, log.proof(0), log.note());
  const text = { key: null, raw: checkpoint, headers: { 'content-type': 'text/plain' } };
  await hit('POST /witness/add-checkpoint', text);
  await hit('POST /witness/add-checkpoint', text);

  // The public rate limit (SVC_PUBLIC_RPS=20): a burst on a public route meets 429 with Retry-After.
  await Promise.all(
    Array.from({ length: 40 }, () =>
      hit('GET /v1/proof/event/{event_id}', { path: `/v1/proof/event/${eventId}`, key: null }),
    ),
  );
  return seen;
}
