// Upgrade of a data directory written when each transparency-log leaf was its own LMDB value (format 1): the
// first start regroups the leaves into runs; proofs, checkpoints and the integrity scan continue unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { open } from 'lmdb';
import { join } from 'node:path';
import { call, cleanup, newTenant, startServer, tempDir, until, type Server } from '../helpers';
import { consistencyOk, hexes, inclusionOk, leafHashOf } from './independent-tlog';
import { FORMAT_VERSION } from '../../src/store/format';

let s: Server;
const dir = tempDir();
let key = '';
const N = 90; // more than two runs of tenant leaves
const get = (path: string) => call(s, 'GET', path, { key });
const signed: string[] = [];
let before: { tree_size: number; root_hash: string };

/** The format-1 layout, rebuilt from the runs: [log, leaf_index] -> leaf entry, one value per leaf. */
/** Rewrites every log's leaves in the format-1 layout; returns the number of leaves per log (the tenant's, the head's). */
async function downgradeLeaves(): Promise<number[]> {
  await s.stop();
  const env = open({ path: join(dir, 'db'), overlappingSync: false, maxDbs: 64 });
  const runs = env.openDB({ name: 'tlog_leaf_runs', keyEncoding: 'ordered-binary', encoding: 'binary' });
  const single = env.openDB({ name: 'tlog_leaves', keyEncoding: 'ordered-binary', encoding: 'binary' });
  const perLog = new Map<number, number>();
  await env.transaction(() => {
    for (const { key: k, value } of [...runs.getRange({})]) {
      const [num, first] = k as [number, number];
      for (let o = 0, i = first; o < value.length; i++) {
        const len = value.readUInt16BE(o);
        single.putSync([num, i], value.subarray(o + 2, o + 2 + len));
        o += 2 + len;
        perLog.set(num, (perLog.get(num) ?? 0) + 1);
      }
    }
    runs.clearSync();
    env.openDB({ name: 'meta', encoding: 'msgpack' }).putSync('format_version', 1);
  });
  await env.close();
  return [...perLog.values()];
}

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: { SVC_CHECKPOINT_SECONDS: '1', SVC_PUBLIC_RPS: '100000' } });
  const t = await newTenant(dir, 'leaf-format.test', 'read,write', 'enterprise');
  key = t.key;
  for (let i = 0; i < N; i++) {
    const id = (await call(s, 'POST', '/v1/events', { key, body: { event_type: 'e', payload: { i } } })).body.event_id;
    signed.push((await call(s, 'GET', `/v1/proof/event/${id}`)).body.signed_payload);
  }
  before = await until(async () => {
    const cp = (await get('/v1/log/checkpoint')).body;
    return cp?.tree_size === N && cp;
  }, 20000);
  expect(await downgradeLeaves()).toContain(N);
  s = await startServer({ dataDir: dir, env: { SVC_CHECKPOINT_SECONDS: '1' } });
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('format 1 -> 2: leaves regrouped into runs at first start', () => {
  it('keeps every inclusion proof and the integrity scan, and empties the old layout', async () => {
    expect((await get('/v1/log/checkpoint')).body.root_hash).toBe(before.root_hash);
    for (const i of [0, 1, 36, 37, 38, 74, N - 1]) {
      const inc = (await get(`/v1/log/inclusion?leaf_index=${i}&tree_size=${N}`)).body;
      expect(
        inclusionOk(
          i,
          N,
          leafHashOf(Buffer.from(signed[i]!, 'hex')),
          hexes(inc.audit_path),
          Buffer.from(before.root_hash, 'hex'),
        ),
      ).toBe(true);
    }
    expect((await get('/v1/log/integrity')).body).toMatchObject({
      log_verified: true,
      first_bad_leaf: null,
      tail_verified: true,
      tree_size: N,
    });
  });

  it('appends after the migrated leaves, consistent with the checkpoint before the upgrade', async () => {
    await call(s, 'POST', '/v1/events', { key, body: { event_type: 'e', payload: { i: N } } });
    const after = await until(async () => {
      const cp = (await get('/v1/log/checkpoint')).body;
      return cp?.tree_size === N + 1 && cp;
    }, 20000);
    const proof = (await get(`/v1/log/consistency?first=${N}&second=${N + 1}`)).body;
    expect(proof.first_root).toBe(before.root_hash);
    expect(
      consistencyOk(
        N,
        N + 1,
        hexes(proof.consistency_path),
        Buffer.from(before.root_hash, 'hex'),
        Buffer.from(after.root_hash, 'hex'),
      ),
    ).toBe(true);
    await s.stop();
    const env = open({ path: join(dir, 'db'), readOnly: true, maxDbs: 64 });
    expect(env.openDB({ name: 'tlog_leaves', keyEncoding: 'ordered-binary', encoding: 'binary' }).getCount()).toBe(0);
    expect(env.openDB({ name: 'meta', encoding: 'msgpack' }).get('format_version')).toBe(FORMAT_VERSION);
    await env.close();
    s = await startServer({ dataDir: dir });
  });
});
