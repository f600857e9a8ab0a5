// Audit benchmarks: (a) acknowledged ingest/s over HTTPS with 64 keep-alive connections into one
// org, (b) server-side time of a page of 50 with a selective filter on a 1,000,000-event org, (c) the
// integrity scan of that org. (b) and (c) build the org in-process through the applier (real signing).
// Usage: bun scripts/bench-audit.ts [--only ingest,query,integrity] [--events N] [--seconds S]
import { luaRequest, wrk } from './bench-lib';
import { rmSync } from 'node:fs';
import { cli, startServer, tempDir } from '../test/helpers';
import { loadConfig, setConfig } from '../src/config';
import { closeStore, openStore, transact } from '../src/store/env';
import { createTenant } from '../src/tenants/service';
import { createOrg, integrityReport, queryEvents } from '../src/audit/service';
import { checkQuery } from '../src/audit/query-input';
import { appendAuditFixture } from './audit-fixture';
import { evictInTxn } from '../src/audit/repo';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const only = arg('only', 'ingest,query,integrity').split(',');
const EVENTS = Number(arg('events', '1000000'));
const SECONDS = Number(arg('seconds', '10'));
const figures: Record<string, unknown> = {};
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const round = (x: number) => Math.round(x * 1000) / 1000;

/** (a) A real appliance process; wrk with 64 keep-alive connections, a fresh Idempotency-Key per request. */
async function benchIngest() {
  const dir = tempDir('bench-audit-');
  const s = await startServer({ dataDir: dir, env: { SVC_LOG_LEVEL: 'warn' } });
  try {
    const t = await cli(dir, 'tenant', 'create', '--name', 'bench', '--domain', 'bench.test', '--plan', 'enterprise');
    const k = await cli(
      dir,
      'key',
      'create',
      '--tenant',
      t.json.tenant_id,
      '--name',
      'bench',
      '--scopes',
      'audit:read,audit:write',
    );
    const auth = { authorization: `Bearer ${k.json.api_key}`, 'content-type': 'application/json' };
    await fetch(`${s.url}/v1/audit/orgs`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ organization_id: 'bench' }),
      tls: { rejectUnauthorized: false },
    } as RequestInit);
    const body = JSON.stringify({
      organization_id: 'bench',
      action: 'doc.update',
      actor: { type: 'user', id: 'u{{n}}', name: 'Bench User' },
      targets: [{ type: 'doc', id: 'd{{n}}' }],
      context: { location: '10.0.0.1', user_agent: 'bench' },
      metadata: { n: '{{n}}' },
    });
    const lua = (run: string) =>
      luaRequest('POST', '/v1/audit/events', { ...auth, 'idempotency-key': `${run}-{{n}}` }, body);
    await wrk(`${s.url}/v1/audit/events`, { seconds: 3, lua: lua('warm') });
    const before = await lastSeq(s.url, auth);
    const run = await wrk(`${s.url}/v1/audit/events`, { seconds: SECONDS, lua: lua('main') });
    const ok = run.requests - run.non2xx;
    figures.ingest = {
      connections: 64,
      seconds: SECONDS,
      acknowledged: ok,
      non2xx: run.non2xx,
      acknowledged_per_s: Math.round(run.rps * (ok / run.requests)),
      latency_ms_p50: run.p50ms,
      latency_ms_p99: run.p99ms,
    };
    // Everything acknowledged gets applied; report how long the writer needs to catch up.
    const t0 = performance.now();
    while ((await lastSeq(s.url, auth)) < before + ok) await Bun.sleep(20);
    (figures.ingest as Record<string, unknown>).applied_all_after_ms = Math.round(performance.now() - t0);
  } finally {
    await s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function lastSeq(url: string, auth: Record<string, string>): Promise<number> {
  const r = (await fetch(`${url}/v1/audit/orgs/bench`, {
    headers: auth,
    tls: { rejectUnauthorized: false },
  } as RequestInit).then((x) => x.json())) as { last_seq: number };
  return r.last_seq;
}

/** Builds an org of `count` signed events in-process: 1,000 actors, 20 actions, 10,000 targets, 30 days of occurred_at. */
async function buildOrg(tenantId: string, org: string, count: number) {
  const t0 = performance.now();
  await appendAuditFixture(tenantId, org, count, { progress: true });
  return Math.round((performance.now() - t0) / 1000);
}

function timeIt(fn: () => unknown, runs: number) {
  for (let i = 0; i < 5; i++) fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    ms.push(performance.now() - t0);
  }
  return { p50_ms: round(pct(ms, 50)), p95_ms: round(pct(ms, 95)), max_ms: round(Math.max(...ms)) };
}

/** (b) and (c): service calls in-process, i.e. the server-side time of the request without HTTP and TLS. */
async function benchLargeOrg() {
  const dir = tempDir('bench-audit-1m-');
  setConfig(loadConfig({ ...process.env, SVC_DATA_DIR: dir, SVC_LOG_LEVEL: 'warn' }));
  openStore(dir);
  try {
    const t = await createTenant({ name: 'bench', domain: 'bench.test', plan: 'enterprise' });
    const tenant = { tenant_id: t.tenant_id, plan: 'enterprise' } as Parameters<typeof createOrg>[0];
    await createOrg(tenant, { organization_id: 'big' });
    const buildSeconds = await buildOrg(t.tenant_id, 'big', EVENTS);
    const q = (params: Record<string, string>) => () =>
      queryEvents(t.tenant_id, checkQuery({ organization_id: 'big', limit: '50', ...params }));
    const mid = new Date(Date.now() - 15 * 86400_000);
    const second = queryEvents(t.tenant_id, checkQuery({ organization_id: 'big', limit: '50', actor_id: 'user-417' }))
      .next_cursor!;
    if (only.includes('query')) {
      figures.query_page_of_50 = {
        events_in_org: EVENTS,
        build_seconds: buildSeconds,
        actor_id: timeIt(q({ actor_id: 'user-417' }), 200),
        actor_id_second_page: timeIt(q({ actor_id: 'user-417', cursor: second }), 200),
        target_id: timeIt(q({ target_id: 'doc-4242' }), 200),
        actions_two: timeIt(q({ actions: 'area3.op,area11.op' }), 200),
        actor_and_action: timeIt(q({ actor_id: 'user-3', actions: 'area3.op' }), 200),
        range_one_hour: timeIt(
          q({ range_start: mid.toISOString(), range_end: new Date(mid.getTime() + 3600_000).toISOString() }),
          200,
        ),
        range_one_day: timeIt(
          q({ range_start: mid.toISOString(), range_end: new Date(mid.getTime() + 86400_000).toISOString() }),
          200,
        ),
        range_one_hour_and_actor: timeIt(
          q({
            actor_id: 'user-417',
            range_start: mid.toISOString(),
            range_end: new Date(mid.getTime() + 3600_000).toISOString(),
          }),
          200,
        ),
        no_filter: timeIt(q({}), 200),
      };
    }
    if (only.includes('integrity')) {
      const contiguous = timeIt(() => integrityReport(t.tenant_id, 'big'), 10);
      // 150 holes spread over the org: the report stops at 100 ranges.
      await transact(() => {
        for (let k = 1; k <= 150; k++) evictInTxn(t.tenant_id, 'big', Math.floor((k * EVENTS) / 151));
      });
      const r = integrityReport(t.tenant_id, 'big');
      figures.integrity = {
        events: EVENTS,
        contiguous,
        with_150_holes: {
          ...timeIt(() => integrityReport(t.tenant_id, 'big'), 10),
          gaps: r.gaps.length,
          gaps_truncated: r.gaps_truncated,
          count: r.count,
        },
      };
    }
  } finally {
    await closeStore();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (only.includes('ingest')) await benchIngest();
if (only.includes('query') || only.includes('integrity')) await benchLargeOrg();
process.stdout.write(JSON.stringify(figures, null, 2) + '\n');
process.exit(0);
