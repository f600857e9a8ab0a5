// Administration and published heads on a replicated cluster, with real nodes on a real PostgreSQL: an
// administration write is one stream entry holding its change and its operator-log leaf, and a standby serves each
// newer published head as the primary publishes it.
import { afterAll, beforeAll, expect, it } from 'bun:test';
import { Unpackr } from 'msgpackr';
import { call, until, type Server } from '../helpers';
import { health, primaryAndStandby, write as writeTo } from '../replication-nodes';

let c: Awaited<ReturnType<typeof primaryAndStandby>>;
let a: Server;
let b: Server;
let admin = '';

beforeAll(async () => {
  c = await primaryAndStandby('repl-admin.test', 'read,write,admin');
  ({ a, b } = c);
  admin = c.nodes.tenant.key;
}, 120_000);
afterAll(() => c.stop());

// A stream entry's body as the store writes it: msgpack of [{sub-database: options}, [[op, sub-database, key, value]]].
const unpackr = new Unpackr({ useRecords: false, moreTypes: true });
type Change = [string, string, unknown, unknown];

it('writes an administration change and its operator-log leaf as one stream entry', async () => {
  const sql = new Bun.SQL(c.pg.url, { max: 1 });
  const [{ head }] = await sql`SELECT coalesce(max(pos), 0)::float8 AS head FROM svc_changes`;
  const r = await call(a, 'POST', '/v1/admin/keys', { key: admin, body: { name: 'one-entry', scopes: ['read'] } });
  expect(r.status).toBe(201);
  const rows = (await sql`SELECT pos::float8 AS pos, body FROM svc_changes WHERE pos > ${head} ORDER BY pos`) as Array<{
    pos: number;
    body: Uint8Array;
  }>;
  await sql.close();
  const decoded = rows.map((row) => ({ pos: row.pos, changes: (unpackr.unpack(row.body) as [unknown, Change[]])[1] }));
  const withKey = decoded.filter((d) =>
    d.changes.some(
      ([op, db, , v]) => op === 'p' && db === 'api_keys' && (v as { key_id?: string })?.key_id === r.body.key_id,
    ),
  );
  expect(withKey).toHaveLength(1);
  // The same entry holds the operator-log leaf that records the key's creation, by the key that made it.
  // (A leaf's put may be recorded twice, an append refused then an ordinary put of the same bytes: one leaf per key.)
  const byLeaf = new Map(
    withKey[0]!.changes
      .filter(([op, db]) => op === 'p' && db === 'tlog_leaf_data')
      .map(([, , k, v]) => [JSON.stringify(k), Buffer.from(v as Uint8Array).toString('utf8')]),
  );
  const leaves = [...byLeaf.values()].map((text) => JSON.parse(text));
  expect(leaves).toEqual([
    expect.objectContaining({
      action: 'key.create',
      target: { tenant_id: c.nodes.tenant.tenantId, key_id: r.body.key_id },
    }),
  ]);
  // No other entry carries a key.create leaf for it.
  const elsewhere = decoded
    .filter((d) => d !== withKey[0])
    .flatMap((d) => d.changes.filter(([op, db]) => op === 'p' && db === 'tlog_leaf_data'))
    .map(([, , , v]) => Buffer.from(v as Uint8Array).toString('utf8'))
    .filter((text) => text.includes(r.body.key_id));
  expect(elsewhere).toEqual([]);
  // The standby has both: the key and its entry.
  await until(async () => {
    const keys = (await call(b, 'GET', '/v1/admin/keys', { key: admin })).body.keys ?? [];
    return keys.some((k: { key_id: string }) => k.key_id === r.body.key_id);
  }, 30_000);
  const activity = (await call(b, 'GET', '/v1/admin/activity?limit=1000', { key: admin })).body.entries;
  expect(
    activity.filter(
      (e: { entry: { action: string; target: Record<string, string> } }) =>
        e.entry.action === 'key.create' && e.entry.target.key_id === r.body.key_id,
    ),
  ).toHaveLength(1);
}, 120_000);

it('serves each newer published head on the standby, as the primary publishes it', async () => {
  const headOf = async (s: Server) => {
    const r = await call(s, 'GET', '/v1/proof/head/checkpoint');
    return r.status === 200 ? (r.body as { tree_size: number; checkpoint: string }) : null;
  };
  let seen = 0;
  for (let i = 0; i < 3; i++) {
    expect((await writeTo(c.nodes, a, { i })).status).toBe(201);
    // A head newer than the last one the standby served, published on the primary...
    const published = await until(async () => {
      const h = await headOf(a);
      return h && h.tree_size > seen && h;
    }, 60_000);
    // ...is served by the standby once replicated, byte for byte.
    const onStandby = await until(async () => {
      const h = await headOf(b);
      return h && h.tree_size >= published.tree_size && h;
    }, 60_000);
    const again = await call(a, 'GET', `/v1/proof/head/checkpoint?tree_size=${onStandby.tree_size}`);
    expect(onStandby.checkpoint).toBe(again.body.checkpoint);
    seen = onStandby.tree_size;
  }
  expect((await health(b)).role).toBe('standby');
}, 240_000);
