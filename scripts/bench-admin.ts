// Figures of the administration API: latency (p50, p99) and throughput of its reads and writes at 50 concurrent
// connections (wrk over HTTPS), and of its writes on one connection, each beside an ordinary authenticated read
// measured in the same run as the reference, and revocation through the API in force on the very next request.
// A run during which the disk held a flush for over 10 ms says so (docs/api.md "Latency of the administration API").
// Usage: bun scripts/bench-admin.ts [--seconds N]
import { tmpdir } from 'node:os';
import { cliJson, fsyncProbe, line, luaPost, luaRequest, startBenchServer, wrk } from './bench-lib';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 10;
const CONNECTIONS = 50;
const s = await startBenchServer();
const tenant = (await cliJson(s.dir, 'tenant', 'list')).tenants.find((t: { plan: string }) => t.plan === 'enterprise');
const adminKeyOf = async (tenantId: string) =>
  (await cliJson(s.dir, 'key', 'create', '--tenant', tenantId, '--name', 'admin', '--scopes', 'admin,audit:write'))
    .api_key as string;
const admin = await adminKeyOf(tenant.tenant_id);
// The key creations run as a second tenant: they make thousands of keys, and the first tenant's lists keep the
// realistic size below in every run (GET /v1/admin/keys answers every key of its tenant, docs/api.md).
const creator = await adminKeyOf(
  (
    await cliJson(
      s.dir,
      'tenant',
      'create',
      '--name',
      'Creator',
      '--domain',
      'creator.example.org',
      '--plan',
      'enterprise',
    )
  ).tenant_id,
);
const token = (await cliJson(s.dir, 'admin-token', 'create', '--name', 'bench')).token as string;

const api = async (method: string, path: string, key: string, body?: unknown) => {
  const r = await fetch(s.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    tls: { rejectUnauthorized: false },
  } as RequestInit);
  return { status: r.status, body: (await r.json()) as any };
};
// Lists of a realistic size: 20 keys, 20 orgs, and the log entries they make.
for (let i = 0; i < 20; i++) {
  await api('POST', '/v1/admin/keys', admin, { name: `k${i}`, scopes: ['read'] });
  await api('POST', '/v1/audit/orgs', admin, { organization_id: `org-${i}` });
}
const victim = (await api('POST', '/v1/admin/keys', admin, { name: 'victim', scopes: ['read'] })).body.key_id;

const get = (path: string, key: string) => luaRequest('GET', path, { authorization: `Bearer ${key}` });
// The reference: an ordinary authenticated read of the same size, run just before each route, so that every figure
// has one taken under the same load (the machine is shared: its load moves from one minute to the next).
const reference = get('/v1/audit/orgs', s.key);
const runs: Array<[string, string]> = [
  ['GET /v1/admin/keys', get('/v1/admin/keys', admin)],
  ['GET /v1/admin/orgs', get('/v1/admin/orgs', admin)],
  ['GET /v1/admin/activity?limit=100', get('/v1/admin/activity?limit=100', admin)],
  ['GET /v1/operator/tenants/{id}', get(`/v1/operator/tenants/${tenant.tenant_id}`, token)],
  ['GET /v1/operator/log?limit=100', get('/v1/operator/log?limit=100', token)],
  ['POST /v1/admin/keys (+ log entry)', luaPost('/v1/admin/keys', creator, '{"name":"b{{n}}","scopes":["read"]}')],
  ['POST /v1/admin/keys/{id}/revoke (+ log entry)', luaPost(`/v1/admin/keys/${victim}/revoke`, admin, '')],
  [
    'POST /v1/operator/tenants/{id}/plan (+ log entry)',
    luaPost(`/v1/operator/tenants/${tenant.tenant_id}/plan`, token, '{"plan":"enterprise"}'),
  ],
  // Each run its own domains: wrk's per-request counter starts again at every run.
  ['POST /v1/operator/tenants (+ log entry)', ''],
];
let tenantRun = 0;
/** The script of a run: tenant creations get domains no earlier run used. */
const scriptOf = (name: string, lua: string) =>
  name.startsWith('POST /v1/operator/tenants')
    ? luaPost(
        '/v1/operator/tenants',
        token,
        `{"name":"T {{n}}","domain":"r${++tenantRun}-{{n}}.example.org","plan":"free"}`,
      )
    : lua;
/**
 * Every route runs 2 s as it is measured (same clients, same arrivals) before its measured run: the figures are those
 * of a server that has run the route before (its code compiled), not of its first requests. Not at full speed: the
 * thousands of log entries a full-speed run of a write leaves would still be integrating during the measured run.
 */
const warm = (name: string, lua: string, delay: string) =>
  wrk(`${s.url}/`, { seconds: 2, connections: CONNECTIONS, lua: `${scriptOf(name, lua)}\n${delay}\n` });
// The disk is shared with other machines: a flush it holds back holds every write acknowledged meanwhile. Each run
// says so when the disk's own flush (timed beside the server, bench-lib fsyncProbe) took over 10 ms during it.
const disk = fsyncProbe(tmpdir());
type Run = Awaited<ReturnType<typeof wrk>> & { flushMs: number };
const run = async (opts: Parameters<typeof wrk>[1]): Promise<Run> => {
  const from = Date.now();
  const r = await wrk(`${s.url}/`, opts);
  return { ...r, flushMs: disk.worst(from, Date.now()) };
};
const show = (r: Run) =>
  `p50 ${r.p50ms.toFixed(2)}  p99 ${r.p99ms.toFixed(2)} ms  ${Math.round(r.rps)}/s${r.non2xx ? `  non-2xx ${r.non2xx}` : ''}${
    r.flushMs > 10 ? `  (a disk flush took ${Math.round(r.flushMs)} ms)` : ''
  }`;

// Paced first (the saturating runs below create thousands of keys): 50 clients each sending a request about every
// PACE_MS, as automation calls an admin API, rather than as many requests as the server takes (below, where the
// latency is mostly the queue of 50 requests). Two arrivals: "in step", each client waiting exactly PACE_MS after
// its answer (wrk's delay()), so the 50 stay together and arrive as one burst of 50 requests each round; and
// "spread", each waiting a uniformly random 50-150% of PACE_MS (the same mean rate), as independent clients do.
const PACE_MS = 100;
const arrivals: Array<[string, string]> = [
  ['in step', `delay = function() return ${PACE_MS} end`],
  [
    'spread',
    // Each wrk thread has its own Lua state: seeded by its thread id (bench-lib's setup), or the threads would draw
    // the same delays.
    `local seeded = false
delay = function()
  if not seeded then math.randomseed(os.time() + 7919 * (tid or 0)); seeded = true end
  return math.random(${PACE_MS / 2}, ${(PACE_MS * 3) / 2})
end`,
  ],
];
for (const [arrival, delay] of arrivals) {
  console.log(`${CONNECTIONS} connections, each sending one request every ${PACE_MS} ms, ${arrival}:`);
  for (const [name, lua] of runs) {
    await warm(name, lua, delay);
    const ref = await run({ seconds, connections: CONNECTIONS, lua: `${reference}\n${delay}\n` });
    const r = await run({ seconds, connections: CONNECTIONS, lua: `${scriptOf(name, lua)}\n${delay}\n` });
    line('  reference GET /v1/audit/orgs', show(ref));
    line(name, show(r), 'p99 < 20 ms');
  }
}

console.log(
  `${CONNECTIONS} connections sending as fast as the server answers, ${seconds} s per run, each after its reference run`,
);
console.log('(wrk and the server share this machine with other work: compare each route with the line above it)');
for (const [name, lua] of runs) {
  const ref = await run({ seconds, connections: CONNECTIONS, lua: reference });
  const r = await run({ seconds, connections: CONNECTIONS, lua: scriptOf(name, lua) });
  line('  reference GET /v1/audit/orgs', show(ref));
  line(name, show(r), 'p99 < 20 ms');
}

// One connection: each write waits for its own durable commit, so its latency shows what a commit costs.
console.log('one connection at a time:');
for (const [name, lua] of runs.filter(([n]) => n.startsWith('POST'))) {
  const ref = await run({ seconds, connections: 1, lua: reference });
  const r = await run({ seconds, connections: 1, lua: scriptOf(name, lua) });
  line('  reference GET /v1/audit/orgs', show(ref));
  line(name, show(r));
}

// Revocation: a key revoked through the API is refused on the very next request, every time.
let refusedNext = 0;
const TRIES = 20;
for (let i = 0; i < TRIES; i++) {
  const k = (await api('POST', '/v1/admin/keys', admin, { name: `r${i}`, scopes: ['read'] })).body;
  if ((await api('GET', '/v1/events', k.api_key)).status !== 200) throw new Error('a new key was refused');
  await api('POST', `/v1/admin/keys/${k.key_id}/revoke`, admin);
  const next = await api('GET', '/v1/events', k.api_key);
  if (next.status === 401 && next.body.error === 'api_key_revoked') refusedNext++;
}
line('revoked via API, refused on the next request', `${refusedNext}/${TRIES}`, `${TRIES}/${TRIES}`);
disk.stop();
await s.stop();
process.exit(0);
