// Owns the sandbox vectors of the shared set (docs/verification.md#sandbox-records): a real sandbox tenant's event
// proof, audit event and sealed trace bundle (signed bytes saying "sandbox": true, log blocks without a head), the same
// under a witness policy, and the documents with the flag stripped.
import { call, cli, until, type Server } from '../test/helpers';
import type { VectorSpec } from './make-proof-vectors';

type Json = any;
export type SandboxDeps = {
  s: Server;
  dir: string;
  vector: (name: string, doc: Json, v: VectorSpec) => void;
  trusted: VectorSpec['options'];
};

/** Polls a document until every log block of it has its checkpoint (a sandbox record's evidence ends there). */
async function checkpointed(s: Server, key: string | null, path: string): Promise<Json> {
  return until(
    async () => {
      const r = await call(s, 'GET', path, { key });
      if (r.status !== 200) return null;
      const blocks = r.body.bundle_version ? [...r.body.items.map((i: Json) => i.log), r.body.seal.log] : [r.body.log];
      return blocks.every((l: Json) => typeof l?.checkpoint === 'string') ? r.body : null;
    },
    60_000,
    200,
  );
}

async function post(s: Server, key: string, path: string, body?: unknown): Promise<Json> {
  const r = await call(s, 'POST', path, { key, body, headers: { 'idempotency-key': crypto.randomUUID() } });
  if (r.status >= 300) throw new Error(`POST ${path}: ${r.status} ${r.text}`);
  return r.body;
}

/** The signed payload (hex) of a proof with `"sandbox":true` taken out of its bytes: the signature no longer covers them. */
const stripped = (hex: string): string =>
  Buffer.from(Buffer.from(hex, 'hex').toString('utf8').replace(',"sandbox":true', ''), 'utf8').toString('hex');

export async function sandboxVectors({ s, dir, vector, trusted }: SandboxDeps): Promise<void> {
  const t = await cli(dir, 'tenant', 'create', '--name', 'Sandbox', '--domain', 'sandbox.example', '--sandbox');
  if (t.code) throw new Error(t.stderr);
  const k = await cli(
    dir,
    'key',
    'create',
    '--tenant',
    t.json.tenant_id,
    '--name',
    'ci',
    '--scopes',
    'read,write,audit:read,audit:write',
  );
  if (k.code) throw new Error(k.stderr);
  const key = k.json.api_key as string;
  const ev = await post(s, key, '/v1/events', { event_type: 'test.order', payload: { order_id: 'T-1' } });
  const trace = await post(s, key, '/v1/traces', { label: 'sandbox trace' });
  await post(s, key, '/v1/events', { event_type: 'test.step', payload: { step: 1 }, trace_id: trace.trace_id });
  await post(s, key, `/v1/traces/${trace.trace_id}/seal`);
  await post(s, key, '/v1/audit/orgs', { organization_id: 'org-sandbox', name: 'Sandbox Inc' });
  const ae = await post(s, key, '/v1/audit/events', {
    organization_id: 'org-sandbox',
    action: 'user.login',
    actor: { type: 'user', id: 'u-1' },
    targets: [{ type: 'app', id: 'console' }],
  });
  const proof = await checkpointed(s, null, `/v1/proof/event/${ev.event_id}`);
  const audit = await checkpointed(s, key, `/v1/audit/events/${ae.event_id}`);
  const bundle = await checkpointed(s, key, `/v1/traces/${trace.trace_id}/proof`);

  const complete = 'its log block has its checkpoint and, as for every sandbox record, no head: complete';
  vector('sandbox-event-proof', proof, {
    valid: true,
    must_fail: [],
    note: `a sandbox tenant's event proof: signed bytes say "sandbox": true; ${complete}`,
  });
  vector('sandbox-audit-event', audit, {
    valid: true,
    must_fail: [],
    note: `a sandbox tenant's audit event: "sandbox": true is one of its signed fields; ${complete}`,
  });
  vector('sandbox-trace-bundle', bundle, {
    valid: true,
    must_fail: [],
    note: `a sandbox tenant's sealed trace: every item and the seal say "sandbox": true; ${complete}`,
  });
  vector('sandbox-event-policy', proof, {
    options: trusted,
    valid: false,
    must_fail: ['record.head.status'],
    note: 'a sandbox record under a witness policy and TSA roots: it has no head, so no witnessed, dated evidence',
  });
  vector(
    'sandbox-event-stripped',
    { ...proof, signed_payload: stripped(proof.signed_payload) },
    {
      valid: false,
      must_fail: ['record.signature'],
      note: 'the sandbox proof with "sandbox":true taken out of its signed bytes: the signature fails',
    },
  );
  const auditStripped = structuredClone(audit);
  delete auditStripped.sandbox;
  vector('sandbox-audit-stripped', auditStripped, {
    valid: false,
    must_fail: ['record.payload_hash', 'record.signature'],
    note: 'the sandbox audit event without its "sandbox" field: the rebuilt signed bytes differ',
  });
}
