// Replication figures in one run on one machine: single-node ingest against replicated ingest (a primary on a
// throw-away PostgreSQL 15 cluster, then with a standby as well), where each writer transaction's time goes (from
// the primary's metrics), standby lag under that load, and failover time (kill -9 of the primary to the first 201
// on the new one); with --catchup-events N, the stream is then grown to about N events at full load (128
// connections) and a fresh node with an empty data directory is timed catching up with it.
// Run: bun scripts/bench-replication.ts [--seconds 10] [--conns 32] [--catchup-events 1000000]
//      (needs Debian's wrk and PostgreSQL 15; run as root)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { line, luaPost, startBenchServer, wrk, type Bench } from './bench-lib';
import { startPg } from '../test/pg';
import { onFreePort } from '../test/ports';

const { values: opt } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    conns: { type: 'string', default: '32' },
    'catchup-events': { type: 'string', default: '0' },
  },
});
const catchupEvents = Number(opt['catchup-events']);
const seconds = Number(opt.seconds);
const connections = Number(opt.conns);
const EVENT =
  '{"event_type":"order.created","payload":{"order":"{{n}}","amount":1999,"currency":"EUR","lines":[{"sku":"A-1","qty":2}]}}';
const work = mkdtempSync(join(tmpdir(), 'bench-repl-'));
const tls = { rejectUnauthorized: false };
const post = (s: Bench, body: unknown) =>
  fetch(`${s.url}/v1/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    tls,
  } as RequestInit);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;

/** A node with its metrics listener on a port of its own (several nodes run on this machine). */
async function startNode(dir: string): Promise<Bench & { metrics: string }> {
  return onFreePort(async (port) => {
    const metrics = `127.0.0.1:${port}`;
    return { ...(await startBenchServer(dir, { SVC_BOOTSTRAP: '0', SVC_METRICS_ADDR: metrics })), metrics };
  });
}

type Totals = { batches: number; items: number; phases: Record<string, number> };
/** The writer's running totals from a node's metrics (proof_ledger_writer_*). */
async function writerTotals(metrics: string): Promise<Totals> {
  const text = await (await fetch(`http://${metrics}/metrics`)).text();
  const one = (name: string) => Number(new RegExp(`^${name} ([\\d.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN);
  const phases: Record<string, number> = {};
  for (const m of text.matchAll(/^proof_ledger_writer_seconds_total\{phase="(\w+)"\} ([\d.e+-]+)$/gm))
    phases[m[1]!] = Number(m[2]);
  return {
    batches: one('proof_ledger_writer_batches_total'),
    items: one('proof_ledger_writer_items_total'),
    phases,
  };
}

/** Milliseconds per writer transaction in each phase between two readings, and the mean batch size. */
function perBatch(a: Totals, b: Totals): string {
  const n = b.batches - a.batches;
  const parts = Object.keys(b.phases).map(
    (k) => `${k} ${(((b.phases[k]! - (a.phases[k] ?? 0)) * 1000) / n).toFixed(2)}`,
  );
  return `${parts.join(', ')} ms per transaction of ${((b.items - a.items) / n).toFixed(1)} writes`;
}

async function ingest(s: Bench): Promise<number> {
  await wrk(`${s.url}/v1/events`, { seconds: 2, connections, lua: luaPost('/v1/events', s.key, EVENT) });
  const r = await wrk(`${s.url}/v1/events`, { seconds, connections, lua: luaPost('/v1/events', s.key, EVENT) });
  if (r.non2xx) line('  non-2xx answers', String(r.non2xx));
  return r.rps;
}

// One master key for every node, made before any of them starts.
process.env.SVC_MASTER_KEY_FILE = join(work, 'master.key');
writeFileSync(process.env.SVC_MASTER_KEY_FILE, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
const single = await startNode(join(work, 'single'));
const s0 = await writerTotals(single.metrics);
const singleRps = await ingest(single);
const singleTime = perBatch(s0, await writerTotals(single.metrics));
await single.stop();

const pg = await startPg();
try {
  process.env.SVC_REPLICATION_URL = pg.url;
  // The primary alone with PostgreSQL on this machine: the cost of committing every transaction to the stream.
  const primary = await startNode(join(work, 'a'));
  const r0 = await writerTotals(primary.metrics);
  const replRps = await ingest(primary);
  const replTime = perBatch(r0, await writerTotals(primary.metrics));
  // Then with a standby on this machine too, tailing the stream (its own CPU is taken from the same cores).
  const standby = await startNode(join(work, 'b'));
  standby.key = primary.key;
  // Lag while the primary takes full load: a marker record every 100 ms, timed from its 201 to its first read on the standby.
  let loaded = true;
  const lags: number[] = [];
  const sampler = (async () => {
    while (loaded) {
      const r = await post(primary, { event_type: 'lag.marker', payload: { at: Date.now() } });
      if (r.status !== 201) {
        await Bun.sleep(100);
        continue;
      }
      const t0 = performance.now();
      const id = ((await r.json()) as { event_id: string }).event_id;
      for (;;) {
        const g = await fetch(`${standby.url}/v1/events/${id}`, {
          headers: { authorization: `Bearer ${primary.key}` },
          tls,
        } as RequestInit);
        if (g.status === 200) break;
        await Bun.sleep(2);
      }
      lags.push(performance.now() - t0);
      await Bun.sleep(100);
    }
  })();
  const withStandbyRps = await ingest(primary);
  loaded = false;
  await sampler;

  const killedAt = performance.now();
  process.kill(primary.pid, 'SIGKILL');
  let failoverMs = NaN;
  for (;;) {
    const r = await post(standby, { event_type: 'after.failover', payload: {} }).catch(() => null);
    if (r?.status === 201) {
      failoverMs = performance.now() - killedAt;
      break;
    }
    await Bun.sleep(20);
  }
  // Catching up: the stream grown to about catchupEvents events, then a node from an empty directory.
  let catchup = '';
  if (catchupEvents > 0) {
    let events = 0;
    while (events < catchupEvents) {
      const r = await wrk(`${standby.url}/v1/events`, {
        seconds: 20,
        connections: 128,
        lua: luaPost('/v1/events', standby.key, EVENT),
      });
      events += r.requests - r.non2xx;
    }
    const head = async () =>
      ((await (await fetch(`${standby.url}/healthz`, { tls } as RequestInit)).json()) as { applied: number }).applied;
    const target = await head();
    const t0 = performance.now();
    const fresh = await startNode(join(work, 'c'));
    for (;;) {
      const h = (await (await fetch(`${fresh.url}/healthz`, { tls } as RequestInit)).json()) as { applied: number };
      if (h.applied >= target) break;
      await Bun.sleep(50);
    }
    const s = (performance.now() - t0) / 1000;
    catchup = `${s.toFixed(1)} s for ${events} events in ${target} stream entries (${Math.round(events / s)} events/s, ${Math.round(target / s)} entries/s)`;
    await fresh.stop();
  }
  await standby.stop();

  console.log(`${connections} connections, ${seconds} s per run; PostgreSQL 15 and every node on this machine`);
  line('single-node ingest', `${Math.round(singleRps)}/s`);
  line(
    `replicated ingest, primary and PostgreSQL (ratio ${(replRps / singleRps).toFixed(2)})`,
    `${Math.round(replRps)}/s`,
    'ratio >= 0.6',
  );
  line(
    `replicated ingest, with a standby too (ratio ${(withStandbyRps / singleRps).toFixed(2)})`,
    `${Math.round(withStandbyRps)}/s`,
  );
  console.log(`  where a writer transaction's time goes, single node: ${singleTime}`);
  console.log(`  where a writer transaction's time goes, replicated:  ${replTime}`);
  line(
    `standby lag (${lags.length} markers, p50 ${pct(lags, 50).toFixed(0)} ms)`,
    `p99 ${pct(lags, 99).toFixed(0)} ms`,
    'p99 < 1000 ms',
  );
  line(
    'failover, kill -9 to first 201 on the new primary',
    `${(failoverMs / 1000).toFixed(2)} s`,
    '< SVC_FAILOVER_SECONDS = 10 s',
  );
  if (catchup) line('fresh node catching up (start to last entry applied)', catchup);
} finally {
  await pg.stop();
  rmSync(work, { recursive: true, force: true });
}
