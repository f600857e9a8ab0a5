// Benchmarks of webhook streams and exports: (a) webhook delivery keeping up with 5,000 audit events/s of HTTPS ingest into one org,
// to a real HTTPS receiver on loopback; (b) an export of 1,000,000 events (org built in-process through the audit
// applier, real signing), run by a real appliance process whose RSS is sampled from /proc while it exports.
// Usage: bun scripts/bench-streams-exports.ts [--only stream|export] [--rate 5000] [--seconds 20] [--events 1000000]
//        [--format csv|ndjson] [--keep DIR]   (--keep: build the org into DIR once and reuse it on later runs)
import autocannon from 'autocannon';
import { createHmac } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import selfsigned from 'selfsigned';
import { cli, startServer, tempDir, until, type Server } from '../test/helpers';
import { loadConfig, setConfig } from '../src/config';
import { closeStore, openStore } from '../src/store/env';
import { createTenant } from '../src/tenants/service';
import { appendAuditFixture } from './audit-fixture';
import { createOrg } from '../src/audit/service';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const only = arg('only', 'all');
const RATE = Number(arg('rate', '5000'));
const SECONDS = Number(arg('seconds', '20'));
const EVENTS = Number(arg('events', '1000000'));
const FORMAT = arg('format', 'csv');
const KEEP = arg('keep', '');
const figures: Record<string, unknown> = {};
const tls = { tls: { rejectUnauthorized: false } } as RequestInit;

async function json(s: Server, method: string, path: string, key: string, body?: unknown): Promise<any> {
  const r = await fetch(s.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    ...tls,
  });
  return r.json();
}

/** (a) Paced HTTPS ingest (autocannon, overall rate fixed) while a stream delivers to a loopback receiver. */
async function benchStream() {
  const dir = tempDir('bench-stream-');
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    days: 1,
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  } as never);
  writeFileSync(join(dir, 'ca.pem'), pems.cert);
  let delivered = 0;
  let requests = 0;
  let lastSeq = 0;
  let outOfOrder = 0;
  let badSignatures = 0;
  let secret = '';
  const rx = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    tls: { cert: pems.cert, key: pems.private },
    async fetch(req) {
      const raw = await req.text();
      requests++;
      // Every 20th delivery has its signature checked here (the receiver's own work stays small).
      if (requests % 20 === 1) {
        const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(req.headers.get('x-service-signature') ?? '');
        if (!m || createHmac('sha256', secret).update(`${m[1]}.${raw}`).digest('hex') !== m[2]) badSignatures++;
      }
      for (const e of (JSON.parse(raw) as { events: Array<{ seq: number }> }).events) {
        if (e.seq !== lastSeq + 1) outOfOrder++;
        lastSeq = e.seq;
        delivered++;
      }
      return new Response('ok');
    },
  });
  const s = await startServer({
    dataDir: dir,
    env: { SVC_LOG_LEVEL: 'warn', SVC_STREAM_CA_FILE: join(dir, 'ca.pem'), SVC_STREAM_ALLOW_CIDRS: '127.0.0.1/32' },
  });
  try {
    const t = await cli(dir, 'tenant', 'create', '--name', 'bench', '--domain', 'bench.test', '--plan', 'enterprise');
    const key = (
      await cli(
        dir,
        'key',
        'create',
        '--tenant',
        t.json.tenant_id,
        '--name',
        'bench',
        '--scopes',
        'audit:read,audit:write',
      )
    ).json.api_key as string;
    await json(s, 'POST', '/v1/audit/orgs', key, { organization_id: 'bench' });
    const st = await json(s, 'POST', '/v1/audit/orgs/bench/streams', key, {
      type: 'webhook',
      url: `https://localhost:${rx.port}/in`,
    });
    secret = st.signing_secret;
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    let i = 0;
    const body = (n: number) =>
      JSON.stringify({
        organization_id: 'bench',
        action: 'doc.update',
        actor: { type: 'user', id: `u${n % 1000}`, name: 'Bench User' },
        targets: [{ type: 'doc', id: `d${n % 5000}` }],
        context: { location: '10.0.0.1', user_agent: 'bench' },
        metadata: { n },
      });
    // Lag = acknowledged by the appliance but not yet at the receiver, sampled every second.
    const samples: Array<{ s: number; applied: number; delivered: number }> = [];
    const t0 = performance.now();
    const sampler = setInterval(async () => {
      const org = await json(s, 'GET', '/v1/audit/orgs/bench', key).catch(() => null);
      if (org) samples.push({ s: Math.round((performance.now() - t0) / 1000), applied: org.last_seq, delivered });
    }, 1000);
    const run = await autocannon({
      url: `${s.url}/v1/audit/events`,
      connections: 64,
      duration: SECONDS,
      overallRate: RATE,
      method: 'POST',
      headers: auth,
      tlsOptions: { rejectUnauthorized: false },
      requests: [
        {
          setupRequest: (req) => {
            const n = i++;
            return { ...req, headers: { ...auth, 'idempotency-key': `b-${n}` }, body: body(n) };
          },
        },
      ],
    });
    const ingestEnd = performance.now();
    const acknowledged = run['2xx'];
    await until(() => delivered >= acknowledged, 300_000, 20);
    const caughtUp = performance.now();
    clearInterval(sampler);
    const lag = samples.map((x) => x.applied - x.delivered);
    const deliveredDuringIngest = samples.filter((x) => x.s <= SECONDS).at(-1)?.delivered ?? 0;
    figures.stream = {
      target_rate_per_s: RATE,
      seconds: SECONDS,
      acknowledged,
      acknowledged_per_s: Math.round(acknowledged / SECONDS),
      non2xx: run.non2xx,
      delivered,
      delivery_requests: requests,
      events_per_delivery: Math.round((delivered / requests) * 10) / 10,
      delivered_per_s_during_ingest: Math.round(deliveredDuringIngest / SECONDS),
      max_lag_events: Math.max(0, ...lag),
      max_lag_seconds_of_ingest: Math.round((Math.max(0, ...lag) / RATE) * 100) / 100,
      caught_up_ms_after_ingest_ended: Math.round(caughtUp - ingestEnd),
      out_of_order: outOfOrder,
      bad_signatures_in_sample: badSignatures,
      per_second: samples,
    };
  } finally {
    await s.stop();
    rx.stop(true);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Builds `count` signed events in-process through the audit applier (as scripts/bench-audit.ts does). */
async function buildOrg(dir: string, count: number): Promise<{ key: string; seconds: number }> {
  setConfig(loadConfig({ ...process.env, SVC_DATA_DIR: dir, SVC_LOG_LEVEL: 'warn' }));
  openStore(dir);
  const t0 = performance.now();
  const t = await createTenant({ name: 'bench', domain: 'bench.test', plan: 'enterprise' });
  await createOrg({ tenant_id: t.tenant_id, plan: 'enterprise' } as Parameters<typeof createOrg>[0], {
    organization_id: 'big',
  });
  // Every 1,000th event carries cells a spreadsheet would run as formulas.
  await appendAuditFixture(t.tenant_id, 'big', count, {
    progress: true,
    actorId: (n) => (n % 1000 === 0 ? `=cmd|${n}` : `user-${n % 1000}`),
    metadata: (n) => ({ n, note: 'comma, "quote"' }),
  });
  const seconds = Math.round((performance.now() - t0) / 1000);
  await closeStore();
  // An API key for the server run below (made with the CLI, as an operator would).
  const k = await cli(
    dir,
    'key',
    'create',
    '--tenant',
    t.tenant_id,
    '--name',
    'bench',
    '--scopes',
    'audit:read,audit:write',
  );
  return { key: k.json.api_key, seconds };
}

/** RSS figures of a process from /proc (kB): total, anonymous (heap etc.), file-backed (mapped LMDB pages). */
function rssOf(pid: number): { rss: number; anon: number; file: number } {
  const st = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(st)?.[1] ?? 0);
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') + kb('RssShmem') };
}

/** (b) The appliance exports the org while its RSS is sampled every 50 ms. */
async function benchExport() {
  const dir = KEEP || tempDir('bench-export-');
  const marker = join(dir, 'bench-built.json');
  try {
    let built: { key: string; seconds: number; events?: number };
    try {
      built = JSON.parse(readFileSync(marker, 'utf8'));
      if (built.events !== EVENTS) throw new Error('different size');
    } catch {
      built = { ...(await buildOrg(dir, EVENTS)), events: EVENTS };
      if (KEEP) writeFileSync(marker, JSON.stringify(built));
    }
    const s = await startServer({ dataDir: dir, env: { SVC_LOG_LEVEL: 'warn' } });
    try {
      const pid = s.proc.pid;
      await Bun.sleep(500);
      const before = rssOf(pid);
      const peak = { ...before };
      const timer = setInterval(() => {
        const r = rssOf(pid);
        peak.rss = Math.max(peak.rss, r.rss);
        peak.anon = Math.max(peak.anon, r.anon);
        peak.file = Math.max(peak.file, r.file);
      }, 50);
      const t0 = performance.now();
      const job = await json(s, 'POST', '/v1/audit/exports', built.key, { organization_id: 'big', format: FORMAT });
      const done = await until(
        async () => {
          const j = await json(s, 'GET', `/v1/audit/exports/${job.id}`, built.key);
          return j.status === 'ready' || j.status === 'failed' ? j : null;
        },
        600_000,
        100,
      );
      const wall = performance.now() - t0;
      clearInterval(timer);
      // The file is downloaded and counted, so the figure is about a complete, usable export.
      const res = await fetch(done.download_url.replace(/^https:\/\/localhost:\d+/, s.url), tls);
      let lines = 0;
      let neutralized = 0;
      let bytes = 0;
      let tail = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        const text = tail + Buffer.from(chunk).toString('utf8');
        const parts = text.split('\n');
        tail = parts.pop()!;
        lines += parts.length;
        for (const p of parts) if (p.includes(",'=cmd|")) neutralized++;
      }
      figures.export = {
        events: EVENTS,
        format: FORMAT,
        build_seconds: built.seconds,
        status: done.status,
        row_count: done.row_count,
        server_seconds: Math.round((Date.parse(done.completed_at) - Date.parse(done.created_at)) / 10) / 100,
        wall_seconds_incl_polling: Math.round(wall / 10) / 100,
        file_bytes: bytes,
        file_lines: lines,
        neutralized_formula_rows: neutralized,
        rss_mb: {
          before: Math.round(before.rss / 1024),
          peak: Math.round(peak.rss / 1024),
          peak_anonymous: Math.round(peak.anon / 1024),
          peak_file_backed: Math.round(peak.file / 1024),
        },
      };
    } finally {
      await s.stop();
    }
  } finally {
    if (!KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

if (only === 'all' || only === 'stream') await benchStream();
if (only === 'all' || only === 'export') await benchExport();
process.stdout.write(JSON.stringify(figures, null, 2) + '\n');
process.exit(0);
