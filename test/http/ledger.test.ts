// The ledger over HTTPS: ingest and its hashes, idempotency, list filters, reads, verify, public proof and retention.
import { beforeAll, describe, expect, it } from 'bun:test';
import { verify } from 'node:crypto';
import { call, cli, newTenant, sharedServer, until, sha, pubKey, type Server } from '../helpers';
import { canonicalJson } from './independent-canonical';

let s: Server;
let key: string;
let tenantId: string;
let dir = '';

beforeAll(async () => {
  s = await sharedServer();
  dir = s.dataDir;
  const t = await newTenant(dir, 'ledger.test', 'read,write', 'enterprise');
  key = t.key;
  tenantId = t.tenantId;
});

const ingest = (body: unknown, headers: Record<string, string> = {}) =>
  call(s, 'POST', '/v1/events', { key, body, headers });
const written = (id: string) =>
  until(async () => {
    const r = await call(s, 'GET', `/v1/events/${id}`, { key });
    return r.status === 200 ? r : null;
  });

describe('POST /v1/events', () => {
  it('answers 201 {event_id, ingested_at} and the worker writes a row whose hashes recompute', async () => {
    const raw =
      '{"event_type":"order.created","event_time":"2026-01-02T03:04:05Z","payload":{"b":1,"10":"x","a":{"z":[1,{"y":null}],"2":true},"2":"é"}}';
    const r = await call(s, 'POST', '/v1/events', { key, raw });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(['event_id', 'ingested_at']);
    expect(r.body.event_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    const g = (await written(r.body.event_id)).body;
    const payload = JSON.parse(raw).payload;
    expect(g.payload_hash).toBe(sha(canonicalJson(payload)));
    // event_hash follows the request text, integer-like keys included.
    expect(g.event_hash).toBe(sha('{"b":1,"10":"x","a":{"z":[1,{"y":null}],"2":true},"2":"é"}'));
    const envelope = {
      v: 1,
      event_id: g.event_id,
      tenant_id: tenantId,
      api_key_id: g.api_key_id,
      user_id: null,
      ingested_at: g.ingested_at,
      event_type: 'order.created',
      event_time: '2026-01-02T03:04:05Z',
      payload,
      idempotency_key: null,
      payload_hash: g.payload_hash,
    };
    expect(g.request_hash).toBe(sha(canonicalJson(envelope)));
    expect(g).toMatchObject({
      event_type: 'order.created',
      event_time: '2026-01-02T03:04:05Z',
      tenant_id: tenantId,
      retention_policy: 'regulatory',
      idempotency_key: null,
      ingested_at: r.body.ingested_at,
    });
    expect(g.organization).toMatchObject({
      name: 'ledger.test',
      issuer_name: 'ledger.test',
      primary_domain: 'ledger.test',
      domain_verified: false,
    });
    expect(g).not.toHaveProperty('user_id');
    expect(g).not.toHaveProperty('trace_id');
    expect(g).not.toHaveProperty('signature');
    expect(Date.parse(g.expires_at) - Date.parse(g.ingested_at)).toBe(2555 * 86400_000);
  });
  it('validates in the documented order with the JSON error shape', async () => {
    expect((await ingest({ event_type: '   ', payload: {} })).body.error).toBe('invalid_event_type');
    expect((await ingest({ event_type: 'x'.repeat(129), payload: {} })).body.error).toBe('invalid_event_type');
    expect((await ingest({ event_type: 'é'.repeat(64), payload: {} })).status).toBe(201); // 128 bytes
    expect((await ingest({ event_type: 'é'.repeat(65), payload: {} })).body.error).toBe('invalid_event_type'); // 130 bytes
    const big = await ingest({ event_type: 'a', payload: { x: 'y'.repeat(65536) } });
    expect([big.status, big.body.error]).toEqual([400, 'payload_too_large']);
    expect((await ingest({ event_type: 'a', payload: {}, event_time: 'yesterday' })).body.error).toBe(
      'invalid_payload',
    );
    const tr = await ingest({ event_type: 'a', payload: {}, trace_id: '01a203bd-4122-7381-89b1-e368180a5208' });
    expect([tr.status, tr.body.error]).toEqual([404, 'trace_not_found']);
    const scope = await newTenant(dir, 'readonly.test', 'read');
    expect(
      (await call(s, 'POST', '/v1/events', { key: scope.key, body: { event_type: 'a', payload: {} } })).body.error,
    ).toBe('insufficient_scope');
  });
  it('checks the Idempotency-Key format before the API key', async () => {
    const r = await call(s, 'POST', '/v1/events', {
      body: { event_type: 'a', payload: {} },
      headers: { 'idempotency-key': 'k'.repeat(129) },
    });
    expect([r.status, r.body.error]).toEqual([400, 'invalid_idempotency_key']);
    expect(
      (
        await call(s, 'POST', '/v1/events', {
          body: { event_type: 'a', payload: {} },
          headers: { 'idempotency-key': '   ' },
        })
      ).body.error,
    ).toBe('invalid_idempotency_key');
    expect(
      (
        await call(s, 'POST', '/v1/events', {
          body: { event_type: 'a', payload: {} },
          headers: { 'idempotency-key': 'ok' },
        })
      ).body.error,
    ).toBe('missing_api_key');
  });
});

describe('idempotent ingest', () => {
  it('replays the stored 201 with Idempotent-Replayed: true and counts nothing', async () => {
    const body = { event_type: 'pay', payload: { amount: 5 }, event_time: '2026-05-01T00:00:00Z' };
    const a = await ingest(body, { 'idempotency-key': 'idem-1' });
    expect(a.status).toBe(201);
    const b = await ingest(
      { payload: { amount: 5 }, event_time: '2026-05-01T00:00:00Z', event_type: 'pay' },
      { 'idempotency-key': 'idem-1' },
    );
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    const g = (await written(a.body.event_id)).body;
    expect(g.idempotency_key).toBe('idem-1');
  });
  it('409 idempotency_key_reuse_mismatch for a different event_type, event_time or payload', async () => {
    await ingest({ event_type: 'pay', payload: { amount: 1 } }, { 'idempotency-key': 'idem-2' });
    for (const body of [
      { event_type: 'refund', payload: { amount: 1 } },
      { event_type: 'pay', payload: { amount: 2 } },
      { event_type: 'pay', payload: { amount: 1 }, event_time: '2026-01-01T00:00:00Z' },
    ]) {
      const r = await ingest(body, { 'idempotency-key': 'idem-2' });
      expect([r.status, r.body.error]).toEqual([409, 'idempotency_key_reuse_mismatch']);
    }
  });
  it('two concurrent requests with the same key produce one event', async () => {
    const body = { event_type: 'race', payload: { n: 1 } };
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => ingest(body, { 'idempotency-key': 'idem-race' })),
    );
    const ids = new Set(replies.filter((r) => r.status === 201).map((r) => r.body.event_id));
    expect(ids.size).toBe(1);
    for (const r of replies) expect([201, 202]).toContain(r.status);
    for (const r of replies.filter((x) => x.status === 202)) expect(r.body).toEqual({ status: 'processing' });
    // The intake writes in acceptance order: once the accepted event is written, any other would be too.
    await until(async () => (await call(s, 'GET', `/v1/events/${[...ids][0]}`, { key })).status === 200);
    const list = await call(s, 'GET', '/v1/events?event_type=race&limit=500', { key });
    expect(list.body.total).toBe(1);
  });
  it('is scoped to the API key', async () => {
    const k2 = await cli(dir, 'key', 'create', '--tenant', tenantId, '--name', 'second', '--scopes', 'write');
    const a = await ingest({ event_type: 'scoped', payload: {} }, { 'idempotency-key': 'shared' });
    const b = await call(s, 'POST', '/v1/events', {
      key: k2.json.api_key,
      body: { event_type: 'scoped', payload: {} },
      headers: { 'idempotency-key': 'shared' },
    });
    expect(b.status).toBe(201);
    expect(b.body.event_id).not.toBe(a.body.event_id);
  });
});

describe('GET /v1/events', () => {
  let t: Awaited<ReturnType<typeof newTenant>>;
  beforeAll(async () => {
    t = await newTenant(dir, 'list.test', 'read,write', 'enterprise');
    for (let i = 0; i < 7; i++) {
      const r = await call(s, 'POST', '/v1/events', {
        key: t.key,
        body: { event_type: i % 2 ? 'odd' : 'even', payload: { i } },
      });
      expect(r.status).toBe(201);
    }
    // The list is cached 30 s per query (docs/operations.md#ledger), so each poll asks a query not seen before.
    let n = 300;
    await until(async () => (await call(s, 'GET', `/v1/events?limit=${n++}`, { key: t.key })).body.total === 7);
  });
  it('orders newest first with page/limit and has_more', async () => {
    const all = (await call(s, 'GET', '/v1/events?limit=500', { key: t.key })).body;
    expect(all.events).toHaveLength(7);
    const times = all.events.map((e: any) => e.ingested_at);
    expect([...times].sort().reverse()).toEqual(times);
    const p2 = (await call(s, 'GET', '/v1/events?page=2&limit=3', { key: t.key })).body;
    expect(p2).toMatchObject({ page: 2, limit: 3, total: 7, has_more: true });
    expect(p2.events.map((e: any) => e.event_id)).toEqual(all.events.slice(3, 6).map((e: any) => e.event_id));
    const p3 = (await call(s, 'GET', '/v1/events?page=3&limit=3', { key: t.key })).body;
    expect(p3.has_more).toBe(false);
    expect(p3.events).toHaveLength(1);
    const item = all.events[0];
    expect(Object.keys(item).sort()).toEqual([
      'event_hash',
      'event_id',
      'event_type',
      'ingested_at',
      'payload_hash',
      'retention_policy',
    ]);
  });
  it('clamps limit, treats page below 1 as 1, answers plain-text 400 for non-integers', async () => {
    expect((await call(s, 'GET', '/v1/events?limit=9999', { key: t.key })).body.limit).toBe(500);
    expect((await call(s, 'GET', '/v1/events?limit=0', { key: t.key })).body.limit).toBe(1);
    expect((await call(s, 'GET', '/v1/events?page=-4', { key: t.key })).body.page).toBe(1);
    const bad = await call(s, 'GET', '/v1/events?page=1.5', { key: t.key });
    expect(bad.status).toBe(400);
    expect(bad.body).toBeNull();
    expect((await call(s, 'GET', '/v1/events?limit=abc', { key: t.key })).status).toBe(400);
  });
  it('filters by event_type exactly and by date_from inclusive / date_to exclusive', async () => {
    const odd = (await call(s, 'GET', '/v1/events?event_type=odd&limit=100', { key: t.key })).body;
    expect(odd.total).toBe(3);
    expect(odd.events.every((e: any) => e.event_type === 'odd')).toBe(true);
    expect((await call(s, 'GET', '/v1/events?event_type=od&limit=100', { key: t.key })).body.total).toBe(0);
    const all = (await call(s, 'GET', '/v1/events?limit=100', { key: t.key })).body.events;
    const mid = all[3].ingested_at;
    const from = (await call(s, 'GET', `/v1/events?date_from=${mid}&limit=100`, { key: t.key })).body;
    expect(from.events.map((e: any) => e.ingested_at).every((x: string) => x >= mid)).toBe(true);
    expect(from.events.map((e: any) => e.event_id)).toContain(all[3].event_id);
    const to = (await call(s, 'GET', `/v1/events?date_to=${mid}&limit=100`, { key: t.key })).body;
    expect(to.events.map((e: any) => e.event_id)).not.toContain(all[3].event_id);
    expect(to.events.every((e: any) => e.ingested_at < mid)).toBe(true);
  });
});

describe('GET /v1/events/{id} and verify', () => {
  it('400 invalid_path_parameter, 404 event_not_found', async () => {
    expect((await call(s, 'GET', '/v1/events/not-a-uuid', { key })).body.error).toBe('invalid_path_parameter');
    const r = await call(s, 'GET', '/v1/events/01a203bd-4122-7381-89b1-e368180a5208', { key });
    expect([r.status, r.body.error]).toEqual([404, 'event_not_found']);
  });
  it('matches payload_hash, then request_hash, then event_hash', async () => {
    const raw = '{"event_type":"v","payload":{"z":1,"a":2}}';
    const id = (await call(s, 'POST', '/v1/events', { key, raw })).body.event_id;
    const g = (await written(id)).body;
    const v = (body: unknown) => call(s, 'POST', `/v1/events/${id}/verify`, { key, body });
    const byPayload = (await v({ payload: { a: 2, z: 1 } })).body;
    expect(byPayload).toMatchObject({
      event_id: id,
      match_result: true,
      matched_field: 'payload_hash',
      anchored_hash: g.payload_hash,
      submitted_hash: g.payload_hash,
      anchored_at: g.ingested_at,
      method: 'payload',
    });
    expect(byPayload.organization.primary_domain).toBe('ledger.test');
    expect((await v({ payload_hash: g.request_hash })).body.matched_field).toBe('request_hash');
    expect((await v({ payload_hash: sha('{"z":1,"a":2}') })).body.matched_field).toBe('event_hash');
    expect((await v({ payload_hash: g.payload_hash.toUpperCase() })).body.matched_field).toBe('payload_hash');
    const miss = (await v({ payload_hash: 'f'.repeat(64) })).body;
    expect(miss).toMatchObject({ match_result: false, matched_field: null, method: 'hash' });
  });
  it('a payload that is null is a payload: an event ingested with "payload": null verifies by {"payload": null}', async () => {
    const id = (await ingest({ event_type: 'v.null', payload: null })).body.event_id;
    const g = (await written(id)).body;
    expect(g.payload).toBeNull();
    const r = await call(s, 'POST', `/v1/events/${id}/verify`, { key, body: { payload: null } });
    expect([r.status, r.body.match_result, r.body.matched_field, r.body.method, r.body.submitted_hash]).toEqual([
      200,
      true,
      'payload_hash',
      'payload',
      sha('null'),
    ]);
    const other = await call(s, 'POST', `/v1/events/${id}/verify`, { key, body: { payload: {} } });
    expect([other.status, other.body.match_result]).toEqual([200, false]);
  });
  it('400 bad_request for both, neither or a bad hash', async () => {
    const id = (await ingest({ event_type: 'v2', payload: {} })).body.event_id;
    await written(id);
    for (const body of [
      {},
      { payload_hash: null },
      { payload: {}, payload_hash: 'a'.repeat(64) },
      { payload: null, payload_hash: 'a'.repeat(64) },
      { payload_hash: 'abc' },
    ]) {
      const r = await call(s, 'POST', `/v1/events/${id}/verify`, { key, body });
      expect([r.status, r.body.error]).toEqual([400, 'bad_request']);
    }
  });
});

describe('GET /v1/proof/event/{id}', () => {
  it('is public, never returns the payload, and its signature verifies with node:crypto', async () => {
    const id = (await ingest({ event_type: 'proof.me', payload: { secret: 'not-in-proof' } })).body.event_id;
    const g = (await written(id)).body;
    const p = await call(s, 'GET', `/v1/proof/event/${id}`);
    expect(p.status).toBe(200);
    expect(p.text).not.toContain('not-in-proof');
    expect(p.body).toMatchObject({
      event_id: id,
      algorithm: 'ed25519',
      payload_hash: g.payload_hash,
      ingested_at: g.ingested_at,
      signature_valid: true,
    });
    const signed = Buffer.from(p.body.signed_payload, 'hex');
    expect(signed.toString()).toBe(
      canonicalJson({
        v: 1,
        event_id: id,
        tenant_id: tenantId,
        event_type: 'proof.me',
        payload_hash: g.payload_hash,
        request_hash: g.request_hash,
        ingested_at: g.ingested_at,
      }),
    );
    expect(verify(null, signed, pubKey(p.body.public_key), Buffer.from(p.body.signature, 'hex'))).toBe(true);
    expect(p.body.key_id).toBe(sha(Buffer.from(p.body.public_key, 'hex')).slice(0, 16));
    const keys = await call(s, 'GET', '/keys/ledger.test');
    expect(Buffer.from(keys.body.public_key, 'base64url').toString('hex')).toBe(p.body.public_key);
  });
  it('404 proof_not_found and 400 invalid_path_parameter', async () => {
    expect((await call(s, 'GET', '/v1/proof/event/01a203bd-4122-7381-89b1-e368180a5208')).body.error).toBe(
      'proof_not_found',
    );
    expect((await call(s, 'GET', '/v1/proof/event/xyz')).body.error).toBe('invalid_path_parameter');
  });
  it('keeps verifying events signed before a key rotation', async () => {
    const id = (await ingest({ event_type: 'before.rotation', payload: {} })).body.event_id;
    await written(id);
    const before = (await call(s, 'GET', `/v1/proof/event/${id}`)).body;
    await cli(dir, 'tenant', 'rotate-key', tenantId);
    const after = (await call(s, 'GET', `/v1/proof/event/${id}`)).body;
    expect(after.signature_valid).toBe(true);
    expect(after.key_id).toBe(before.key_id);
    const id2 = (await ingest({ event_type: 'after.rotation', payload: {} })).body.event_id;
    await written(id2);
    expect((await call(s, 'GET', `/v1/proof/event/${id2}`)).body.key_id).not.toBe(before.key_id);
  });
});

describe('retention', () => {
  it('seals rows 30 days after expires_at, keeps verify and proof, unseals on a plan upgrade', async () => {
    const t = await newTenant(dir, 'retain.test', 'read,write', 'free'); // 30 days
    const id = (await call(s, 'POST', '/v1/events', { key: t.key, body: { event_type: 'old', payload: { k: 1 } } }))
      .body.event_id;
    const g = (
      await until(async () => {
        const r = await call(s, 'GET', `/v1/events/${id}`, { key: t.key });
        return r.status === 200 ? r : null;
      })
    ).body;
    expect(g.retention_policy).toBe('short');
    const at = Date.parse(g.ingested_at);
    // 59 days later: past expires_at but inside the 30-day grace: still returned.
    const early = await cli(dir, 'retention', 'run', '--as-of', new Date(at + 59 * 86400_000).toISOString());
    expect(early.code).toBe(0);
    expect((await call(s, 'GET', `/v1/events/${id}`, { key: t.key })).status).toBe(200);
    const late = await cli(dir, 'retention', 'run', '--as-of', new Date(at + 61 * 86400_000).toISOString());
    expect(late.json.ledger_sealed).toBeGreaterThanOrEqual(1);
    expect(Object.keys(late.json).sort()).toEqual([
      'audit_evacuated',
      'audit_purged',
      'ledger_sealed',
      'ledger_unsealed',
    ]);
    const gone = await call(s, 'GET', `/v1/events/${id}`, { key: t.key });
    expect([gone.status, gone.body.error]).toEqual([410, 'retention_expired']);
    const list = await call(s, 'GET', '/v1/events?limit=100&event_type=old', { key: t.key });
    expect(list.body.events.map((e: any) => e.event_id)).not.toContain(id);
    expect(
      (await call(s, 'POST', `/v1/events/${id}/verify`, { key: t.key, body: { payload: { k: 1 } } })).body.match_result,
    ).toBe(true);
    expect((await call(s, 'GET', `/v1/proof/event/${id}`)).body.signature_valid).toBe(true);
    await cli(dir, 'tenant', 'set-plan', t.tenantId, 'builder'); // 365 days cover the row again
    const back = await cli(dir, 'retention', 'run', '--as-of', new Date(at + 61 * 86400_000).toISOString());
    expect(back.json.ledger_unsealed).toBeGreaterThanOrEqual(1);
    const again = await call(s, 'GET', `/v1/events/${id}`, { key: t.key });
    expect(again.status).toBe(200);
    expect(again.body.retention_policy).toBe('standard');
  });
});
