// Transparency logs across the audit hot-to-cold move: leaves, nodes and proofs survive, segments carry their leaf range.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { call, cleanup, cli, newTenant, startServer, tempDir, until, type Server } from '../helpers';
import { consistencyOk, hexes, inclusionOk, leafHashOf, mth } from './independent-tlog';

// The audit hot-to-cold move: the org log keeps its leaves and nodes, proofs keep working, the segment manifest
// carries the leaf range and the subtree roots covering it.
let s: Server;
const dir = tempDir();
let t: { tenantId: string; key: string };
const get = (path: string) => call(s, 'GET', path, { key: t.key });
const DAY = 86400_000;
const ids: string[] = [];

/** Canonical JSON (sorted keys, no whitespace), enough for the audit signed data. */
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`;
}
const signedOf = (e: any) => ({
  action: e.action,
  actor: e.actor,
  context: e.context ?? null,
  event_id: e.id,
  ingested_at: e.ingested_at,
  metadata: e.metadata ?? null,
  occurred_at: e.occurred_at,
  org_id: e.org_id,
  schema_id: e.schema_id,
  seq: e.seq,
  targets: e.targets,
});

let before: any;
beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: { SVC_CHECKPOINT_SECONDS: '1' } });
  const nt = await newTenant(dir, 'cold.tlog.test', 'audit:read,audit:write', 'enterprise');
  t = { tenantId: nt.tenantId, key: nt.key };
  await call(s, 'POST', '/v1/audit/orgs', { key: t.key, body: { organization_id: 'c' } });
  for (let i = 1; i <= 11; i++) {
    const r = await call(s, 'POST', '/v1/audit/events', {
      key: t.key,
      headers: { 'idempotency-key': `c${i}` },
      body: { organization_id: 'c', action: 'doc.edit', actor: { type: 'user', id: `u${i}` }, metadata: { i } },
    });
    ids.push(r.body.event_id);
  }
  before = await until(async () => {
    const r = (await get('/v1/audit/orgs/c/log/checkpoint')).body;
    return r.tree_size === 11 && r;
  }, 20000);
  const r = await cli(dir, 'retention', 'run', '--as-of', new Date(Date.now() + 100 * DAY).toISOString());
  expect(r.code).toBe(0);
  expect(r.json.audit_evacuated).toBe(11);
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('audit hot-to-cold move', () => {
  it('the manifest carries the leaf range and the subtree roots, recomputed here from the segment rows', () => {
    const cold = join(dir, 'audit-cold', t.tenantId, 'c');
    const seg = JSON.parse(readFileSync(join(cold, 'manifest.json'), 'utf8')).segments[0];
    expect(seg.leaf_range).toEqual({ from: 0, to: 11 });
    expect(seg.subtree_roots.map((r: any) => [r.level, r.index])).toEqual([
      [3, 0],
      [1, 4],
      [0, 10],
    ]);
    const events = gunzipSync(readFileSync(join(cold, seg.file)))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const leaves = events.map((e) => leafHashOf(Buffer.from(canonical(signedOf(e)), 'utf8')));
    expect(seg.subtree_roots.map((r: any) => r.hash)).toEqual(
      [mth(leaves.slice(0, 8)), mth(leaves.slice(8, 10)), leaves[10]].map((b) => b!.toString('hex')),
    );
    expect(mth(leaves).toString('hex')).toBe(before.root_hash);
  });

  it('keeps serving proofs for evacuated events, consistent with the checkpoint before the move', async () => {
    const e = (await get(`/v1/audit/events/${ids[4]}`)).body;
    expect(e.log.leaf_index).toBe(4);
    expect(
      inclusionOk(
        4,
        e.log.tree_size,
        Buffer.from(e.log.leaf_hash, 'hex'),
        hexes(e.log.audit_path),
        Buffer.from(e.log.root_hash, 'hex'),
      ),
    ).toBe(true);
    expect(e.log.root_hash).toBe(before.root_hash);
    await call(s, 'POST', '/v1/audit/events', {
      key: t.key,
      headers: { 'idempotency-key': 'c12' },
      body: { organization_id: 'c', action: 'doc.edit', actor: { type: 'user', id: 'u12' } },
    });
    const after = await until(async () => {
      const r = (await get('/v1/audit/orgs/c/log/checkpoint')).body;
      return r.tree_size === 12 && r;
    }, 20000);
    const c = (await get('/v1/audit/orgs/c/log/consistency?first=11&second=12')).body;
    expect(
      consistencyOk(
        11,
        12,
        hexes(c.consistency_path),
        Buffer.from(before.root_hash, 'hex'),
        Buffer.from(after.root_hash, 'hex'),
      ),
    ).toBe(true);
  });

  it('the org integrity report rebuilds evacuated leaves from the cold rows and verifies the log', async () => {
    const r = (await get('/v1/audit/orgs/c/integrity')).body;
    expect(r).toMatchObject({
      evacuated_through_seq: 11,
      log_verified: true,
      first_bad_leaf: null,
      tail_verified: true,
      checkpoint: { tree_size: 12 },
    });
    expect(r.cold.manifest_ok).toBe(true);
  });
});
