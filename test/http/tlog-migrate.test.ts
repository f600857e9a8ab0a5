// First-start migration of a store written before transparency logs: its records join their logs once, in order.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { open } from 'lmdb';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { call, cleanup, newTenant, startServer, tempDir, until, type Server } from '../helpers';
import { checkpointLines, consistencyOk, hexes, inclusionOk, leafHashOf, mth } from './independent-tlog';

// A store written before the transparency logs existed is simulated by removing every trace of them (the log
// sub-databases, leaf_index on the rows); the next start must log those records once, in their existing order.
let s: Server;
const dir = tempDir();
let t: { tenantId: string; key: string };
const get = (path: string, key: string | null = t.key) => call(s, 'GET', path, { key });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(s, 'POST', path, { key: t.key, body, headers });
const sha = (x: string) => createHash('sha256').update(x).digest('hex');

type Rec = { id: string; ts: string; signed: string };
const records: Rec[] = [];
let traceId = '';

async function stripLogs() {
  await s.stop();
  const env = open({ path: join(dir, 'db'), overlappingSync: false, maxDbs: 64 });
  await env.transaction(() => {
    for (const name of [
      'tlog_logs',
      'tlog_log_ids',
      'tlog_leaves',
      'tlog_leaf_runs',
      'tlog_nodes',
      'tlog_heads',
      'tlog_integrated',
      'tlog_checkpoints',
      'tlog_migrated_refs',
      'tlog_meta',
    ]) {
      env.openDB({ name, keyEncoding: 'ordered-binary' }).clearSync();
    }
    for (const name of ['ledger_events', 'ai_attestations', 'documents']) {
      const db = env.openDB({ name, keyEncoding: 'ordered-binary', sharedStructuresKey: Symbol.for('structures') });
      for (const { key, value } of db.getRange({})) {
        if (typeof key === 'symbol') continue; // the shared structures record
        if (value && typeof value === 'object' && 'leaf_index' in value) {
          const { leaf_index: _, ...rest } = value as Record<string, unknown>;
          db.putSync(key, rest);
        }
      }
    }
  });
  await env.close();
}

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: { SVC_CHECKPOINT_SECONDS: '1' } });
  const nt = await newTenant(dir, 'migrate.test', 'read,write,audit:read,audit:write', 'enterprise');
  t = { tenantId: nt.tenantId, key: nt.key };
  traceId = (await post('/v1/traces', { label: 'run-1' })).body.trace_id;
  for (let i = 0; i < 5; i++)
    await post('/v1/events', { event_type: 'e', payload: { i }, trace_id: i < 2 ? traceId : undefined });
  await post('/v1/ai/attestations', { attestation_type: 'decision', input: 'q', output: 'a', trace_id: traceId });
  await post('/v1/document/anchor', { document_hash: sha('doc'), trace_id: traceId });
  await post(`/v1/traces/${traceId}/seal`, {});
  await until(async () => (await get(`/v1/traces/${traceId}`)).body.status === 'sealed', 20000);
  await post('/v1/audit/orgs', { organization_id: 'o1' });
  for (let i = 1; i <= 5; i++)
    await post(
      '/v1/audit/events',
      { organization_id: 'o1', action: 'a.b', actor: { type: 'user', id: 'u' } },
      { 'idempotency-key': `m${i}` },
    );
  await until(async () => (await get('/v1/audit/orgs/o1')).body.last_seq === 5);
  await until(async () => (await get('/v1/log/checkpoint')).body?.tree_size === 8, 20000);
  // Every record with its service timestamp and signed bytes, in the order the migration must use.
  for (const e of (await get('/v1/events?limit=500')).body.events) {
    const p = (await get(`/v1/proof/event/${e.event_id}`, null)).body;
    records.push({ id: e.event_id, ts: p.ingested_at, signed: p.signed_payload });
  }
  const bundle = (await get(`/v1/traces/${traceId}/proof`)).body;
  for (const item of bundle.items.filter((i: any) => i.type !== 'event'))
    records.push({ id: item.id, ts: item.timestamp, signed: item.signed_payload });
  if (!records.some((r) => r.id === bundle.seal.seal_event_id)) {
    records.push({ id: bundle.seal.seal_event_id, ts: bundle.seal.sealed_at, signed: bundle.seal.signed_payload });
  }
  records.sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : a.id < b.id ? -1 : 1));
  await stripLogs();
  s = await startServer({ dataDir: dir, env: { SVC_CHECKPOINT_SECONDS: '1' } });
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('first-start migration', () => {
  it('logs every earlier record once, merged by service timestamp then id, with proofs an independent verifier accepts', async () => {
    expect(records.length).toBe(8);
    const cp = await until(
      async () => (await get('/v1/log/checkpoint')).body?.tree_size === 8 && (await get('/v1/log/checkpoint')).body,
      20000,
    );
    expect(cp.root_hash).toBe(mth(records.map((r) => leafHashOf(Buffer.from(r.signed, 'hex')))).toString('hex'));
    for (const [i, r] of records.entries()) {
      const inc = (await get(`/v1/log/inclusion?record_id=${r.id}`)).body;
      expect(inc.leaf_index).toBe(i);
      expect(
        inclusionOk(
          i,
          8,
          leafHashOf(Buffer.from(r.signed, 'hex')),
          hexes(inc.audit_path),
          Buffer.from(cp.root_hash, 'hex'),
        ),
      ).toBe(true);
    }
  });

  it('gives migrated records their log block in proofs and trace bundles (items and seal)', async () => {
    const bundle = (await get(`/v1/traces/${traceId}/proof`)).body;
    for (const part of [...bundle.items, bundle.seal]) {
      expect(part.log.tree_size).toBeGreaterThanOrEqual(8);
      const root = checkpointLines(part.log.checkpoint).root;
      expect(
        inclusionOk(
          part.log.leaf_index,
          part.log.tree_size,
          leafHashOf(Buffer.from(part.signed_payload, 'hex')),
          hexes(part.log.audit_path),
          root,
        ),
      ).toBe(true);
    }
    const ai = bundle.items.find((i: any) => i.type === 'ai_attestation');
    expect((await get(`/v1/proof/ai/${ai.id}`, null)).body.log.leaf_index).toBe(ai.log.leaf_index);
    const doc = bundle.items.find((i: any) => i.type === 'document');
    expect((await get(`/v1/proof/document/${doc.id}`, null)).body.log.leaf_index).toBe(doc.log.leaf_index);
  });

  it('logs audit events at seq - 1 and the integrity reports agree', async () => {
    const cp = await until(
      async () =>
        (await get('/v1/audit/orgs/o1/log/checkpoint')).body?.tree_size === 5 &&
        (await get('/v1/audit/orgs/o1/log/checkpoint')).body,
      20000,
    );
    expect(cp.tree_size).toBe(5);
    expect((await get('/v1/audit/orgs/o1/integrity')).body).toMatchObject({
      log_verified: true,
      first_bad_leaf: null,
      tail_verified: true,
    });
    expect((await get('/v1/log/integrity')).body).toMatchObject({
      log_verified: true,
      first_bad_leaf: null,
      tail_verified: true,
    });
  });

  it('runs once: a restart changes nothing, and new records follow the migrated ones consistently', async () => {
    const before = (await get('/v1/log/checkpoint')).body;
    s = await s.restart({ SVC_CHECKPOINT_SECONDS: '1' });
    expect((await get('/v1/log/checkpoint')).body.root_hash).toBe(before.root_hash);
    const id = (await post('/v1/events', { event_type: 'new', payload: {} })).body.event_id;
    const after = await until(async () => {
      const r = (await get(`/v1/log/inclusion?record_id=${id}`)).body;
      return r?.tree_size !== undefined && r;
    }, 20000);
    expect(after.leaf_index).toBe(8);
    const c = (await get(`/v1/log/consistency?first=8&second=${after.tree_size}`)).body;
    expect(
      consistencyOk(
        8,
        after.tree_size,
        hexes(c.consistency_path),
        Buffer.from(before.root_hash, 'hex'),
        Buffer.from(c.second_root, 'hex'),
      ),
    ).toBe(true);
  });
});
