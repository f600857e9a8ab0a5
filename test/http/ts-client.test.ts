// The TypeScript client (clients/typescript) against a real appliance through a fault-injecting HTTPS proxy: retries
// with one Idempotency-Key, Retry-After, no retry on 4xx, error codes, iterators, waitSealed, offline verification.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { createServer, type Server as HttpsServer } from 'node:https';
import { join } from 'node:path';
import { call, cleanup, newTenant, startServer, tempDir, until, type Server } from '../helpers';
import { ProofLedger, ProofLedgerError, verify } from '../../clients/typescript/src/index';

type Fault = 'drop' | '429' | '503' | '500' | 'text400' | '202';
type Seen = { method: string; path: string; key: string | null; at: number };
/** An HTTPS proxy in front of the appliance: faults queued per path are applied one per request, in order. */
type Proxy = { url: string; seen: Seen[]; faults: Map<string, Fault[]>; stop(): void };

const dir = tempDir();
let s: Server;
let key: string;
let ca: string;
let proxy: Proxy;
let n = 0;
const uniq = (p: string) => `${p}.${Date.now()}.${++n}`;

async function startProxy(target: string, cert: string, tlsKey: string): Promise<Proxy> {
  const p: Proxy = { url: '', seen: [], faults: new Map(), stop: () => srv.close() };
  const srv: HttpsServer = createServer({ cert, key: tlsKey }, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = (req.url ?? '/').split('?')[0]!;
    p.seen.push({
      method: req.method!,
      path,
      key: (req.headers['idempotency-key'] as string | undefined) ?? null,
      at: Date.now(),
    });
    const fault = p.faults.get(`${req.method} ${path}`)?.shift();
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (fault === '429')
      return json(429, { error: 'rate_limited', message: 'slow down', retry_after: 1 }, { 'retry-after': '1' });
    if (fault === '503') return json(503, { error: 'overloaded', message: 'busy' }, { 'retry-after': '1' });
    if (fault === '500') return json(500, { error: 'internal_error', message: 'Internal error', request_id: 'x' });
    if (fault === '202') return json(202, { status: 'processing' }, { 'retry-after': '1' });
    if (fault === 'text400') {
      res.writeHead(400, { 'content-type': 'text/plain' });
      return res.end('Bad Request');
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (typeof v === 'string' && k !== 'host' && k !== 'connection') headers[k] = v;
    const up = await fetch(target + req.url, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
      tls: { rejectUnauthorized: false },
    } as RequestInit);
    const body = Buffer.from(await up.arrayBuffer());
    // The appliance did the work; its answer never reaches the client.
    if (fault === 'drop') return req.socket.destroy();
    const out: Record<string, string> = {};
    up.headers.forEach((v, k) => {
      if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection') out[k] = v;
    });
    res.writeHead(up.status, out);
    res.end(body);
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  p.url = `https://127.0.0.1:${(srv.address() as { port: number }).port}`;
  return p;
}

const viaProxy = (o: { maxRetries?: number } = {}) => new ProofLedger({ baseUrl: proxy.url, apiKey: key, ca, ...o });
const direct = () => new ProofLedger({ baseUrl: s.url, apiKey: key, ca });
const fault = (route: string, ...f: Fault[]) => proxy.faults.set(route, f);
const attempts = (method: string, path: string, since: number) =>
  proxy.seen.filter((x) => x.method === method && x.path === path && x.at >= since);

beforeAll(async () => {
  // The tests poll public proof routes: a per-IP limit of 20/s would answer some of them 429.
  s = await startServer({ dataDir: dir, env: { SVC_CHECKPOINT_SECONDS: '1', SVC_PUBLIC_RPS: '100000' } });
  key = (await newTenant(dir, 'ts-client.test', 'read,write,audit:read,audit:write', 'enterprise')).key;
  ca = readFileSync(join(dir, 'tls', 'cert.pem'), 'utf8');
  proxy = await startProxy(s.url, ca, readFileSync(join(dir, 'tls', 'key.pem'), 'utf8'));
});
afterAll(async () => {
  proxy.stop();
  await s.stop();
  cleanup(dir);
});

describe('retries and idempotency', () => {
  it('retries a lost acknowledgement with the same Idempotency-Key: exactly one event is stored', async () => {
    const type = uniq('lost.ack');
    fault('POST /v1/events', 'drop');
    const t0 = Date.now();
    const r = await viaProxy().events.create({ event_type: type, payload: { amount: 1 } });
    const sent = attempts('POST', '/v1/events', t0);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toBeTruthy();
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(r.replayed).toBe(true);
    const page = await direct().events.list({ event_type: type });
    expect(page.total).toBe(1);
    expect(page.events[0]!.event_id).toBe(r.event_id);
  });

  it("generates a new key per logical call, and uses the caller's key when given", async () => {
    const t0 = Date.now();
    const c = viaProxy();
    await c.events.create({ event_type: uniq('k'), payload: {} });
    await c.events.create({ event_type: uniq('k'), payload: {} }, { idempotencyKey: 'caller-key-1' });
    const keys = attempts('POST', '/v1/events', t0).map((x) => x.key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe('caller-key-1');
    expect(keys[1]).toBe('caller-key-1');
  });

  it('waits the Retry-After of a 429 and of a 503 before asking again', async () => {
    for (const f of ['429', '503'] as const) {
      fault('POST /v1/events', f);
      const t0 = Date.now();
      await viaProxy().events.create({ event_type: uniq(`ra.${f}`), payload: {} });
      const sent = attempts('POST', '/v1/events', t0);
      expect(sent).toHaveLength(2);
      expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(950);
      expect(sent[1]!.key).toBe(sent[0]!.key);
    }
  });

  it('waits through a 202 processing answer and asks again with the same key', async () => {
    fault('POST /v1/events', '202');
    const t0 = Date.now();
    const r = await viaProxy().events.create({ event_type: uniq('processing'), payload: {} });
    const sent = attempts('POST', '/v1/events', t0);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(950);
    expect(r.event_id).toBeTruthy();
  });

  it('retries 500 with backoff up to maxRetries, then throws the API error', async () => {
    fault('GET /v1/log/checkpoint', '500', '500', '500');
    const t0 = Date.now();
    const err = await viaProxy({ maxRetries: 2 })
      .log.checkpoint()
      .catch((e) => e);
    expect(err).toBeInstanceOf(ProofLedgerError);
    expect([err.code, err.status, err.body.request_id]).toEqual(['internal_error', 500, 'x']);
    expect(attempts('GET', '/v1/log/checkpoint', t0)).toHaveLength(3);
  });

  it('never retries a 4xx: a plain-text framework rejection is bad_request, API errors keep their code', async () => {
    fault('GET /v1/events', 'text400');
    const t0 = Date.now();
    const err = await viaProxy()
      .events.list({ limit: 5 })
      .catch((e) => e);
    expect([err.code, err.status, err.body]).toEqual(['bad_request', 400, 'Bad Request']);
    expect(attempts('GET', '/v1/events', t0)).toHaveLength(1);
    const missing = await viaProxy()
      .events.get('01a203bd-4122-7381-89b1-e368180a5208')
      .catch((e) => e);
    expect([missing.code, missing.status]).toEqual(['event_not_found', 404]);
    expect(attempts('GET', '/v1/events/01a203bd-4122-7381-89b1-e368180a5208', t0)).toHaveLength(1);
    const c = viaProxy();
    await c.events.create({ event_type: uniq('mismatch'), payload: { a: 1 } }, { idempotencyKey: 'reused-key' });
    const reuse = await c.events
      .create({ event_type: uniq('mismatch'), payload: { a: 2 } }, { idempotencyKey: 'reused-key' })
      .catch((e) => e);
    expect([reuse.code, reuse.status, typeof reuse.message]).toEqual(['idempotency_key_reuse_mismatch', 409, 'string']);
    const rl = await (async () => {
      fault('GET /v1/events', '429', '429');
      return viaProxy({ maxRetries: 1 })
        .events.list({})
        .catch((e) => e);
    })();
    expect([rl.code, rl.status, rl.retryAfter]).toEqual(['rate_limited', 429, 1]);
  });

  it('does not repeat a write the API does not make idempotent after a 500 (a second trace would be opened)', async () => {
    fault('POST /v1/traces', '500');
    const t0 = Date.now();
    const err = await viaProxy()
      .traces.create({ label: uniq('once') })
      .catch((e) => e);
    expect(err.code).toBe('internal_error');
    expect(attempts('POST', '/v1/traces', t0)).toHaveLength(1);
  });

  it("an audit event whose acknowledgement was lost is stored once; the retry's 409 duplicate_event returns its id", async () => {
    const org = uniq('org').replace(/\./g, '-');
    await direct().audit.createOrg({ organization_id: org });
    fault('POST /v1/audit/events', 'drop');
    const t0 = Date.now();
    const r = await viaProxy().audit.createEvent({
      organization_id: org,
      action: 'user.login',
      actor: { type: 'user', id: 'u1' },
    });
    const sent = attempts('POST', '/v1/audit/events', t0);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(r.event_id).toMatch(/^aevt_/);
    const all = await until(async () => {
      const evs = [];
      for await (const e of direct().audit.iterate({ organization_id: org })) evs.push(e);
      return evs.length ? evs : null;
    });
    expect(all.map((e) => e.id)).toEqual([r.event_id]);
    // Without a lost attempt, a reused key is the caller's mistake: the error is not swallowed.
    const again = await direct()
      .audit.createEvent(
        { organization_id: org, action: 'user.login', actor: { type: 'user', id: 'u1' } },
        { idempotencyKey: sent[0]!.key! },
      )
      .catch((e) => e);
    expect([again.code, again.body.event_id]).toEqual(['duplicate_event', r.event_id]);
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
      expect.arrayContaining(['record.signature', 'record.key_id']),
    );
    // The text form verifies the same way.
    expect((await verify(JSON.stringify(proof))).valid).toBe(true);
  });

  it('tampered proofs and bundles fail, naming the check', async () => {
    const failedNames = async (d: unknown) => (await verify(d)).checks.filter((x) => !x.ok).map((x) => x.name);
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    expect(await failedNames({ ...proof, signature: flip(proof.signature) })).toContain('record.signature');
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
    expect(await failedNames(composite)).toContain('bundle.composite_hash');
    const r = await verify({ nonsense: true });
    expect([r.valid, r.checks[0]!.name]).toEqual([false, 'document.format']);
    const policy = await verify(proof, { policy: 'quorum nobody\n' });
    expect([policy.valid, policy.trust, policy.checks[0]!.name]).toEqual([false, 'policy', 'options.policy']);
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
