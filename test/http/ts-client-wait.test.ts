// The TypeScript client waiting for evidence against real appliances: `wait: 'checkpoint' | 'head'` on every proof,
// audit event and bundle, waitSealed through the seal's checkpoint, wait_timeout with the last proof, the
// appliance's Retry-After obeyed between polls, and verify() reporting a pending log as incomplete.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { ProofLedger, ProofLedgerError, verify } from '../../clients/typescript/src/index';
import { proxiedAppliance, type Proxied } from './fault-proxy';

// fast: a checkpoint and a head within about a second. slow: checkpoints, but no head for a day.
let fast: Proxied;
let slow: Proxied;
const client = (p: Proxied, via: 'server' | 'proxy' = 'server') =>
  new ProofLedger({ baseUrl: via === 'proxy' ? p.proxy.url : p.server.url, apiKey: p.key, ca: p.ca });
let n = 0;
const uniq = (p: string) => `${p}-${Date.now()}-${++n}`;
const attestation = (trace_id?: string) =>
  ({
    attestation_type: 'decision',
    input: uniq('in'),
    output: 'out',
    model_provider: 'acme',
    model_name: 'm',
    model_version: '1',
    ...(trace_id ? { trace_id } : {}),
  }) as never;
type Block = { checkpoint?: string; status?: string; head?: { checkpoint?: string; status?: string } };
const logOf = (d: unknown) => (d as { log: Block }).log;

beforeAll(async () => {
  const env = { SVC_CHECKPOINT_SECONDS: '1', SVC_PUBLIC_RPS: '100000' };
  [fast, slow] = await Promise.all([
    proxiedAppliance('wait-fast.test', { ...env, SVC_HEAD_SECONDS: '1' }),
    proxiedAppliance('wait-slow.test', { ...env, SVC_HEAD_SECONDS: '86400' }),
  ]);
});
afterAll(async () => {
  await Promise.all([fast?.stop(), slow?.stop()]);
});

describe("wait: 'head'", () => {
  it('event, AI, document and audit proofs come back with their checkpoint and head, and verify complete', async () => {
    const c = client(fast);
    const keys = await c.keys.get('wait-fast.test');
    const ev = await c.events.create({ event_type: 'wait.me', payload: { n: 1 } });
    const ai = await c.ai.attest(attestation());
    const doc = await c.documents.anchor({ document_hash: 'cd'.repeat(32) } as never);
    const org = uniq('org');
    await c.audit.createOrg({ organization_id: org });
    const ae = await c.audit.createEvent({
      organization_id: org,
      action: 'user.login',
      actor: { type: 'user', id: 'u' },
    });
    const o = { wait: 'head', timeoutMs: 60_000 } as const;
    const docs = await Promise.all([
      c.proofs.event(ev.event_id, o),
      c.proofs.ai(ai.attestation_id, o),
      c.proofs.document(doc.event_id, o),
      c.audit.get(ae.event_id, o),
    ]);
    for (const d of docs) {
      expect(logOf(d).checkpoint).toContain('/wait-fast.test');
      expect(logOf(d).head?.checkpoint).toEqual(expect.any(String));
      const r = await verify(d, { keys });
      expect(r.checks.filter((x) => !x.ok)).toEqual([]);
      expect([r.valid, r.complete]).toEqual([true, true]);
    }
  });

  it('waitSealed waits for the seal checkpoint; traces.proof waits for every head; the bundle verifies complete', async () => {
    const c = client(fast);
    const t = await c.traces.create({ label: uniq('trace') });
    await c.events.create({ event_type: 'step', payload: { n: 1 }, trace_id: t.trace_id });
    await c.ai.attest(attestation(t.trace_id));
    await c.traces.seal(t.trace_id);
    const sealed = await c.traces.waitSealed(t.trace_id, { timeoutMs: 60_000 });
    expect(sealed.status).toBe('sealed');
    // Returned only once the seal's checkpoint exists: the bundle fetched now carries it.
    const now = await c.traces.proof(t.trace_id);
    expect((now.seal as { log: Block }).log.checkpoint).toEqual(expect.any(String));
    const bundle = await c.traces.proof(t.trace_id, { wait: 'head', timeoutMs: 60_000 });
    const r = await verify(bundle, { keys: await c.keys.get('wait-fast.test') });
    expect(r.checks.filter((x) => !x.ok)).toEqual([]);
    expect([r.valid, r.complete, r.kind]).toEqual([true, true, 'trace_bundle']);
  });

  it("traces.proof waits through 409 trace_not_sealed, never sooner than the appliance's Retry-After", async () => {
    const c = client(fast, 'proxy');
    const t = await c.traces.create({ label: uniq('trace') });
    await c.events.create({ event_type: 'step', payload: {}, trace_id: t.trace_id });
    const path = `/v1/traces/${t.trace_id}/proof`;
    const notSealed = { error: 'trace_not_sealed', message: 'not yet' };
    fast.proxy.faults.push({
      method: 'GET',
      path,
      action: 'answer',
      status: 409,
      headers: { 'retry-after': '2' },
      body: notSealed,
    });
    const since = Date.now();
    const waiting = c.traces.proof(t.trace_id, { wait: 'checkpoint', timeoutMs: 60_000 });
    await c.traces.seal(t.trace_id);
    const bundle = await waiting;
    expect((bundle.seal as { log: Block }).log.checkpoint).toEqual(expect.any(String));
    const asks = fast.proxy.attempts('GET', path).filter((x) => x.at >= since);
    expect(asks.length).toBeGreaterThanOrEqual(2);
    expect(asks[1]!.at - asks[0]!.at).toBeGreaterThanOrEqual(2000);
  });
});

describe('a wait that runs out, and a pending proof', () => {
  it("wait: 'checkpoint' returns the checkpoint; 'head' throws wait_timeout carrying the last proof", async () => {
    const c = client(slow);
    const ev = await c.events.create({ event_type: 'wait.slow', payload: {} });
    const p = await c.proofs.event(ev.event_id, { wait: 'checkpoint', timeoutMs: 60_000 });
    expect(logOf(p).checkpoint).toContain('/wait-slow.test');
    expect(logOf(p).head).toEqual({ status: 'pending' });
    const started = Date.now();
    const e = await c.proofs.event(ev.event_id, { wait: 'head', timeoutMs: 2500 }).catch((x) => x);
    expect(e).toBeInstanceOf(ProofLedgerError);
    expect([e.code, e.status]).toEqual(['wait_timeout', 0]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2400);
    expect((e.body as { event_id: string }).event_id).toBe(ev.event_id);
    expect(logOf(e.body).checkpoint).toEqual(logOf(p).checkpoint);
    // The proof without its head verifies, and says it is not complete.
    const r = await verify(e.body, { keys: await c.keys.get('wait-slow.test') });
    expect([r.valid, r.complete]).toEqual([true, false]);
    expect(r.checks.filter((x) => !x.ok)).toEqual([]);
  });

  it('a proof fetched before any checkpoint verifies as incomplete, its log checks skipped', async () => {
    const c = client(slow);
    const ev = await c.events.create({ event_type: 'wait.pending', payload: {} });
    const p = await c.proofs.event(ev.event_id);
    const r = await verify(p);
    expect(r.complete).toBe(false);
    if ('status' in logOf(p)) expect(r.checks.filter((x) => x.skipped).length).toBeGreaterThan(0);
  });

  it('waitSealed and an audit event wait throw wait_timeout when the head is asked for and never comes', async () => {
    const c = client(slow);
    const t = await c.traces.create({ label: uniq('trace') });
    await c.events.create({ event_type: 'step', payload: {}, trace_id: t.trace_id });
    await c.traces.seal(t.trace_id);
    const e = await c.traces.waitSealed(t.trace_id, { wait: 'head', timeoutMs: 4000 }).catch((x) => x);
    expect([e.code, (e.body as { bundle_version?: number } | null)?.bundle_version]).toEqual(['wait_timeout', 1]);
    const org = uniq('org');
    await c.audit.createOrg({ organization_id: org });
    const ae = await c.audit.createEvent({ organization_id: org, action: 'a.b', actor: { type: 'user', id: 'u' } });
    const a = await c.audit.get(ae.event_id, { wait: 'head', timeoutMs: 1500 }).catch((x) => x);
    expect([a.code, a.body.id ?? a.body.event_id]).toEqual(['wait_timeout', ae.event_id]);
  });
});
