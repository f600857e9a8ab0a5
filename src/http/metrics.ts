// Owns the Prometheus metrics (prom-client) and their plain-HTTP listener (SVC_METRICS_ADDR), apart from the
// tenant-facing port. Labels never carry tenant names, record ids or secrets: routes are templates.
import { Counter, Gauge, Registry } from 'prom-client';
import { config } from '../config';
import { log } from '../log';
import { storeStats } from '../store/env';
import { diskSpace } from '../store/disk-space';
import { certificateValidity } from '../crypto/certificate';
import { writerStats } from '../store/writer';
import { lastSeq } from '../audit/service';
import { allStreams } from '../streams/service';
import { exportJobCounts } from '../exports/service';
import { allLogs, clockSkew, latestCheckpoint, latestPublishedHead } from '../tlog/index';
import { VERSION } from '../version';

export const registry = new Registry();
// prom-client's default process metrics are left out: their event-loop and GC observers cost ingest throughput
// under Bun (measured by scripts/bench-metrics-ab.ts); memory and uptime are read at scrape time instead.

// Requests are counted on the request path in plain numbers (series below) and handed to prom-client when
// scraped: prom-client hashes the label set on every inc() and observe(), a measurable share of a request.
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
type Series = { method: string; route: string; status: number; count: number; reported: number };
type Timing = { method: string; route: string; buckets: number[]; sum: number; count: number };
const countSeries: Series[] = [];
const timingSeries = new Map<string, Timing>();

new Counter({
  name: 'proof_ledger_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
  collect() {
    for (const s of countSeries) {
      if (s.count === s.reported) continue;
      this.inc({ method: s.method, route: s.route, status: String(s.status) }, s.count - s.reported);
      s.reported = s.count;
    }
  },
});
// The latency histogram is exported from the plain counts as prom-client exports its own histograms (buckets
// cumulative, then +Inf, _sum and _count): prom-client has no way to add counts in bulk. The registry only
// calls get() of what it holds.
const LATENCY = {
  name: 'proof_ledger_http_request_duration_seconds',
  help: 'Time from request arrival to response, by method and route template',
  type: 'histogram',
  aggregator: 'sum',
  get: async () => ({ ...LATENCY, values: latencyValues() }),
};
registry.registerMetric(LATENCY as unknown as Parameters<typeof registry.registerMetric>[0]);
function latencyValues() {
  const name = LATENCY.name;
  const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = [];
  for (const t of timingSeries.values()) {
    let acc = 0;
    BUCKETS.forEach((le, i) => {
      acc += t.buckets[i]!;
      values.push({ labels: { le, method: t.method, route: t.route }, value: acc, metricName: `${name}_bucket` });
    });
    values.push({
      labels: { le: '+Inf', method: t.method, route: t.route },
      value: t.count,
      metricName: `${name}_bucket`,
    });
    values.push({ labels: { method: t.method, route: t.route }, value: t.sum, metricName: `${name}_sum` });
    values.push({ labels: { method: t.method, route: t.route }, value: t.count, metricName: `${name}_count` });
  }
  return values;
}
// Writer batches: the writer keeps running totals (store/writer.ts writerStats); each scrape adds what
// happened since the previous one, so the request path pays nothing for them.
let seen = { batches: 0, committed: 0 };
new Counter({
  name: 'proof_ledger_writer_batches_total',
  help: 'Writer transactions (group commits)',
  registers: [registry],
  collect() {
    const s = writerStats();
    this.inc(Math.max(0, s.batches - seen.batches));
    seen = { ...seen, batches: s.batches };
  },
});
new Counter({
  name: 'proof_ledger_writer_items_total',
  help: 'Writes committed by the writer (items_total / batches_total = mean batch size)',
  registers: [registry],
  collect() {
    const s = writerStats();
    this.inc(Math.max(0, s.committed - seen.committed));
    seen = { ...seen, committed: s.committed };
  },
});
const PHASES = ['prepare', 'apply', 'stream', 'commit'] as const;
let seenPhases = [0, 0, 0, 0];
new Counter({
  name: 'proof_ledger_writer_seconds_total',
  help: "Time the writer spent in each phase of its transactions: prepare (hashing, signing), apply (LMDB reads and writes), stream (committing to PostgreSQL, replication only), commit (LMDB's commit and flush)",
  labelNames: ['phase'],
  registers: [registry],
  collect() {
    const ms = writerStats().phase_ms;
    PHASES.forEach((phase, i) => this.inc({ phase }, Math.max(0, ms[i]! - seenPhases[i]!) / 1000));
    seenPhases = [...ms];
  },
});

/** Gauges computed when scraped, from small accessors of the areas and the store. */
function gauge(name: string, help: string, labelNames: string[], collect: (g: Gauge<string>) => void): void {
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      try {
        collect(this);
      } catch (e) {
        log('debug', 'metric collection failed', { metric: name, error: String((e as Error).message) });
      }
    },
  });
}

gauge('proof_ledger_queue_depth', 'Writes handed over and not yet committed, by queue', ['queue'], (g) => {
  g.set({ queue: 'writer' }, writerStats().in_flight);
});
gauge(
  'proof_ledger_queue_oldest_age_seconds',
  'Age of the oldest write not yet committed, by queue',
  ['queue'],
  (g) => {
    g.set({ queue: 'writer' }, writerStats().oldest_ms / 1000);
  },
);
gauge('proof_ledger_build_info', 'Always 1: the version of the running build, as a label', ['version'], (g) =>
  g.set({ version: VERSION }, 1),
);
gauge('proof_ledger_writer_last_batch_size', "Writes in the writer's last transaction", [], (g) =>
  g.set(writerStats().last_batch),
);
gauge('proof_ledger_writer_max_batch_size', "Writes in the writer's largest transaction since start", [], (g) =>
  g.set(writerStats().max_batch),
);
const STREAM_STATES = ['active', 'failing', 'paused'] as const;
gauge(
  'proof_ledger_stream_lag_events',
  'Audit events of the org not yet acknowledged by the stream, by stream id',
  ['tenant_id', 'stream_id'],
  (g) => {
    for (const s of allStreams())
      g.set({ tenant_id: s.tenant_id, stream_id: s.id }, Math.max(0, lastSeq(s.tenant_id, s.org_id) - s.cursor_seq));
  },
);
gauge(
  'proof_ledger_stream_state',
  'Stream state (1 for the current one), by stream id',
  ['tenant_id', 'stream_id', 'state'],
  (g) => {
    for (const s of allStreams())
      for (const st of STREAM_STATES)
        g.set({ tenant_id: s.tenant_id, stream_id: s.id, state: st }, s.state === st ? 1 : 0);
  },
);
gauge('proof_ledger_export_jobs', 'Export jobs by state', ['state'], (g) => {
  for (const [state, n] of Object.entries(exportJobCounts())) g.set({ state }, n);
});
gauge('proof_ledger_process_memory_bytes', 'Memory of the process (rss, heap_used, external)', ['kind'], (g) => {
  const m = process.memoryUsage();
  g.set({ kind: 'rss' }, m.rss);
  g.set({ kind: 'heap_used' }, m.heapUsed);
  g.set({ kind: 'external' }, m.external);
});
gauge('proof_ledger_process_uptime_seconds', 'Seconds since the process started', [], (g) => g.set(process.uptime()));
gauge('proof_ledger_lmdb_map_size_bytes', 'Size of the LMDB memory map', [], (g) => g.set(storeStats().mapSize));
gauge('proof_ledger_lmdb_map_used_bytes', 'Bytes of the LMDB map in use (up to the last written page)', [], (g) =>
  g.set(storeStats().usedBytes),
);
gauge(
  'proof_ledger_disk_free_bytes',
  'Free bytes for the appliance on the file system of the data directory',
  [],
  (g) => {
    const space = diskSpace(config().dataDir);
    if (space) g.set(space.free);
  },
);
gauge(
  'proof_ledger_tls_certificate_expiry_seconds',
  'Unix time at which the served TLS certificate expires',
  [],
  (g) => {
    if (certExpiry !== null) g.set(certExpiry / 1000);
  },
);
gauge(
  'proof_ledger_log_checkpoint_age_seconds',
  'Age of the latest signed checkpoint, by transparency log',
  ['log'],
  (g) => {
    for (const l of logCheckpointAges()) g.set({ log: l.log }, l.ageSeconds);
  },
);
gauge(
  'proof_ledger_clock_skew_seconds',
  'The appliance clock minus the genTime of the latest kept RFC 3161 token, when it arrived (absent before the first)',
  [],
  (g) => {
    const s = clockSkew();
    if (s) g.set(s.skew_seconds);
  },
);
gauge(
  'proof_ledger_head_published_age_seconds',
  'Age of the latest published head (grows while witnesses withhold the quorum)',
  [],
  (g) => {
    const h = latestPublishedHead();
    if (h) g.set(Math.max(0, (Date.now() - Date.parse(h.published_at)) / 1000));
  },
);

/**
 * Age of the latest checkpoint of each transparency log: `log` = "tenant:<tenant_id>",
 * "org:<tenant_id>:<log number>" (the log's internal number, not the client-chosen organization id), or the
 * platform log's name ("head": its latest signed head, published or not; "operator").
 */
export function logCheckpointAges(): Array<{ log: string; ageSeconds: number }> {
  const now = Date.now();
  const out: Array<{ log: string; ageSeconds: number }> = [];
  for (const l of allLogs()) {
    const cp = latestCheckpoint(l.num);
    if (!cp) continue;
    out.push({
      log: l.platform ?? (l.org_id === null ? `tenant:${l.tenant_id}` : `org:${l.tenant_id}:${l.num}`),
      ageSeconds: Math.max(0, (now - Date.parse(cp.issued_at)) / 1000),
    });
  }
  return out;
}

let certExpiry: number | null = null;
/** The certificate the HTTPS listener serves now (boot and every SIGHUP reload). */
export function setServedCertificate(pem: string | null): void {
  certExpiry = pem ? (certificateValidity(pem)?.notAfter ?? null) : null;
}

// Hot path: three Map lookups per request and no allocation once a series exists (route, then method, then
// status); a series is created once per (method, route, status).
type Children = { count: Series; time: Timing };
const children = new Map<string, Map<string, Map<number, Children>>>();
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

function createChildren(method: string, route: string, status: number): Children {
  // Unknown methods and unmatched paths collapse into one series each, so clients cannot grow the label set.
  const m = METHODS.has(method) ? method : 'OTHER';
  const r = route || 'unmatched';
  const count: Series = { method: m, route: r, status, count: 0, reported: 0 };
  countSeries.push(count);
  const tk = `${m} ${r}`;
  let time = timingSeries.get(tk);
  if (!time) timingSeries.set(tk, (time = { method: m, route: r, buckets: BUCKETS.map(() => 0), sum: 0, count: 0 }));
  return { count, time };
}

/** Called once per answered request from the app's onAfterResponse hook. `route` is the template ('' when no route matched). */
export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  let byMethod = children.get(route);
  if (!byMethod) children.set(route, (byMethod = new Map()));
  let byStatus = byMethod.get(method);
  if (!byStatus) byMethod.set(method, (byStatus = new Map()));
  let c = byStatus.get(status);
  if (!c) byStatus.set(status, (c = createChildren(method, route, status)));
  c.count.count++;
  const t = c.time;
  // Non-cumulative here; the export adds them up. Above the last bound: only +Inf (= count).
  let i = 0;
  while (i < BUCKETS.length && seconds > BUCKETS[i]!) i++;
  if (i < BUCKETS.length) t.buckets[i]!++;
  t.sum += seconds;
  t.count++;
}

export type MetricsListener = { port: number; stop(): void } | null;

/** Starts GET /metrics on SVC_METRICS_ADDR; on a bind failure logs one error line and returns null (the API keeps serving). */
export function startMetricsListener(): MetricsListener {
  const addr = config().metricsAddr;
  if (!addr) return null;
  try {
    const server = Bun.serve({
      hostname: addr.host,
      port: addr.port,
      async fetch(req) {
        const path = new URL(req.url).pathname;
        if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD'))
          return new Response('Not Found\n', { status: 404 });
        return new Response(await registry.metrics(), { headers: { 'content-type': registry.contentType } });
      },
    });
    return { port: server.port!, stop: () => void server.stop(true) };
  } catch (e) {
    log('error', 'metrics listener not started', {
      addr: `${addr.host}:${addr.port}`,
      error: String((e as Error).message),
    });
    return null;
  }
}
