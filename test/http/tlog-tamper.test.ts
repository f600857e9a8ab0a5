// Transparency log integrity: untouched logs check out, and tampering done directly in LMDB is found with its leaf index.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { open } from 'lmdb';
import { join } from 'node:path';
import { call, cleanup, cli, newTenant, startServer, tempDir, until, type Server } from '../helpers';

// Tampering done directly in LMDB on a stopped server, as an intruder with file access would: each kind
// (one byte changed, a row deleted, rows reordered, the newest rows cut) is found with its leaf index.
let s: Server;
const dir = tempDir();
type T = { tenantId: string; key: string; events: string[] };
const tenants: Record<string, T> = {};
const get = (t: T, path: string) => call(s, 'GET', path, { key: t.key });

async function ledgerTenant(name: string, n: number): Promise<T> {
  const nt = await newTenant(dir, `${name}.tamper.test`, 'read,write,audit:read,audit:write', 'enterprise');
  const t = { tenantId: nt.tenantId, key: nt.key, events: [] as string[] };
  for (let i = 0; i < n; i++)
    t.events.push(
      (await call(s, 'POST', '/v1/events', { key: t.key, body: { event_type: 'e', payload: { i } } })).body.event_id,
    );
  return t;
}

async function auditOrg(t: T, org: string, n: number) {
  await call(s, 'POST', '/v1/audit/orgs', { key: t.key, body: { organization_id: org } });
  for (let i = 1; i <= n; i++) {
    await call(s, 'POST', '/v1/audit/events', {
      key: t.key,
      headers: { 'idempotency-key': `${org}-${i}` },
      body: { organization_id: org, action: 'doc.edit', actor: { type: 'user', id: `u${i}` } },
    });
  }
  await until(async () => (await get(t, `/v1/audit/orgs/${org}/log/checkpoint`)).body?.tree_size === n, 20000);
}

/**
 * Cuts leaves `from` and above out of a log, as stored (docs/transparency-logs.md): runs keyed [log, first
 * index], each leaf a 2-byte big-endian length then its bytes.
 */
function cutLeaves(runs: any, num: number, from: number): number {
  let cut = 0;
  for (const { key, value } of [...runs.getRange({ start: [num, 0], end: [num, Number.MAX_SAFE_INTEGER] })]) {
    const first = (key as [number, number])[1];
    let o = 0;
    let i = first;
    while (o < value.length && i < from) {
      o += 2 + value.readUInt16BE(o);
      i++;
    }
    if (o === value.length) continue;
    cut += value.length - o;
    if (i === first) runs.removeSync(key);
    else runs.putSync(key, value.subarray(0, o));
  }
  return cut;
}

// Signed rows are stored with msgpack shared structures (the appliance's append-only databases).
const SHARED = new Set(['ledger_events', 'audit_events']);

async function tamper(fn: (db: (name: string, binary?: boolean) => any) => void) {
  await s.stop();
  const env = open({ path: join(dir, 'db'), overlappingSync: false, maxDbs: 64 });
  const dbs = (name: string, binary = false) =>
    env.openDB({
      name,
      keyEncoding: 'ordered-binary',
      ...(binary ? { encoding: 'binary' as const } : {}),
      ...(SHARED.has(name) ? { sharedStructuresKey: Symbol.for('structures') } : {}),
    });
  await env.transaction(() => fn(dbs));
  await env.close();
  s = await startServer({ dataDir: dir });
}

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: { SVC_CHECKPOINT_SECONDS: '1' } });
  for (const name of ['clean', 'byte', 'deleted', 'reordered', 'cut']) tenants[name] = await ledgerTenant(name, 8);
  await auditOrg(tenants.clean!, 'byte', 6);
  await auditOrg(tenants.clean!, 'reorder', 6);
  await auditOrg(tenants.clean!, 'cut', 6);
  for (const t of Object.values(tenants))
    await until(async () => (await get(t, '/v1/log/checkpoint')).body?.tree_size === 8, 20000);
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('integrity of untouched logs', () => {
  it('GET /v1/log/integrity and the org report say log_verified, no bad leaf, tail verified, with the checkpoint checked', async () => {
    const r = (await get(tenants.clean!, '/v1/log/integrity')).body;
    expect(r).toMatchObject({
      log_verified: true,
      first_bad_leaf: null,
      tail_verified: true,
      checkpoint: { tree_size: 8 },
    });
    expect(r.checkpoint.root_hash).toBe((await get(tenants.clean!, '/v1/log/checkpoint')).body.root_hash);
    const o = (await get(tenants.clean!, '/v1/audit/orgs/byte/integrity')).body;
    expect(o).toMatchObject({
      log_verified: true,
      first_bad_leaf: null,
      tail_verified: true,
      checkpoint: { tree_size: 6 },
    });
    expect(o.note).toContain('truncation of the newest events is detected up to seq 6');
  });
});

describe('tampering directly in LMDB', () => {
  beforeAll(async () => {
    const T = tenants;
    await tamper((db) => {
      const ledger = db('ledger_events');
      // One byte of a payload (leaf 2).
      const r2 = ledger.get(T.byte!.events[2]);
      ledger.putSync(T.byte!.events[2], { ...r2, payload: { i: 9 } });
      // A row deleted (leaf 4).
      ledger.removeSync(T.deleted!.events[4]);
      // Two rows swapped under their keys (leaves 1 and 2).
      const a = ledger.get(T.reordered!.events[1]);
      const b = ledger.get(T.reordered!.events[2]);
      ledger.putSync(T.reordered!.events[1], b);
      ledger.putSync(T.reordered!.events[2], a);
      // The newest rows cut, with their leaves and the log head (leaves 6 and 7).
      const num = db('tlog_log_ids').get([T.cut!.tenantId, '']);
      for (const i of [6, 7]) ledger.removeSync(T.cut!.events[i]);
      if (cutLeaves(db('tlog_leaf_runs', true), num, 6) === 0) throw new Error('no stored leaf was cut');
      db('tlog_heads').putSync(num, 6);
      // Audit: one byte of seq 3; seqs 4 and 5 swapped; seqs 5 and 6 cut with the org head.
      const ev = db('audit_events');
      const t = T.clean!.tenantId;
      const r3 = ev.get([t, 'byte', 3]);
      ev.putSync([t, 'byte', 3], { ...r3, action: 'doc.edix' });
      const e4 = ev.get([t, 'reorder', 4]);
      const e5 = ev.get([t, 'reorder', 5]);
      ev.putSync([t, 'reorder', 4], { ...e5, seq: 4 });
      ev.putSync([t, 'reorder', 5], { ...e4, seq: 5 });
      ev.removeSync([t, 'cut', 5]);
      ev.removeSync([t, 'cut', 6]);
      const heads = db('audit_heads');
      heads.putSync([t, 'cut'], { ...heads.get([t, 'cut']), last_seq: 4 });
    });
  });

  const report = async (name: string) => (await get(tenants[name]!, '/v1/log/integrity')).body;

  it('finds a changed byte at its leaf', async () => {
    expect(await report('byte')).toMatchObject({ log_verified: false, first_bad_leaf: 2, tail_verified: true });
  });
  it('finds a deleted row at its leaf, and the tail below the checkpoint incomplete', async () => {
    expect(await report('deleted')).toMatchObject({ log_verified: false, first_bad_leaf: 4, tail_verified: false });
  });
  it('finds reordered rows at the first leaf out of place', async () => {
    expect(await report('reordered')).toMatchObject({ log_verified: false, first_bad_leaf: 1 });
  });
  it('finds the newest rows cut (with their leaves) against the signed checkpoint', async () => {
    const r = await report('cut');
    expect(r).toMatchObject({
      log_verified: false,
      first_bad_leaf: 6,
      tail_verified: false,
      checkpoint: { tree_size: 8 },
    });
  });
  it('finds audit tampering in the org report: a changed byte, a reorder, a cut tail', async () => {
    const o = async (org: string) => (await get(tenants.clean!, `/v1/audit/orgs/${org}/integrity`)).body;
    expect(await o('byte')).toMatchObject({ log_verified: false, first_bad_leaf: 2, tail_verified: true });
    expect(await o('reorder')).toMatchObject({ log_verified: false, first_bad_leaf: 3 });
    expect(await o('cut')).toMatchObject({
      log_verified: false,
      first_bad_leaf: 4,
      tail_verified: false,
      checkpoint: { tree_size: 6 },
    });
  });
  it('svc log verify exits 1 with one line on stderr; 0 for an untouched log', async () => {
    const bad = await cli(dir, 'log', 'verify', '--tenant', tenants.byte!.tenantId);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n').length).toBe(1);
    expect(bad.stderr).toContain('first bad leaf: 2');
    const ok = await cli(dir, 'log', 'verify', '--tenant', tenants.clean!.tenantId);
    expect(ok.code).toBe(0);
    expect(ok.json.log_verified).toBe(true);
  });
});
