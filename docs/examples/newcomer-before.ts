// The newcomer's integration as it had to be written before the client waited for evidence, typed webhook deliveries,
// paged orgs and retried every create safely (docs/newcomer.md): the same scenario as newcomer.ts, with the same
// environment. Lines ending in "[plumbing]" are what the library should have done for it.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { ProofLedger, ProofLedgerError, verify, verifyWebhook } from 'proof-ledger-client';

const env = process.env as Record<string, string>;
const ledger = new ProofLedger({ baseUrl: env.SVC_URL!, apiKey: env.SVC_API_KEY, ca: readFileSync(env.SVC_CA!, 'utf8') });
const run = randomUUID().slice(0, 8);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)); // [plumbing]

// Creates could fail with connection_error after the appliance made the object: retry with one key of our own.
async function retried<T>(create: (key: { idempotencyKey: string }) => Promise<T>): Promise<T> { // [plumbing]
  const key = { idempotencyKey: randomUUID() }; // [plumbing]
  for (let attempt = 0; ; attempt++) { // [plumbing]
    try { // [plumbing]
      return await create(key); // [plumbing]
    } catch (e) { // [plumbing]
      if (!(e instanceof ProofLedgerError) || e.code !== 'connection_error' || attempt >= 3) throw e; // [plumbing]
      await sleep(500 * 2 ** attempt); // [plumbing]
    } // [plumbing]
  } // [plumbing]
} // [plumbing]

// A proof is complete once a checkpoint covers every log block in it (a bundle: each item's and the seal's).
type Block = { checkpoint?: string; status?: string; head?: { checkpoint?: string } } | undefined; // [plumbing]
async function untilLogged<T>(fetch: () => Promise<T>, head = false): Promise<T> { // [plumbing]
  for (let i = 0; i < 120; i++) { // [plumbing]
    const doc = (await fetch()) as { log?: Block; items?: { log?: Block }[]; seal?: { log?: Block } }; // [plumbing]
    const blocks = doc.seal ? [...(doc.items ?? []).map((x) => x.log), doc.seal.log] : [doc.log]; // [plumbing]
    if (blocks.every((b) => b?.checkpoint && (!head || b.head?.checkpoint))) return doc as T; // [plumbing]
    await sleep(1000); // [plumbing]
  } // [plumbing]
  throw new Error('no checkpoint after two minutes'); // [plumbing]
} // [plumbing]

// 1. A business event, and its proof verified offline against the tenant's published keys.
const paid = await ledger.events.create({ event_type: 'order.paid', payload: { order: `A-${run}`, amount: 120 } });
const proof = await untilLogged(() => ledger.proofs.event(paid.event_id));
const keys = await ledger.keys.get(proof.organization.primary_domain);
const eventCheck = await verify(proof, { keys });

// 2. An audit org for a customer, and a webhook stream to our own receiver.
type Delivery = { type: 'events'; events: { action: string }[] } | { type: 'checkpoint' }; // [plumbing]
let secret = '';
const deliveries: Delivery[] = [];
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
  const raw = Buffer.concat(chunks);
  if (!verifyWebhook(raw, req.headers['x-service-signature'] as string, secret)) return res.writeHead(401).end();
  const body = JSON.parse(raw.toString('utf8')); // [plumbing]
  if (body.type === 'checkpoint' && typeof body.checkpoint === 'string') deliveries.push({ type: 'checkpoint' }); // [plumbing]
  else if (Array.isArray(body.events)) deliveries.push({ type: 'events', events: body.events }); // [plumbing]
  else return res.writeHead(400).end(); // [plumbing]
  res.writeHead(204).end();
  delivered();
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const hookUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const org = `acme-${run}`;
await retried((k) => ledger.audit.createOrg({ organization_id: org, name: 'Acme Corp' }, k));
// A create's answer always carries the secret (the type also describes reads, which never do).
const stream = await retried((k) => ledger.audit.createStream(org, { type: 'webhook', url: hookUrl }, k));
secret = stream.signing_secret ?? '';
const login = await ledger.audit.createEvent({
  organization_id: org,
  action: 'user.login',
  actor: { type: 'user', id: 'u-1' },
  context: { ip: '10.0.0.1' },
});
const auditEvent = await untilLogged(() => ledger.audit.get(login.event_id));
const auditCheck = await verify(auditEvent, { keys });

// 3. A trace of one decision: an event, an AI attestation and a document, sealed, its bundle verified offline.
const trace = await retried((k) => ledger.traces.create({ label: `Claim ${run}` }, k));
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
await ledger.traces.waitSealed(trace.trace_id);
const bundle = await untilLogged(() => ledger.traces.proof(trace.trace_id), true);
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
let cursor: string | undefined; // [plumbing]
do { // [plumbing]
  const page = await ledger.audit.listOrgs({ limit: 2, cursor }); // [plumbing]
  orgs.push(...page.orgs.map((o) => o.organization_id)); // [plumbing]
  cursor = page.next_cursor ?? undefined; // [plumbing]
} while (cursor); // [plumbing]
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
