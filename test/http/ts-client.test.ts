// The TypeScript client (clients/typescript) against a real appliance, some calls through a fault-injecting HTTPS
// proxy: Idempotency-Keys per call, error codes, iterators, waitSealed, offline verification.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { call, until, type Server } from '../helpers';
import { ProofLedger, ProofLedgerError, verify } from '../../clients/typescript/src/index';
import { proxiedAppliance, type FaultProxy, type Proxied } from './fault-proxy';

let p: Proxied;
let s: Server;
let key: string;
let ca: string;
let proxy: FaultProxy;
let n = 0;
const uniq = (p: string) => `${p}.${Date.now()}.${++n}`;

const viaProxy = (o: { maxRetries?: number } = {}) => new ProofLedger({ baseUrl: proxy.url, apiKey: key, ca, ...o });
const direct = () => new ProofLedger({ baseUrl: s.url, apiKey: key, ca });
const attempts = (method: string, path: string, since: number) =>
  proxy.attempts(method, path).filter((x) => x.at >= since);

beforeAll(async () => {
  // The tests poll public proof routes: a per-IP limit of 20/s would answer some of them 429.
  p = await proxiedAppliance('ts-client.test', { SVC_CHECKPOINT_SECONDS: '1', SVC_PUBLIC_RPS: '100000' });
  ({ server: s, key, ca, proxy } = p);
});
afterAll(() => p.stop());

// The retry rules themselves (lost answers, Retry-After, 429, 500, 202, 4xx) are the shared scenarios of
// clients/retry-scenarios.json (ts-client-scenarios.test.ts); lost answers of every create: ts-client-lossy.test.ts.
describe('idempotency keys and errors', () => {
  it("generates a new key per logical call, and uses the caller's key when given", async () => {
    const t0 = Date.now();
    const c = viaProxy();
    await c.events.create({ event_type: uniq('k'), payload: {} });
    await c.events.create({ event_type: uniq('k'), payload: {} }, { idempotencyKey: 'caller-key-1' });
    await c.traces.create({ label: uniq('k') });
    const keys = attempts('POST', '/v1/events', t0).map((x) => x.key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe('caller-key-1');
    expect(keys[1]).toBe('caller-key-1');
    expect(attempts('POST', '/v1/traces', t0).map((x) => x.key)).toEqual([expect.stringMatching(/^.{16,}$/)]);
  });

  it("a key reused with another body is the caller's mistake: 409 idempotency_key_reuse_mismatch, not retried", async () => {
    const c = viaProxy();
    await c.events.create({ event_type: uniq('mismatch'), payload: { a: 1 } }, { idempotencyKey: 'reused-key' });
    const reuse = await c.events
      .create({ event_type: uniq('mismatch'), payload: { a: 2 } }, { idempotencyKey: 'reused-key' })
      .catch((e) => e);
    expect([reuse.code, reuse.status, typeof reuse.message]).toEqual(['idempotency_key_reuse_mismatch', 409, 'string']);
    const org = uniq('org').replace(/\./g, '-');
    await direct().audit.createOrg({ organization_id: org });
    const body = { organization_id: org, action: 'user.login', actor: { type: 'user', id: 'u1' } };
    const first = await direct().audit.createEvent(body, { idempotencyKey: `${org}-key` });
    expect(first.replayed).toBe(false);
    // Without a lost attempt, 409 duplicate_event is answered as it is.
    const again = await direct()
      .audit.createEvent(body, { idempotencyKey: `${org}-key` })
      .catch((e) => e);
    expect([again.code, again.body.event_id]).toEqual(['duplicate_event', first.event_id]);
  });

  it('errors carry the API code, status and Retry-After; a 404 is not retried', async () => {
    const t0 = Date.now();
    const missing = await viaProxy()
      .events.get('01a203bd-4122-7381-89b1-e368180a5208')
      .catch((e) => e);
    expect(missing).toBeInstanceOf(ProofLedgerError);
    expect([missing.code, missing.status]).toEqual(['event_not_found', 404]);
    expect(attempts('GET', '/v1/events/01a203bd-4122-7381-89b1-e368180a5208', t0)).toHaveLength(1);
    const body = { error: 'rate_limited', message: 'slow down', retry_after: 1 };
    const limited = { status: 429, headers: { 'retry-after': '1' }, body };
    proxy.faults.push(
      { method: 'GET', path: '/v1/events', action: 'answer', ...limited },
      { method: 'GET', path: '/v1/events', action: 'answer', ...limited },
    );
    const rl = await viaProxy({ maxRetries: 1 })
      .events.list({})
      .catch((e) => e);
    expect([rl.code, rl.status, rl.retryAfter]).toEqual(['rate_limited', 429, 1]);
  });
});

describe('reading', () => {
  it('events.iterate pages through every matching event; audit.iterate follows next_cursor', async () => {
    const c = direct();
    const type = uniq('paged');
    const ids = new Set<string>();
    for (let i = 0; i < 23; i++) ids.add((await c.events.create({ event_type: type, payload: { i } })).event_id);
    const seen: string[] = [];
    for await (const e of c.events.iterate({ event_type: type, limit: 5 })) seen.push(e.event_id);
    expect(seen).toHaveLength(23);
    expect(new Set(seen)).toEqual(ids);
    const org = uniq('pages').replace(/\./g, '-');
    await c.audit.createOrg({ organization_id: org });
    for (let i = 0; i < 12; i++)
      await c.audit.createEvent({ organization_id: org, action: 'doc.read', actor: { type: 'user', id: `u${i}` } });
    const audit: string[] = [];
    for await (const e of c.audit.iterate({ organization_id: org, limit: 5 })) audit.push(e.id);
    expect(new Set(audit).size).toBe(12);
  });

  it('errors carry the API code on direct calls too (invalid path parameter, missing key)', async () => {
    const bad = await direct()
      .events.get('not-a-uuid')
      .catch((e) => e);
    expect([bad.code, bad.status]).toEqual(['invalid_path_parameter', 400]);
    const anon = await new ProofLedger({ baseUrl: s.url, ca }).events.list().catch((e) => e);
    expect([anon.code, anon.status]).toEqual(['missing_api_key', 401]);
  });
});

describe('proofs and offline verification', () => {
  let eventId = '';
  let proof: any;
  let bundle: any;

  it('traces.waitSealed returns the sealed trace; its bundle and PDF are served', async () => {
    const c = direct();
    const t = await c.traces.create({ label: uniq('trace') });
    await c.events.create({ event_type: 'step', payload: { n: 1 }, trace_id: t.trace_id });
    await c.ai.attest({
      attestation_type: 'decision',
      input: 'q',
      output: 'a',
      model_provider: 'acme',
      model_name: 'm',
      model_version: '1',
      trace_id: t.trace_id,
    } as never);
    const sealing = await c.traces.seal(t.trace_id);
    expect(sealing.status).toBe('sealing');
    const sealed = await c.traces.waitSealed(t.trace_id, { timeoutMs: 30_000 });
    expect(sealed.status).toBe('sealed');
    bundle = await c.traces.proof(t.trace_id);
    expect(bundle.bundle_version).toBeDefined();
    const pdf = await c.traces.pdf(t.trace_id);
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
  });

  it('event, AI, document and audit proofs and the trace bundle verify, with the tenant key list', async () => {
    const c = direct();
    eventId = (await c.events.create({ event_type: 'proof.me', payload: { total: 42 } })).event_id;
    const ai = await c.ai.attest({
      attestation_type: 'output',
      input: 'in',
      output: 'out',
      model_provider: 'acme',
      model_name: 'm',
      model_version: '1',
    } as never);
    const docHash = 'ab'.repeat(32);
    const anchored = await c.documents.anchor({ document_hash: docHash } as never);
    const keys = await c.keys.get('ts-client.test');
    // Complete proofs: wait for the checkpoint that covers the record.
    proof = await until(async () => {
      const p = await c.proofs.event(eventId);
      return (p.log as { checkpoint?: string } | undefined)?.checkpoint ? p : null;
    }, 20_000);
    const aiProof = await until(() => c.proofs.ai(ai.attestation_id).catch(() => null));
    const docProof = await until(() => c.proofs.document(anchored.event_id).catch(() => null));
    for (const [doc, kind] of [
      [proof, 'event_proof'],
      [aiProof, 'ai_proof'],
      [docProof, 'document_proof'],
      [bundle, 'trace_bundle'],
    ] as const) {
      const r = await verify(doc, { keys });
      expect(
        r.checks.filter((x) => !x.ok),
        kind,
      ).toEqual([]);
      expect([r.valid, r.kind]).toEqual([true, kind]);
      expect(r.existed_no_later_than).toBeNull();
      expect(r.witnessed_by).toEqual([]);
    }
    expect((await verify(proof, { keys })).checks.map((x) => x.name)).toEqual(
      expect.arrayContaining(['signature', 'key_id']),
    );
    // The text form verifies the same way.
    expect((await verify(JSON.stringify(proof))).valid).toBe(true);
  });

  it('tampered proofs and bundles fail, naming the check', async () => {
    const failedNames = async (d: unknown) => (await verify(d)).checks.filter((x) => !x.ok).map((x) => x.name);
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    expect(await failedNames({ ...proof, signature: flip(proof.signature) })).toContain('signature');
    expect(await failedNames({ ...proof, payload_hash: flip(proof.payload_hash) })).not.toEqual([]);
    const badPath = structuredClone(proof);
    if (badPath.log.audit_path.length) badPath.log.audit_path[0] = flip(badPath.log.audit_path[0]);
    else badPath.log.leaf_hash = flip(badPath.log.leaf_hash);
    expect(await failedNames(badPath)).not.toEqual([]);
    const fewer = structuredClone(bundle);
    fewer.items.pop();
    const names = await failedNames(fewer);
    expect(names.length).toBeGreaterThan(0);
    const composite = structuredClone(bundle);
    composite.header.composite_hash = flip(composite.header.composite_hash);
    expect(await failedNames(composite)).toContain('composite_hash');
    const r = await verify({ nonsense: true });
    expect([r.valid, r.checks[0]!.name]).toEqual([false, 'format']);
    const policy = await verify(proof, { policy: 'quorum nobody\n' });
    expect([policy.valid, policy.checks[0]!.name]).toEqual([false, 'policy']);
  });

  it('verify makes no network call', async () => {
    const answer = await call(s, 'GET', '/keys/ts-client.test');
    expect(answer.status).toBe(200);
    const keys = answer.body;
    const real = globalThis.fetch;
    let calls = 0;
    globalThis.fetch = (() => {
      calls++;
      throw new Error('no network in verify');
    }) as unknown as typeof fetch;
    try {
      for (const d of [proof, bundle]) {
        const r = await verify(d, { keys });
        expect(r.checks.filter((c) => !c.ok)).toEqual([]);
        expect(r.valid).toBe(true);
      }
    } finally {
      globalThis.fetch = real;
    }
    expect(calls).toBe(0);
  });
});
