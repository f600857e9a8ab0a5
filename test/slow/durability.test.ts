// Durability: restart, SIGTERM under load and kill -9 lose no write answered 201; TLS behind a proxy and operator certificates.
import { afterAll, describe, expect, it } from 'bun:test';
import { verify } from 'node:crypto';
import { open } from 'lmdb';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, cleanup, cli, newTenant, startServer, tempDir, until, pubKey } from '../helpers';

const dirs: string[] = [];
afterAll(() => dirs.forEach(cleanup));

describe('restart', () => {
  it('keeps tenants, keys and usage counters across a graceful restart', async () => {
    const dir = tempDir();
    dirs.push(dir);
    let s = await startServer({ dataDir: dir });
    const t = await newTenant(dir, 'restart.test', 'read,write', 'free');
    for (let i = 0; i < 3; i++)
      expect(
        (await call(s, 'POST', '/v1/events', { key: t.key, body: { event_type: 'a', payload: { i } } })).status,
      ).toBe(201);
    s = await s.restart();
    const shown = await cli(dir, 'tenant', 'show', t.tenantId);
    expect(shown.json.usage.events_per_month.used).toBe(3);
    const r = await call(s, 'GET', '/v1/events', { key: t.key });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(3);
    await s.stop();
  });
});

describe('SIGTERM under load', () => {
  it('answers what it accepted: no write in flight is failed by the shutdown, and every 201 is there after restart', async () => {
    const dir = tempDir();
    dirs.push(dir);
    let s = await startServer({ dataDir: dir, env: { SVC_PUBLIC_RPS: '1000000' } });
    const t = await newTenant(dir, 'term.test', 'read,write', 'enterprise');
    const statuses: number[] = [];
    const ids: string[] = [];
    let stop = false;
    const client = async (c: number) => {
      for (let i = 0; !stop; i++) {
        const r = await call(s, 'POST', '/v1/events', {
          key: t.key,
          body: { event_type: 'term', payload: { c, i } },
        }).catch(() => null);
        if (!r) return; // the listener closed: the request was never accepted
        statuses.push(r.status);
        if (r.status === 201) ids.push(r.body.event_id);
      }
    };
    const clients = Array.from({ length: 64 }, (_, c) => client(c));
    await until(() => ids.length >= 500);
    s.proc.kill('SIGTERM');
    await s.proc.exited;
    stop = true;
    await Promise.all(clients);
    expect(s.proc.exitCode).toBe(0);
    // Requests answered before the listener closed were written (201); none was refused as not persisted.
    expect(statuses.filter((x) => x !== 201)).toEqual([]);
    s = await startServer({ dataDir: dir });
    const listed = new Set<string>();
    for (let page = 1; ; page++) {
      const r = await call(s, 'GET', `/v1/events?limit=100&page=${page}`, { key: t.key });
      expect(r.status).toBe(200);
      for (const e of r.body.events) listed.add(e.event_id);
      if (!r.body.has_more) break;
    }
    expect(listed.size).toBeGreaterThanOrEqual(ids.length);
    expect(ids.filter((id) => !listed.has(id))).toEqual([]);
    await s.stop();
  }, 120_000);
});

describe('kill -9', () => {
  it('loses no event answered 201: every one is readable and verifies after restart', async () => {
    const dir = tempDir();
    dirs.push(dir);
    let s = await startServer({ dataDir: dir, env: { SVC_PUBLIC_RPS: '1000000' } });
    const t = await newTenant(dir, 'burst.test', 'read,write', 'enterprise');
    const ids: string[] = [];
    // 64 concurrent clients keep writing; the process is killed while requests are in flight.
    let stop = false;
    const client = async (c: number) => {
      for (let i = 0; !stop; i++) {
        const r = await call(s, 'POST', '/v1/events', {
          key: t.key,
          body: { event_type: 'burst', payload: { c, i } },
        }).catch(() => null);
        if (r?.status === 201) ids.push(r.body.event_id);
      }
    };
    const clients = Array.from({ length: 64 }, (_, c) => client(c));
    await until(() => ids.length >= 3000, 60000, 5);
    s.proc.kill('SIGKILL');
    stop = true;
    await s.proc.exited;
    await Promise.all(clients);
    const acknowledged = [...ids];
    s = await s.restart();
    await until(
      async () =>
        (await call(s, 'GET', `/v1/events/${acknowledged[acknowledged.length - 1]}`, { key: t.key })).status === 200,
      30000,
    );
    let missing = 0;
    for (const id of acknowledged) {
      const p = await call(s, 'GET', `/v1/proof/event/${id}`);
      if (p.status !== 200) {
        missing++;
        continue;
      }
      expect(
        verify(
          null,
          Buffer.from(p.body.signed_payload, 'hex'),
          pubKey(p.body.public_key),
          Buffer.from(p.body.signature, 'hex'),
        ),
      ).toBe(true);
    }
    expect(missing).toBe(0);
    await s.stop();
  }, 120000);

  it('counts usage in the same transaction as the record: after a kill -9 right after the 201s, usage equals the records stored and the quota holds exactly', async () => {
    const dir = tempDir();
    dirs.push(dir);
    writeFileSync(join(dir, 'plans.json'), JSON.stringify({ free: { rps: 1000, events_per_month: 20 } }));
    let s = await startServer({ dataDir: dir, env: { SVC_PUBLIC_RPS: '1000000' } });
    const t = await newTenant(dir, 'usage-kill.test', 'read,write', 'free');
    const post = (i: number) =>
      call(s, 'POST', '/v1/events', { key: t.key, body: { event_type: 'counted', payload: { i } } });
    const first = await Promise.all(Array.from({ length: 12 }, (_, i) => post(i)));
    expect(first.map((r) => r.status)).toEqual(Array(12).fill(201));
    // At once: no time for a background flush of the counters.
    await s.stop('SIGKILL');
    s = await s.restart();
    const total = async () => (await call(s, 'GET', '/v1/events?limit=1', { key: t.key })).body.total as number;
    const used = async () => (await cli(dir, 'tenant', 'show', t.tenantId)).json.usage.events_per_month.used as number;
    expect(await total()).toBe(12);
    expect(await used()).toBe(12);
    const more = await Promise.all(Array.from({ length: 30 }, (_, i) => post(100 + i)));
    expect(more.filter((r) => r.status === 201).length).toBe(8);
    expect(more.filter((r) => r.status === 429).every((r) => r.body.error === 'quota_exceeded')).toBe(true);
    await s.stop('SIGKILL');
    s = await s.restart();
    expect([await total(), await used()]).toEqual([20, 20]);
    await s.stop();
  }, 120000);

  it('applies on restart an item that was on the durable queue when the process stopped', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const s = await startServer({ dataDir: dir });
    const first = await call(s, 'POST', '/v1/events', { key: s.apiKey, body: { event_type: 'seed', payload: {} } });
    const row = await until(async () => {
      const r = await call(s, 'GET', `/v1/events/${first.body.event_id}`, { key: s.apiKey });
      return r.status === 200 ? r.body : null;
    });
    await s.stop('SIGKILL');
    // Put an accepted-but-unapplied item on the queue exactly as ingest does, with the process down.
    const env = open({ path: join(dir, 'db'), overlappingSync: false, maxDbs: 64 });
    const queue = env.openDB({ name: 'intake_queue' });
    const eventId = '01a20400-0000-7000-8000-000000000001';
    await queue.put('01ZZZZZZZZZZZZZZZZZZZZZZZZ', {
      kind: 'ledger.event',
      at: Date.now(),
      data: {
        event_id: eventId,
        tenant_id: row.tenant_id,
        api_key_id: row.api_key_id,
        ingested_at: new Date().toISOString(),
        idempotency_key: null,
        event_type: 'queued',
        payload: { q: 1 },
        payload_source: null,
        event_time: null,
        trace_id: null,
      },
    });
    await env.close();
    const s2 = await startServer({ dataDir: dir });
    const g = await until(async () => {
      const r = await call(s2, 'GET', `/v1/events/${eventId}`, { key: s.apiKey });
      return r.status === 200 ? r.body : null;
    });
    expect(g.event_type).toBe('queued');
    expect((await call(s2, 'GET', `/v1/proof/event/${eventId}`)).body.signature_valid).toBe(true);
    await s2.stop();
    // Applied exactly once: the queue is empty and a second restart does not apply it again.
    const env2 = open({ path: join(dir, 'db'), maxDbs: 64 });
    expect(env2.openDB({ name: 'intake_queue' }).getCount()).toBe(0);
    await env2.close();
  });
});

describe('transport', () => {
  it('behind a TLS-terminating proxy (SVC_TLS=off) refuses requests without X-Forwarded-Proto: https', async () => {
    const dir = tempDir();
    dirs.push(dir);
    // The test client is the proxy here: its X-Forwarded-Proto counts only because its address is trusted.
    const s = await startServer({ dataDir: dir, env: { SVC_TLS: 'off', SVC_TRUSTED_PROXIES: '127.0.0.1/32' } });
    const plain = await call(s, 'GET', '/healthz');
    expect([plain.status, plain.body.error]).toEqual([403, 'https_required']);
    expect((await call(s, 'GET', '/healthz', { headers: { 'x-forwarded-proto': 'https' } })).status).toBe(200);
    await s.stop();
  });
  it('uses the operator certificate from SVC_TLS_CERT / SVC_TLS_KEY', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const first = await startServer({ dataDir: dir });
    await first.stop();
    const dir2 = tempDir();
    dirs.push(dir2);
    const s = await startServer({
      dataDir: dir2,
      env: { SVC_TLS_CERT: join(dir, 'tls/cert.pem'), SVC_TLS_KEY: join(dir, 'tls/key.pem') },
    });
    expect((await call(s, 'GET', '/healthz')).status).toBe(200);
    await s.stop();
  });
});
