// Operating a replicated cluster safely, with real nodes on a real PostgreSQL: operator commands on a standby with
// and without SVC_REPLICATION_URL, operator-log entries from two nodes at once, a node that wrote outside the
// stream found diverged, every write route and a 16-client load with PostgreSQL stopped, a stale node.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { open } from 'lmdb';
import { call, cleanup, ROOT, svc, tempDir, until, type Server } from '../helpers';
import { startPg, type Pg } from '../pg';
import { freePort } from '../ports';
import { consoleDriver } from '../console-driver';
import { cluster, expectReadable, health } from '../replication-nodes';

let pg: Pg;
const keyDir = tempDir();
const base = {
  SVC_MASTER_KEY_FILE: join(keyDir, 'master.key'),
  SVC_FAILOVER_SECONDS: '4',
  SVC_CHECKPOINT_SECONDS: '1',
  SVC_PUBLIC_RPS: '1000000',
};
const nodes = cluster(base);
/** The CLI's environment on a node whose env file is loaded (SVC_REPLICATION_URL set) or not. */
const withEnv = () => ({ ...base, SVC_REPLICATION_URL: pg.url });
const withoutEnv = base;
const on = (s: Server, args: string[], env: Record<string, string> = withEnv()) =>
  svc(['--data-dir', s.dataDir, ...args], env);
let a: Server;
let b: Server;
let tenantId: string;
let key: string;

beforeAll(async () => {
  pg = await startPg();
  a = await nodes.node(pg.url);
  expect((await health(a)).role).toBe('primary');
  b = await nodes.node(pg.url);
  const t = await on(a, ['tenant', 'create', '--name', 'safe', '--domain', 'safe.test', '--plan', 'enterprise']);
  expect(t.code).toBe(0);
  tenantId = t.json.tenant_id;
  const scopes = 'read,write,audit:read,audit:write';
  const k = await on(a, ['key', 'create', '--tenant', tenantId, '--name', 'w', '--scopes', scopes]);
  expect(k.code).toBe(0);
  key = k.json.api_key;
});
afterAll(async () => {
  for (const s of nodes.servers) await s.stop('SIGKILL').catch(() => {});
  await pg.stop();
  for (const d of [...nodes.dirs, keyDir]) cleanup(d);
});

/** Every file under `dir` with its SHA-256 (lock.mdb, LMDB's reader table, excluded: readers register there). */
function fileHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name !== 'lock.mdb')
        out[p.slice(dir.length)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

const keysOf = async (s: Server, domain: string) => (await call(s, 'GET', `/keys/${domain}`)).status;
const applied = async (s: Server) => (await health(s)).applied as number;
/** Waits until every node given holds every entry PostgreSQL's stream holds now. */
const inStep = async (...servers: Server[]) => {
  const sql = new Bun.SQL(pg.url, { max: 1 });
  const [{ head }] = await sql`SELECT coalesce(max(pos), 0)::float8 AS head FROM svc_changes`;
  await sql.close();
  for (const s of servers) await until(async () => (await applied(s)) >= head, 30000, 50);
};
const operatorLog = async (s: Server) => {
  const r = await on(s, ['operator', 'log']);
  expect(r.code).toBe(0);
  return r.json as Array<{ leaf_index: number; entry: { action: string; target: Record<string, string> } }>;
};

describe('operator commands on a standby', () => {
  /** Every state-changing command, as an operator would type it on the standby. */
  const writes = (backupDir: string, restoreDir: string): string[][] => [
    ['tenant', 'create', '--name', 'alone', '--domain', 'alone.test'],
    ['tenant', 'set-plan', tenantId, 'free'],
    ['tenant', 'set-past-due', tenantId, 'on'],
    ['tenant', 'verify-domain', tenantId, '--force'],
    ['tenant', 'rotate-key', tenantId],
    ['key', 'create', '--tenant', tenantId, '--name', 'alone', '--scopes', 'read'],
    ['key', 'revoke', 'key_0000000000000000'],
    ['retention', 'run'],
    ['exports', 'clean'],
    ['witness', 'add-log', '--origin', 'example.com/log', '--vkey', 'example.com/log+12345678+AQ'],
    ['backup', '--to', backupDir],
    ['restore', '--from', backupDir, '--data-dir', restoreDir],
  ];
  const expectRefused = (r: Awaited<ReturnType<typeof svc>>, args: string[]) => {
    expect([args.join(' '), r.code]).toEqual([args.join(' '), 1]);
    const lines = r.stderr.trimEnd().split('\n');
    expect([args.join(' '), lines.length]).toEqual([args.join(' '), 1]);
    expect(lines[0]).toContain('SVC_REPLICATION_URL');
    expect(lines[0]).toContain('/etc/proof-ledger/env');
    expect(lines[0]).toContain('nothing was');
  };

  const made = join(tempDir(), 'backup');

  it('refuses every state-changing command without SVC_REPLICATION_URL, writing nothing; read-only commands work', async () => {
    // A backup of the standby made through the stream: its restore without the env is refused too.
    expect((await on(b, ['backup', '--to', made])).code).toBe(0);
    const target = join(tempDir(), 'never');
    const backupDir = join(tempDir(), 'never-backup');
    await inStep(a, b);
    const before = (await operatorLog(a)).length;
    const t0 = performance.now();
    const refused = await Promise.all(
      writes(backupDir, target).map(async (args) => {
        // restore's --data-dir is its target (a value given twice is a usage error).
        if (args[0] === 'restore') {
          const cmd = ['restore', '--from', made, '--data-dir', target];
          return [cmd, await svc(cmd, withoutEnv)] as const;
        }
        return [args, await svc(['--data-dir', b.dataDir, ...args], withoutEnv)] as const;
      }),
    );
    for (const [args, r] of refused) expectRefused(r, args);
    console.log(`${refused.length} refused commands in ${Math.round(performance.now() - t0)} ms`);
    expect([existsSync(backupDir), existsSync(target)]).toEqual([false, false]);
    // The tenant exists nowhere, and no operator-log entry was made anywhere.
    expect([await keysOf(a, 'alone.test'), await keysOf(b, 'alone.test')]).toEqual([404, 404]);
    await inStep(a, b);
    for (const s of [a, b]) expect((await operatorLog(s)).length).toBe(before);

    for (const args of [
      ['tenant', 'list'],
      ['tenant', 'show', tenantId],
      ['key', 'list', '--tenant', tenantId],
      ['operator', 'log'],
      ['operator', 'verify'],
      ['witness', 'list'],
      ['log', 'verify', '--tenant', tenantId],
    ]) {
      const r = await svc(['--data-dir', b.dataDir, ...args], withoutEnv);
      expect([args.join(' '), r.code, r.stderr]).toEqual([args.join(' '), 0, '']);
    }
    // doctor and replication status say what is missing instead of "ok".
    const doc = await svc(['--data-dir', b.dataDir, 'doctor'], withoutEnv);
    expect(doc.code).toBe(1);
    expect(doc.json.problems.join('\n')).toMatch(
      /replication: .*SVC_REPLICATION_URL is not set.*\/etc\/proof-ledger\/env/,
    );
    expectRefused(await svc(['--data-dir', b.dataDir, 'replication', 'status'], withoutEnv), ['replication status']);
  });

  it('leaves every file of a stopped standby as it was, and its server does not start without the env', async () => {
    await b.stop();
    const before = fileHashes(b.dataDir);
    expect(Object.keys(before)).toContain('/db/data.mdb');
    const refused = await Promise.all(
      writes(join(tempDir(), 'nb'), join(tempDir(), 'nr')).map(async (args) => {
        if (args[0] === 'restore') return null;
        return [args, await svc(['--data-dir', b.dataDir, ...args], withoutEnv)] as const;
      }),
    );
    for (const x of refused) if (x) expectRefused(x[1], x[0]);
    const serve = Bun.spawn(['bun', 'src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...withoutEnv, SVC_DATA_DIR: b.dataDir, SVC_PORT: '0', SVC_HOST: '127.0.0.1' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [code, err] = await Promise.all([serve.exited, new Response(serve.stderr).text()]);
    expect(code).toBe(1);
    expect(err).toContain('SVC_REPLICATION_URL is not set');
    expect(fileHashes(b.dataDir)).toEqual(before);
    b = await nodes.restart(b);
    expect((await health(b)).role).toBe('standby');
  });

  it("refuses them with SVC_REPLICATION_URL when PostgreSQL does not answer, or is not the cluster's database", async () => {
    const sql = new Bun.SQL(pg.url, { max: 1 });
    await sql`CREATE DATABASE other`;
    await sql.close();
    const cases: Array<[string, string]> = [
      [`postgres://postgres@127.0.0.1:${await freePort()}/postgres`, 'cannot reach PostgreSQL at SVC_REPLICATION_URL'],
      [pg.url.replace(/\/postgres$/, '/other'), 'it is not the database of this cluster'],
    ];
    for (const [url, said] of cases) {
      const r = await on(b, ['tenant', 'create', '--name', 'elsewhere', '--domain', 'elsewhere.test'], {
        ...base,
        SVC_REPLICATION_URL: url,
      });
      expect([r.code, r.stderr.trimEnd().split('\n').length]).toEqual([1, 1]);
      expect(r.stderr).toContain(said);
      expect(r.stderr).toContain('/etc/proof-ledger/env');
    }
    expect([await keysOf(a, 'elsewhere.test'), await keysOf(b, 'elsewhere.test')]).toEqual([404, 404]);
    // The other database is left as it was.
    const other = new Bun.SQL(cases[1]![0], { max: 1 });
    expect((await other`SELECT to_regclass('svc_changes') AS t`)[0].t).toBeNull();
    await other.close();
  });

  it("restores a node's backup as a single appliance with --standalone only: it forgets the cluster", async () => {
    const both = await svc(
      ['--data-dir', join(tempDir(), 'both'), 'restore', '--from', made, '--standalone'],
      withEnv(),
    );
    expect([both.code, both.stderr]).toEqual([1, expect.stringContaining('without SVC_REPLICATION_URL')]);
    const alone = join(tempDir(), 'standalone');
    const r = await svc(['--data-dir', alone, 'restore', '--from', made, '--standalone'], withoutEnv);
    expect([r.code, r.json?.restored]).toEqual([0, true]);
    const t = await svc(
      ['--data-dir', alone, 'tenant', 'create', '--name', 'solo', '--domain', 'solo.test'],
      withoutEnv,
    );
    expect([t.code, t.stderr]).toEqual([0, '']);
    const log = (await svc(['--data-dir', alone, 'operator', 'log'], withoutEnv)).json;
    expect(log.at(-2).entry).toMatchObject({ action: 'restore', details: { standalone: true } });
    expect(log.at(-1).entry).toMatchObject({ action: 'tenant.create' });
    expect(await keysOf(a, 'solo.test')).toBe(404);
    cleanup(alone);
  });

  it('runs the same commands with SVC_REPLICATION_URL on the standby: they reach every node', async () => {
    const t = await on(b, ['tenant', 'create', '--name', 'together', '--domain', 'together.test']);
    expect([t.code, t.stderr]).toEqual([0, '']);
    await until(async () => (await keysOf(a, 'together.test')) === 200 && (await keysOf(b, 'together.test')) === 200);
    const k = await on(b, ['key', 'create', '--tenant', t.json.tenant_id, '--name', 'k', '--scopes', 'write']);
    expect(k.code).toBe(0);
    // In force on the primary once it applied the entry (within the lag bound).
    const w = () => call(a, 'POST', '/v1/events', { key: k.json.api_key, body: { event_type: 'e', payload: {} } });
    await until(async () => (await w()).status === 201, 10000, 50);
    for (const s of [a, b]) {
      const entries = await operatorLog(s);
      expect(entries.at(-2)?.entry).toMatchObject({ action: 'tenant.create', target: { tenant_id: t.json.tenant_id } });
      expect(entries.at(-1)?.entry).toMatchObject({ action: 'key.create', target: { key_id: k.json.key_id } });
    }
  });

  it('keeps every operator-log entry written on a standby and on the primary at once: same leaf, same bytes, verified on every node', async () => {
    await inStep(a, b);
    const before = (await operatorLog(a)).length;
    const made: string[] = [];
    const run = async (s: Server, n: number, tag: string) => {
      for (let i = 0; i < n; i++) {
        const k = await on(s, ['key', 'create', '--tenant', tenantId, '--name', `${tag} ${i}`, '--scopes', 'read']);
        expect([k.code, k.stderr]).toEqual([0, '']);
        made.push(k.json.key_id);
        // A command without the env on the standby in between: refused, never in the log.
        if (s === b)
          expect((await svc(['--data-dir', b.dataDir, 'key', 'revoke', k.json.key_id], withoutEnv)).code).toBe(1);
      }
    };
    // Writes keep the primary's writer committing to the stream meanwhile.
    let writing = true;
    const load = (async () => {
      while (writing) await call(a, 'POST', '/v1/events', { key, body: { event_type: 'bg', payload: {} } });
    })();
    const t0 = performance.now();
    await Promise.all([run(a, 6, 'primary'), run(b, 6, 'standby')]);
    console.log(`12 operator commands on two nodes at once in ${Math.round(performance.now() - t0)} ms`);
    writing = false;
    await load;
    await inStep(a, b);
    const [la, lb] = [await operatorLog(a), await operatorLog(b)];
    expect(la.length).toBe(before + 12);
    expect(lb).toEqual(la);
    expect(la.map((e) => e.leaf_index)).toEqual(la.map((_, i) => i));
    const keyIds = la.slice(before).map((e) => e.entry.target.key_id);
    expect([...keyIds].sort()).toEqual([...made].sort());
    // Every node's log, with the checkpoint the primary signed over all of it.
    for (const s of [a, b]) {
      const v = await until(
        async () => {
          const r = await on(s, ['operator', 'verify']);
          return r.code === 0 && r.json.checkpoint?.tree_size === la.length && r;
        },
        30000,
        200,
      );
      expect(v.json).toMatchObject({ log_verified: true, first_bad_leaf: null, problems: [] });
    }
  });
});

describe('the console on a standby (tmux, 80x24)', () => {
  const socket = `svc-repl-console-${process.pid}`;
  const term = consoleDriver(socket);
  const { keys, type } = term;
  // Each step waits on a console process of its own, started on a machine other tests share.
  const waitFor = (test: (screen: string) => unknown) => term.waitFor(test, 30000);
  const start = (env: Record<string, string>) => term.open(b.dataDir, env);
  const newTenant = async (domain: string) => {
    await waitFor((t) => t.includes('safe.test'));
    keys('n');
    await waitFor((t) => t.includes('New tenant'));
    type(domain);
    keys('Tab');
    type(domain);
    keys('Enter');
  };
  afterAll(() => term.kill());

  it('refuses its changes without SVC_REPLICATION_URL (the same refusal as the CLI) and makes them with it', async () => {
    await inStep(a, b);
    const before = (await operatorLog(a)).length;
    start(withoutEnv);
    await newTenant('console-alone.test');
    const shown = await waitFor((t) => t.includes('ERROR SVC_REPLICATION_URL is not set'));
    expect(shown.replace(/\s+/g, ' ')).toContain('/etc/proof-ledger/env');
    keys('Escape');
    // Closed before the next key: an Escape followed at once by a key reads as Alt and that key.
    await waitFor((t) => !t.includes('New tenant'));
    // A confirmed action reports on the status line.
    keys('r');
    await waitFor((t) => t.includes('Rotate the signing key'));
    keys('y');
    await waitFor((t) => t.includes('ERROR SVC_REPLICATION_URL is not set'));
    keys('q');
    // The session ends with the console: nothing left to show.
    await until(() => term.screen() === '', 10000);
    expect([await keysOf(a, 'console-alone.test'), await keysOf(b, 'console-alone.test')]).toEqual([404, 404]);
    await inStep(a, b);
    expect((await operatorLog(a)).length).toBe(before);

    start(withEnv());
    await newTenant('console-together.test');
    await waitFor((t) => t.includes('OK created tenant'));
    keys('q');
    await until(async () => (await keysOf(a, 'console-together.test')) === 200, 20000);
    expect((await operatorLog(a)).at(-1)?.entry.action).toBe('tenant.create');
  });
});

type Reply = Awaited<ReturnType<typeof call>>;
let seq = 0;
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;
const sha = (x: string) => createHash('sha256').update(x).digest('hex');
const req = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  call(a, method, path, { key, body, headers });
const ok2xx = async (r: Promise<Reply>) => {
  const x = await r;
  if (x.status >= 300) throw new Error(`${x.status} ${x.text}`);
  return x.body;
};

/**
 * The objects every write route of the sweep acts on, made while PostgreSQL runs: an org with a stream and a
 * paused one, an org to archive and an archived one, an empty org to delete, two open traces and an unused viewer link.
 */
async function prepare() {
  const org = uniq('org');
  const [toArchive, archived, toDelete] = [uniq('arch'), uniq('unarch'), uniq('del')];
  for (const id of [org, toArchive, archived, toDelete])
    await ok2xx(req('POST', '/v1/audit/orgs', { organization_id: id }));
  await ok2xx(req('POST', `/v1/audit/orgs/${archived}/archive`, {}));
  const stream = async () =>
    (await ok2xx(req('POST', `/v1/audit/orgs/${org}/streams`, { type: 'webhook', url: 'https://example.com/h' }))).id;
  const [s1, s2, s3] = [await stream(), await stream(), await stream()];
  await ok2xx(req('POST', `/v1/audit/orgs/${org}/streams/${s3}/pause`, {}));
  const trace = (await ok2xx(req('POST', '/v1/traces', { label: uniq('trace') }))).trace_id;
  const trace2 = (await ok2xx(req('POST', '/v1/traces', { label: uniq('trace') }))).trace_id;
  const link = await ok2xx(req('POST', '/v1/audit/portal_sessions', { organization_id: org, intent: 'audit_logs' }));
  return { org, toArchive, archived, toDelete, s1, s2, s3, trace, trace2, token: link.token as string };
}

/** One request to every write route of the API, each of which succeeds on a healthy cluster. */
function everyWrite(p: Awaited<ReturnType<typeof prepare>>): Array<[string, () => Promise<Reply>]> {
  const o = `/v1/audit/orgs/${p.org}`;
  return [
    ['events', () => req('POST', '/v1/events', { event_type: 'sweep', payload: { x: uniq('e') } })],
    ['ai', () => req('POST', '/v1/ai/attestations', { attestation_type: 'output', input: uniq('in'), output: 'o' })],
    ['document anchor', () => req('POST', '/v1/document/anchor', { document_hash: sha(uniq('d')) })],
    ['trace create', () => req('POST', '/v1/traces', { label: uniq('trace') })],
    ['trace item', () => req('POST', '/v1/events', { event_type: 'step', payload: { s: 1 }, trace_id: p.trace })],
    ['trace public', () => req('POST', `/v1/traces/${p.trace2}/public`, { enabled: true })],
    ['trace seal', () => req('POST', `/v1/traces/${p.trace}/seal`)],
    ['org create', () => req('POST', '/v1/audit/orgs', { organization_id: uniq('org') })],
    [
      'audit event',
      () =>
        req(
          'POST',
          '/v1/audit/events',
          { organization_id: p.org, action: 'user.login', actor: { type: 'user', id: 'u1' } },
          { 'idempotency-key': uniq('ik') },
        ),
    ],
    ['org archive', () => req('POST', `/v1/audit/orgs/${p.toArchive}/archive`, {})],
    ['org unarchive', () => req('POST', `/v1/audit/orgs/${p.archived}/unarchive`, {})],
    ['org retention', () => req('PUT', `${o}/retention`, { days: 30 })],
    ['org delete', () => req('DELETE', `/v1/audit/orgs/${p.toDelete}`)],
    ['stream create', () => req('POST', `${o}/streams`, { type: 'webhook', url: 'https://example.com/h2' })],
    ['stream delete', () => req('DELETE', `${o}/streams/${p.s1}`)],
    ['stream pause', () => req('POST', `${o}/streams/${p.s2}/pause`, {})],
    ['stream resume', () => req('POST', `${o}/streams/${p.s3}/resume`, {})],
    ['portal mint', () => req('POST', '/v1/audit/portal_sessions', { organization_id: p.org, intent: 'audit_logs' })],
    ['portal exchange', () => call(a, 'POST', '/v1/audit/portal/exchange', { body: { token: p.token } })],
    ['export', () => req('POST', '/v1/audit/exports', { organization_id: p.org, format: 'ndjson' })],
  ];
}

describe('PostgreSQL stopped', () => {
  // The primary alone: with PostgreSQL down longer than a lease, a standby could take the lease once PostgreSQL is
  // back (a failover, tested elsewhere); here every answer comes from the one node that stays primary.
  beforeAll(() => b.stop());
  afterAll(async () => {
    if (b.proc.exitCode !== null || b.proc.signalCode !== null) b = await nodes.restart(b);
  });

  it('answers every write route 503 replication_unavailable with Retry-After (each one succeeds while it runs)', async () => {
    const run = async (p: Awaited<ReturnType<typeof prepare>>) => {
      const out: Record<string, string> = {};
      for (const [name, send] of everyWrite(p)) {
        const r = await send();
        out[name] = `${r.status} ${r.body?.error ?? ''} ${r.headers.get('retry-after') ?? ''}`.trim();
      }
      return out;
    };
    const up = await run(await prepare());
    for (const [name, v] of Object.entries(up)) expect([name, Number(v.slice(0, 3)) < 300]).toEqual([name, true]);
    const p = await prepare();
    await pg.halt('fast');
    try {
      const down = await run(p);
      for (const [name, v] of Object.entries(down)) expect([name, v]).toEqual([name, '503 replication_unavailable 1']);
      // Reads go on from the node's own store.
      expect((await req('GET', `/v1/audit/orgs/${p.org}`)).status).toBe(200);
    } finally {
      await pg.start();
    }
    await until(
      async () => (await req('POST', '/v1/events', { event_type: 'back', payload: {} })).status === 201,
      30000,
    );
  });

  it('under 16-client load across the record routes: every answer 201 or 503 replication_unavailable with Retry-After, never 500; every 201 survives on the standby', async () => {
    const org = uniq('load');
    await ok2xx(req('POST', '/v1/audit/orgs', { organization_id: org }));
    const routes: Array<[string, () => Promise<Reply>, (r: Reply) => string]> = [
      [
        'event',
        () => req('POST', '/v1/events', { event_type: 'load', payload: { n: uniq('p') } }),
        (r) => r.body.event_id,
      ],
      [
        'ai',
        () => req('POST', '/v1/ai/attestations', { attestation_type: 'output', input: uniq('in'), output: 'o' }),
        (r) => r.body.attestation_id,
      ],
      ['document', () => req('POST', '/v1/document/anchor', { document_hash: sha(uniq('d')) }), (r) => r.body.event_id],
      [
        'audit',
        () =>
          req(
            'POST',
            '/v1/audit/events',
            { organization_id: org, action: 'doc.edit', actor: { type: 'user', id: 'u' } },
            { 'idempotency-key': uniq('ik') },
          ),
        (r) => r.body.event_id,
      ],
    ];
    let running = true;
    const answers: string[] = [];
    const acked: Array<[string, string]> = [];
    const client = async (c: number) => {
      for (let i = c; running; i++) {
        const [kind, send, idOf] = routes[i % routes.length]!;
        const r = await send();
        answers.push(`${r.status} ${r.body?.error ?? 'ok'} retry-after=${r.headers.get('retry-after')}`);
        if (r.status === 201) acked.push([kind, idOf(r)]);
      }
    };
    const clients = Array.from({ length: 16 }, (_, c) => client(c));
    await until(() => acked.length > 200, 30000);
    await pg.halt('fast');
    const down = answers.length;
    // Long enough for several writer restarts and lease renewals to fail.
    await until(() => answers.length > down + 400, 60000);
    await pg.start();
    const back = answers.length;
    await until(() => answers.slice(back).filter((x) => x.startsWith('201')).length > 100, 30000);
    running = false;
    await Promise.all(clients);
    const counts: Record<string, number> = {};
    for (const x of answers) counts[x] = (counts[x] ?? 0) + 1;
    console.log('answers under load, PostgreSQL stopped mid-run:', counts);
    expect(Object.keys(counts).sort()).toEqual([
      '201 ok retry-after=null',
      '503 replication_unavailable retry-after=1',
    ]);

    // Every 201 is in PostgreSQL's stream: the standby, which builds only from it, holds each one.
    b = await nodes.restart(b);
    await inStep(a, b);
    const ids = (kind: string) => acked.filter(([k]) => k === kind).map(([, id]) => id);
    await expectReadable(b, ids('event'));
    for (const id of ids('ai')) {
      const p = await call(b, 'GET', `/v1/proof/ai/${id}`);
      expect([id, p.status, p.body.verification?.signature_valid]).toEqual([id, 200, true]);
    }
    for (const id of ids('document'))
      expect([id, (await call(b, 'GET', `/v1/proof/document/${id}`)).status]).toEqual([id, 200]);
    for (const id of ids('audit')) {
      const v = await call(b, 'GET', `/v1/audit/events/${id}/verify`, { key });
      expect([id, v.status, v.body.valid]).toEqual([id, 200, true]);
    }
    expect(ids('event').length && ids('ai').length && ids('document').length && ids('audit').length).toBeGreaterThan(0);
  });
});

describe('a node that wrote outside the stream', () => {
  it('refuses the entry that would overwrite its operator-log leaf, and every report names it diverged', async () => {
    const c = await nodes.node(pg.url);
    await inStep(c);
    const entries = await operatorLog(c);
    const cNode = (await on(c, ['replication', 'status'])).json.node as string;
    await c.stop();
    // What the CLI of an earlier version did on a standby without the env: an operator-log leaf appended here only.
    const local = Buffer.from(
      JSON.stringify({ action: 'tenant.create', at: new Date().toISOString(), by: 'old-cli', details: {}, target: {} }),
    );
    const env = open({ path: join(c.dataDir, 'db'), overlappingSync: false, maxDbs: 128 });
    const db = (name: string, binary = false) =>
      env.openDB({ name, keyEncoding: 'ordered-binary', ...(binary ? { encoding: 'binary' as const } : {}) });
    const num = db('tlog_log_ids').get(['', 'operator']) as number;
    const at = db('tlog_heads').get(num) as number;
    expect(at).toBe(entries.length);
    const leaf = createHash('sha256')
      .update(Buffer.concat([Buffer.from([0]), local]))
      .digest();
    const run = Buffer.concat([Buffer.from([0, 32]), leaf]);
    await env.transaction(() => {
      db('tlog_leaf_data', true).putSync([num, at], local);
      db('tlog_leaf_runs', true).putSync([num, at], run);
      db('tlog_heads').putSync(num, at + 1);
    });
    await env.close();
    const c2 = await nodes.restart(c);
    // The next operator entry, made on the primary, takes the same leaf index in the stream.
    const t = await on(a, ['tenant', 'set-plan', tenantId, 'builder']);
    expect(t.code).toBe(0);
    const st = await until(
      async () => {
        const r = await on(a, ['replication', 'status']);
        return r.json?.nodes?.find((n: { node: string; diverged: boolean }) => n.node === cNode && n.diverged) && r;
      },
      20000,
      200,
    );
    expect(st.code).toBe(1);
    expect(st.stderr).toContain('diverged node(s)');
    expect(c2.output()).toContain('this node diverged from the stream');
    // Its health says so, and load balancers take it out of both roles; a healthy node says nothing of it.
    const h = await call(c2, 'GET', '/healthz');
    expect([h.status, h.body.diverged]).toEqual([200, true]);
    for (const path of ['/healthz/primary', '/healthz/replica']) {
      const r = await call(c2, 'GET', path);
      expect([path, r.status, r.body.diverged]).toEqual([path, 503, true]);
    }
    expect((await health(b)).diverged).toBeUndefined();
    // The local leaf is still there, not overwritten; the node says so everywhere.
    const mine = await on(c2, ['operator', 'log']);
    expect(mine.json.at(-1)).toEqual({ leaf_index: at, entry: JSON.parse(local.toString()) });
    for (const args of [['operator', 'verify'], ['replication', 'status'], ['doctor']]) {
      const r = await on(c2, args);
      expect([args.join(' '), r.code]).toEqual([args.join(' '), 1]);
      expect(r.stdout + r.stderr).toContain('diverged from the replicated stream');
    }
    // It changes nothing more, with or without the env, and does not start again until rebuilt.
    for (const env of [withEnv(), withoutEnv]) {
      const r = await on(c2, ['tenant', 'set-plan', tenantId, 'free'], env);
      expect([r.code, r.stderr]).toEqual([1, expect.stringContaining('rebuild it from an empty data directory')]);
    }
    await c2.stop();
    await expect(nodes.restart(c2)).rejects.toThrow(/diverged from the replicated stream/);
    // The cluster's own log is whole on the primary and the standby.
    await inStep(a, b);
    const [la, lb] = [await operatorLog(a), await operatorLog(b)];
    expect(lb).toEqual(la);
    expect(la[at]?.entry).toMatchObject({ action: 'tenant.set_plan' });
  });
});

describe('svc replication status', () => {
  it('marks a node that stopped reporting as stale', async () => {
    const nodeOf = async (s: Server) => (await on(s, ['replication', 'status'])).json.node as string;
    const [na, nb] = [await nodeOf(a), await nodeOf(b)];
    const fresh = await on(a, ['replication', 'status']);
    const row = (r: typeof fresh, s: Server) =>
      r.json.nodes.find((n: { node: string }) => n.node === (s === a ? na : nb));
    expect(row(fresh, b)).toMatchObject({ stale: false, diverged: false, role: 'standby' });
    b.proc.kill('SIGKILL');
    await b.proc.exited;
    const st = await until(
      async () => {
        const r = await on(a, ['replication', 'status']);
        return row(r, b)?.stale && r;
      },
      20000,
      250,
    );
    expect(row(st, b).seen_seconds_ago).toBeGreaterThanOrEqual(4);
    expect(row(st, a)).toMatchObject({ stale: false, role: 'primary' });
  });
});
