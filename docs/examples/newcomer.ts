// The newcomer's integration with proof-ledger-client (docs/newcomer.md): business events, an audit org with a
// webhook stream, a sealed trace, proofs verified offline, typed webhook deliveries and errors. Run it with
// SVC_URL, SVC_API_KEY (scopes read, write, audit:read, audit:write) and SVC_CA (the appliance's certificate), and
// HOOK_CERT / HOOK_KEY (PEM files of the webhook receiver; the appliance must trust that certificate and may reach
// 127.0.0.1: SVC_STREAM_CA_FILE, SVC_STREAM_ALLOW_CIDRS). Lines ending in "[plumbing]" are what the library could
// have done for it; here there are none.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { constructEvent, ProofLedger, ProofLedgerError, verify, type WebhookDelivery } from 'proof-ledger-client';

const env = process.env as Record<string, string>;
const ledger = new ProofLedger({ baseUrl: env.SVC_URL!, apiKey: env.SVC_API_KEY, ca: readFileSync(env.SVC_CA!, 'utf8') });
const run = randomUUID().slice(0, 8);

// 1. A business event, and its proof verified offline against the tenant's published keys.
const paid = await ledger.events.create({ event_type: 'order.paid', payload: { order: `A-${run}`, amount: 120 } });
const proof = await ledger.proofs.event(paid.event_id, { wait: 'checkpoint' });
const keys = await ledger.keys.get(proof.organization.primary_domain);
const eventCheck = await verify(proof, { keys });

// 2. An audit org for a customer, and a webhook stream to our own receiver.
let secret = '';
const deliveries: WebhookDelivery[] = [];
let delivered: () => void = () => {};
const both = new Promise<void>((resolve) => {
  delivered = () => {
    const types = new Set(deliveries.map((d) => d.type));
    if (types.has('events') && types.has('checkpoint')) resolve();
  };
});
const receiver = createServer({ cert: readFileSync(env.HOOK_CERT!), key: readFileSync(env.HOOK_KEY!) }, async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    deliveries.push(constructEvent(Buffer.concat(chunks), req.headers['x-service-signature'] as string, secret));
    res.writeHead(204).end();
    delivered();
  } catch (e) {
    res.writeHead(e instanceof ProofLedgerError && e.code === 'invalid_signature' ? 401 : 400).end();
  }
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const hookUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const org = `acme-${run}`;
await ledger.audit.createOrg({ organization_id: org, name: 'Acme Corp' });
// A create's answer always carries the secret (the type also describes reads, which never do).
secret = (await ledger.audit.createStream(org, { type: 'webhook', url: hookUrl })).signing_secret ?? '';
const login = await ledger.audit.createEvent({
  organization_id: org,
  action: 'user.login',
  actor: { type: 'user', id: 'u-1' },
  context: { ip: '10.0.0.1' },
});
const auditEvent = await ledger.audit.get(login.event_id, { wait: 'checkpoint' });
const auditCheck = await verify(auditEvent, { keys });

// 3. A trace of one decision: an event, an AI attestation and a document, sealed, its bundle verified offline.
const trace = await ledger.traces.create({ label: `Claim ${run}` });
await ledger.events.create({ event_type: 'claim.received', payload: { claim: run }, trace_id: trace.trace_id });
await ledger.ai.attest({
  attestation_type: 'decision',
  input: `approve claim ${run}?`,
  output: 'approved',
  model_provider: 'acme',
  model_name: 'claims',
  model_version: '3',
  trace_id: trace.trace_id,
});
const photo = createHash('sha256').update(run).digest('hex');
await ledger.documents.anchor({ document_hash: photo, document_ref: 'photo.jpg', trace_id: trace.trace_id });
await ledger.traces.seal(trace.trace_id);
// The bundle exists once the seal is applied: the wait goes through 409 trace_not_sealed, then to the head.
const bundle = await ledger.traces.proof(trace.trace_id, { wait: 'head' });
const bundleCheck = await verify(bundle, { keys });

// 4. Errors carry the API's code.
const errors: string[] = [];
for (const attempt of [
  () => ledger.events.get('01a203bd-4122-7381-89b1-e368180a5208'),
  () => ledger.audit.createOrg({ organization_id: org }),
  () => new ProofLedger({ baseUrl: env.SVC_URL!, apiKey: 'svc_live_nope', ca: readFileSync(env.SVC_CA!, 'utf8') }).events.list(),
]) {
  try {
    await attempt();
  } catch (e) {
    if (!(e instanceof ProofLedgerError)) throw e;
    errors.push(e.code);
  }
}

// 5. Every org of the tenant, page after page, and the org's audit events of the last hour.
const orgs: string[] = [];
for await (const o of ledger.audit.iterateOrgs({ limit: 2 })) orgs.push(o.organization_id);
const actions: string[] = [];
const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
for await (const e of ledger.audit.iterate({ organization_id: org, range_start: hourAgo })) actions.push(e.action);

await both;
receiver.close();
console.log(
  JSON.stringify({
    event: { valid: eventCheck.valid, complete: eventCheck.complete },
    audit: { valid: auditCheck.valid },
    bundle: { valid: bundleCheck.valid, complete: bundleCheck.complete, items: bundle.items.length },
    deliveries: deliveries.map((d) => (d.type === 'events' ? `events:${d.events.map((e) => e.action)}` : 'checkpoint')),
    errors,
    org_listed: orgs.includes(org),
    actions,
  }),
);
