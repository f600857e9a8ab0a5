// Bun.sql against the `postgres` package on the stream's two hot statements, on a throw-away PostgreSQL 15 cluster:
// the lease-fenced insert of a 10 KB change set (one per writer batch, each its own commit) and a standby's
// fetch of 1000 entries. The appliance uses Bun.sql; `postgres` is not a dependency: install it aside to compare.
// Run: npm install --no-save postgres && bun scripts/bench-pg-client.ts   (needs PostgreSQL 15; run as root)
import { startPg } from '../test/pg';

type Client = {
  insert(pos: number, body: Uint8Array): Promise<unknown>;
  fetch(after: number): Promise<unknown[]>;
  close(): Promise<unknown>;
};
const INSERTS = 3000;
const body = new Uint8Array(10240).map((_, i) => (i * 7) % 251);
let pos = 0;

async function measure(label: string, c: Client): Promise<void> {
  for (let i = 0; i < 200; i++) await c.insert(++pos, body);
  const t0 = performance.now();
  for (let i = 0; i < INSERTS; i++) await c.insert(++pos, body);
  const insertMs = (performance.now() - t0) / INSERTS;
  const t1 = performance.now();
  for (let i = 0; i < 20; i++) await c.fetch(pos - 1000);
  const fetchMs = (performance.now() - t1) / 20;
  console.log(
    `${label.padEnd(9)} insert and commit ${insertMs.toFixed(3)} ms, fetch of 1000 entries ${fetchMs.toFixed(1)} ms`,
  );
  await c.close();
}

const postgres = (await import('postgres' as string).catch(() => null))?.default;
if (!postgres) throw new Error('install the postgres package aside first: npm install --no-save postgres');
const pg = await startPg();
try {
  const setup = new Bun.SQL(pg.url);
  await setup`CREATE TABLE t (pos bigint PRIMARY KEY, node text, epoch bigint, body bytea NOT NULL)`;
  await setup`CREATE TABLE l (id int PRIMARY KEY, holder text, epoch bigint, expires_at timestamptz)`;
  await setup`INSERT INTO l VALUES (1, 'n', 1, now() + interval '1 hour')`;
  await setup.close();
  for (let round = 0; round < 2; round++) {
    const b = new Bun.SQL(pg.url, { max: 1 });
    await measure('Bun.sql', {
      insert: (p, v) =>
        b`INSERT INTO t (pos, node, epoch, body) SELECT ${p}, 'n', l.epoch, ${v} FROM l
          WHERE l.id = 1 AND l.holder = 'n' AND l.expires_at > now() RETURNING pos`,
      fetch: (a) => b`SELECT pos::float8 AS pos, body FROM t WHERE pos > ${a} ORDER BY pos LIMIT 1000`,
      close: () => b.close(),
    });
    const q = postgres(pg.url, { max: 1 });
    await measure('postgres', {
      insert: (p, v) =>
        q`INSERT INTO t (pos, node, epoch, body) SELECT ${p}, 'n', l.epoch, ${Buffer.from(v)} FROM l
          WHERE l.id = 1 AND l.holder = 'n' AND l.expires_at > now() RETURNING pos`,
      fetch: (a) => q`SELECT pos::float8 AS pos, body FROM t WHERE pos > ${a} ORDER BY pos LIMIT 1000`,
      close: () => q.end(),
    });
  }
} finally {
  await pg.stop();
}
