// docs/examples/haproxy.cfg with a real HAProxy (Debian's) in front of two replicated nodes and one dead address:
// `haproxy -c` accepts it, its HTTPS health checks (check-ssl verify none) find the primary and the standby, the API
// port reaches the primary through TLS passthrough, the read port a standby, and after the primary is killed the
// API port reaches the node that took over.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { call, cleanup, newTenant, ROOT, tempDir, until, type Server } from '../helpers';
import { startPg, type Pg } from '../pg';
import { freePort } from '../ports';
import { cluster, health } from '../replication-nodes';

const work = tempDir('svc-haproxy-');
const env = {
  SVC_MASTER_KEY_FILE: join(work, 'master.key'),
  SVC_FAILOVER_SECONDS: '3',
  SVC_PUBLIC_RPS: '1000000',
};
const nodes = cluster(env);
let pg: Pg;
let a: Server;
let b: Server;
let haproxy: Subprocess<'ignore', 'pipe', 'pipe'>;
let api: { url: string };
let reads: { url: string };
let key: string;
const socket = join(work, 'admin.sock');
const cfgFile = join(work, 'haproxy.cfg');

/** `show stat` over the admin socket: backend/server -> status (UP, DOWN, ...). */
async function states(): Promise<Record<string, string>> {
  let text = '';
  const done = Promise.withResolvers<void>();
  await Bun.connect({
    unix: socket,
    socket: {
      open: (s) => void s.write('show stat\n'),
      data: (_, d) => void (text += d.toString()),
      close: () => done.resolve(),
      error: (_, e) => done.reject(e),
    },
  });
  await done.promise;
  const rows = text.split('\n').filter((l) => l && !l.startsWith('#'));
  return Object.fromEntries(rows.map((l) => l.split(',')).map((f) => [`${f[0]}/${f[1]}`, f[17]!]));
}

const matches = (st: Record<string, string>, want: Record<string, string>) =>
  Object.entries(want).every(([k, v]) => st[k] === v);

beforeAll(async () => {
  pg = await startPg();
  a = await nodes.node(pg.url);
  await until(async () => (await health(a)).role === 'primary', 20000);
  b = await nodes.node(pg.url);
  // The CLI acts on the cluster, as a node's env file would make it.
  const cliEnv = { SVC_REPLICATION_URL: pg.url, SVC_MASTER_KEY_FILE: env.SVC_MASTER_KEY_FILE };
  key = (await newTenant(a.dataDir, 'haproxy.test', 'read,write', 'enterprise', cliEnv)).key;
  const [apiPort, readPort, deadPort] = await Promise.all([freePort(), freePort(), freePort()]);
  // The example as published, with this machine's addresses; node3 is an address nothing listens on.
  const cfg = readFileSync(join(ROOT, 'docs/examples/haproxy.cfg'), 'utf8')
    .replaceAll('10.0.0.11:8443', `127.0.0.1:${a.port}`)
    .replaceAll('10.0.0.12:8443', `127.0.0.1:${b.port}`)
    .replaceAll('10.0.0.13:8443', `127.0.0.1:${deadPort}`)
    .replace('bind :443', `bind 127.0.0.1:${apiPort}`)
    .replace('bind :8444', `bind 127.0.0.1:${readPort}`)
    .replace(/^global\n/m, `global\n    stats socket ${socket} mode 600 level admin\n`);
  writeFileSync(cfgFile, cfg);
  api = { url: `https://127.0.0.1:${apiPort}` };
  reads = { url: `https://127.0.0.1:${readPort}` };
}, 120000);

afterAll(async () => {
  haproxy?.kill();
  await haproxy?.exited;
  for (const s of nodes.servers) await s.stop('SIGKILL').catch(() => {});
  await pg?.stop();
  for (const d of [...nodes.dirs, work]) cleanup(d);
});

describe('docs/examples/haproxy.cfg', () => {
  it('is valid for haproxy -c as published and as adapted here', () => {
    for (const f of [join(ROOT, 'docs/examples/haproxy.cfg'), cfgFile]) {
      const c = Bun.spawnSync(['haproxy', '-c', '-f', f], { stdout: 'pipe', stderr: 'pipe' });
      expect([f, c.exitCode, c.stdout.toString()]).toEqual([
        f,
        0,
        expect.stringContaining('Configuration file is valid'),
      ]);
    }
  });

  it('finds the primary and the standby by their HTTPS health checks, and routes each port there', async () => {
    haproxy = Bun.spawn(['haproxy', '-db', '-f', cfgFile], { stdout: 'pipe', stderr: 'pipe' });
    // Every server starts UP until its checks say otherwise: wait for the settled picture.
    const settled = {
      'primary/node1': 'UP',
      'primary/node2': 'DOWN',
      'primary/node3': 'DOWN',
      'replicas/node1': 'DOWN',
      'replicas/node2': 'UP',
      'replicas/node3': 'DOWN',
    };
    await until(async () => matches(await states().catch(() => ({})), settled), 30000, 200);
    // The API port: a write through HAProxy is acknowledged by the primary, and its TLS is the node's own.
    const w = await call(api, 'POST', '/v1/events', { key, body: { event_type: 'via.haproxy', payload: { n: 1 } } });
    expect(w.status).toBe(201);
    expect((await call(api, 'GET', '/healthz')).body.role).toBe('primary');
    // The read port: the standby, which serves the record once applied.
    expect((await call(reads, 'GET', '/healthz')).body.role).toBe('standby');
    await until(async () => (await call(reads, 'GET', `/v1/events/${w.body.event_id}`, { key })).status === 200);
  }, 60000);

  it('sends the API port to the standby that takes over when the primary is killed', async () => {
    await a.stop('SIGKILL');
    // node2 is now the primary and no standby is left: the read port falls back on the primary (the backup server
    // tracking it).
    await until(
      async () =>
        matches(await states(), {
          'primary/node1': 'DOWN',
          'primary/node2': 'UP',
          'replicas/node2': 'DOWN',
          'replicas/node2-primary': 'UP',
        }),
      30000,
      200,
    );
    expect((await call(reads, 'GET', '/healthz')).body.role).toBe('primary');
    const w = await until(async () => {
      const r = await call(api, 'POST', '/v1/events', { key, body: { event_type: 'via.haproxy', payload: { n: 2 } } });
      return r.status === 201 ? r : null;
    }, 20000);
    expect((await call(b, 'GET', `/v1/events/${w.body.event_id}`, { key })).status).toBe(200);
  }, 60000);
});
