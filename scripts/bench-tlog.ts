// Benchmarks of the transparency logs: first-start migration of N earlier records, the integrator's cost,
// inclusion proofs, COSE receipts and tlog-proofs on an N-leaf log (service and HTTPS), and checkpoint latency under
// full ingest load.
// Run: bun scripts/bench-tlog.ts [--records 1000000] [--load-seconds 20] [--skip-load] [--skip-store]
//      bun scripts/bench-tlog.ts --ab [--load-seconds 10]   (ingest with the integrator active vs idle)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig, setConfig } from '../src/config';
import { closeStore, openStore, transact } from '../src/store/env';
import { ledgerRows } from '../src/ledger/repo';
import { canonicalBytes } from '../src/crypto/canonical';
import { sha256Hex } from '../src/crypto/hash';
import { uuidv7 } from '../src/crypto/ids';
import { ledgerSignedPayload } from '../src/crypto/signed';
import { createTenant } from '../src/tenants/service';
import { ensurePlatformKey } from '../src/signing/platform';
import { migrateLogs } from '../src/tlog/migrate';
import { integrateAll } from '../src/workers/integrator';
import { inclusionOut, recordReceipt, recordTlogProof, tenantLog } from '../src/tlog/index';
import { wireRecordTable } from '../src/boot/record-kinds';
import { line, luaPost, startBenchServer, wrk } from './bench-lib';

const argv = process.argv;
const flag = (name: string, def: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : def);
const N = flag('--records', 1_000_000);
const LOAD_S = flag('--load-seconds', 20);
const pct = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))]!;
const tls = { rejectUnauthorized: false };

async function storeBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-tlog-'));
  setConfig(loadConfig({ SVC_DATA_DIR: dir, SVC_LOG_LEVEL: 'warn', SVC_PUBLIC_URL: 'https://proofs.example' }));
  openStore(dir);
  wireRecordTable();
  await ensurePlatformKey();
  const t = await createTenant({ name: 'bench', domain: 'bench1m.test', plan: 'enterprise' });
  // Rows as an earlier version wrote them (no leaf_index). The migration reads the signed bytes; the
  // signature is not checked by it, so random bytes stand in for it (signing 1M rows would dominate set-up).
  const t0 = performance.now();
  const base = Date.now() - N;
  // Every 500th event id, for the receipt and tlog-proof measurements.
  const sample: string[] = [];
  for (let i = 0; i < N; i += 50_000) {
    await transact(() => {
      for (let k = i; k < Math.min(N, i + 50_000); k++) {
        const event_id = uuidv7();
        if (k % 500 === 0) sample.push(event_id);
        const ingested_at = new Date(base + k).toISOString();
        const payload = { order: `o-${k}`, amount: 1999, currency: 'EUR', lines: [{ sku: 'A-1', qty: 2 }] };
        const payload_hash = sha256Hex(JSON.stringify(payload));
        const signed = {
          event_id,
          tenant_id: t.tenant_id,
          event_type: 'order.created',
          payload_hash,
          request_hash: payload_hash,
          ingested_at,
        };
        ledgerRows.appendInTxn({
          v: 1,
          ...signed,
          api_key_id: null,
          user_id: null,
          payload,
          event_time: null,
          event_hash: payload_hash,
          idempotency_key: null,
          trace_id: null,
          source: 'api',
          key_id: t.key_id,
          public_key: Buffer.from(t.public_key, 'hex'),
          signature: randomBytes(64),
          signed_bytes: Buffer.from(canonicalBytes(ledgerSignedPayload(signed))),
          leaf_index: null,
        });
      }
    });
  }
  line(
    `set-up: ${N.toLocaleString()} earlier ledger rows written`,
    `${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const m0 = performance.now();
  const report = await migrateLogs();
  const migMs = performance.now() - m0;
  line(`first-start migration of ${N.toLocaleString()} records`, `${(migMs / 1000).toFixed(1)} s`, '< 30 s');
  line('  leaves added', String(report?.tenant_leaves));

  const i0 = performance.now();
  await integrateAll(true);
  const intMs = performance.now() - i0;
  line(`integrator: subtrees of ${N.toLocaleString()} leaves + 1 signed checkpoint`, `${(intMs / 1000).toFixed(2)} s`);
  line('  integrator cost per 1,000 leaves (main thread)', `${((intMs / N) * 1000).toFixed(2)} ms`);

  const log = tenantLog(t.tenant_id)!;
  for (let k = 0; k < 5_000; k++)
    inclusionOut(log, { leaf_index: String(Math.floor(Math.random() * N)) }, () => undefined);
  const times: number[] = [];
  for (let k = 0; k < 20_000; k++) {
    const leaf = Math.floor(Math.random() * N);
    const a = performance.now();
    inclusionOut(log, { leaf_index: String(leaf) }, () => undefined);
    times.push(performance.now() - a);
  }
  line(
    `inclusion proof on a ${N.toLocaleString()}-leaf log (service), mean / p99`,
    `${((times.reduce((x, y) => x + y, 0) / times.length) * 1000).toFixed(0)} / ${(pct(times, 0.99) * 1000).toFixed(0)} us`,
    '< 1 ms',
  );
  // Receipts and tlog-proofs of migrated records (their leaf found by record id): the first receipt of the checkpoint
  // signs it, the others reuse that signature.
  const pick = () => ({
    tenantId: t.tenant_id,
    leafIndex: null,
    id: sample[Math.floor(Math.random() * sample.length)]!,
  });
  const f0 = performance.now();
  recordReceipt(pick());
  line('  first receipt of the checkpoint (signs it once)', `${((performance.now() - f0) * 1000).toFixed(0)} us`);
  for (const [name, build] of [
    ['COSE receipt', recordReceipt],
    ['tlog-proof', recordTlogProof],
  ] as const) {
    for (let k = 0; k < 2_000; k++) build(pick());
    const ts: number[] = [];
    for (let k = 0; k < 20_000; k++) {
      const a = performance.now();
      build(pick());
      ts.push(performance.now() - a);
    }
    line(
      `${name} on a ${N.toLocaleString()}-leaf log (service), mean / p99`,
      `${((ts.reduce((x, y) => x + y, 0) / ts.length) * 1000).toFixed(0)} / ${(pct(ts, 0.99) * 1000).toFixed(0)} us`,
    );
  }
  await closeStore();

  // The same log served over HTTPS by the appliance on this data dir, to wrk on one keep-alive connection (one request
  // at a time): a client whose own garbage collector adds nothing to the latency it reports.
  const s = await startBenchServer(dir, { SVC_PUBLIC_URL: 'https://proofs.example' });
  const sequential = (lua: string) => wrk(`${s.url}/`, { seconds: 5, connections: 1, lua });
  const randomLeaf = `math.randomseed(1)
request = function() return wrk.format("GET", "/v1/proof/log/bench1m.test/inclusion?leaf_index=" .. math.random(0, ${N - 1})) end`;
  const randomRecord = (what: string) => `ids = { ${sample.map((id) => `"${id}"`).join(', ')} }
math.randomseed(1)
request = function() return wrk.format("GET", "/v1/proof/event/" .. ids[math.random(#ids)] .. "/${what}") end`;
  await sequential(randomLeaf);
  const show = (r: Awaited<ReturnType<typeof wrk>>) =>
    `${r.p50ms.toFixed(2)} / ${r.p99ms.toFixed(2)} ms${r.non2xx ? ` (${r.non2xx} not 200)` : ''}`;
  line('  over HTTPS (keep-alive, sequential), p50 / p99', show(await sequential(randomLeaf)));
  for (const what of ['receipt', 'tlog-proof']) {
    await sequential(randomRecord(what));
    line(
      `GET /v1/proof/event/{id}/${what} over HTTPS (keep-alive, sequential), p50 / p99`,
      show(await sequential(randomRecord(what))),
      '< 2 ms',
    );
  }
  const bytes = Number(
    Bun.spawnSync(['du', '-sb', join(dir, 'db')])
      .stdout.toString()
      .split('\t')[0],
  );
  line('  data dir after migration (rows + logs)', `${(bytes / N).toFixed(0)} B per record`);
  await s.stop();
  rmSync(dir, { recursive: true, force: true });
}

/** A marker event every second while wrk saturates ingest: time from its 201 until a checkpoint covers it. */
async function loadBench(): Promise<void> {
  const s = await startBenchServer();
  const body = '{"event_type":"order.created","payload":{"order":"{{n}}","amount":1999,"currency":"EUR"}}';
  const auth = { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' };
  const latencies: number[] = [];
  let stop = false;
  const markers = (async () => {
    await Bun.sleep(2000);
    while (!stop) {
      const r = await fetch(`${s.url}/v1/events`, {
        method: 'POST',
        headers: auth,
        body: '{"event_type":"marker","payload":{}}',
        tls,
      } as RequestInit);
      const at = performance.now();
      const id = (await r.json()).event_id;
      for (;;) {
        const p = await fetch(`${s.url}/v1/proof/event/${id}`, { tls } as RequestInit);
        const j = p.status === 200 ? await p.json() : null;
        if (j?.log?.checkpoint) break;
        await Bun.sleep(50);
      }
      latencies.push((performance.now() - at) / 1000);
      await Bun.sleep(500);
    }
  })();
  const ing = await wrk(`${s.url}/v1/events`, {
    seconds: LOAD_S,
    connections: 64,
    lua: luaPost('/v1/events', s.key, body),
  });
  stop = true;
  await markers;
  line(`ingest under load (${LOAD_S} s, 64 connections)`, `${Math.round(ing.rps)} events/s`);
  line(
    'new record covered by a signed checkpoint, p50 / max',
    `${pct(latencies, 0.5).toFixed(2)} / ${Math.max(...latencies).toFixed(2)} s (${latencies.length} markers)`,
    '< 6 s',
  );
  await s.stop();
}

/**
 * The integrator's cost on ingest: the same load with checkpoints as configured by default and with the
 * integrator idle (a checkpoint only after 10M leaves or a day), alternating to spread the machine's noise.
 */
async function integratorAb(): Promise<void> {
  const body = '{"event_type":"order.created","payload":{"order":"{{n}}","amount":1999,"currency":"EUR"}}';
  // CPU seconds of the server process (all its threads): less sensitive to other load than throughput.
  const cpu = (pid: number) => {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  };
  const runs: Record<string, Array<{ rps: number; cpuUs: number }>> = { active: [], idle: [] };
  for (let round = 0; round < 2; round++) {
    for (const mode of ['active', 'idle'] as const) {
      const s = await startBenchServer(
        undefined,
        mode === 'idle' ? { SVC_CHECKPOINT_LEAVES: '10000000', SVC_CHECKPOINT_SECONDS: '86400' } : {},
      );
      await wrk(`${s.url}/v1/events`, { seconds: 3, lua: luaPost('/v1/events', s.key, body) });
      const c0 = cpu(s.pid);
      const r = await wrk(`${s.url}/v1/events`, { seconds: LOAD_S, lua: luaPost('/v1/events', s.key, body) });
      // Until the writer has applied everything (and the integrator signed it): the whole cost of the events.
      await Bun.sleep(mode === 'active' ? 6000 : 1000);
      runs[mode]!.push({ rps: r.rps, cpuUs: ((cpu(s.pid) - c0) / (r.requests - r.non2xx)) * 1e6 });
      await s.stop();
    }
  }
  const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / a.length;
  const show = (m: string) => runs[m]!.map((x) => `${Math.round(x.rps)}/s ${x.cpuUs.toFixed(0)} us`).join(', ');
  line('ingest, integrator signing (default): rate, CPU per event', show('active'));
  line('ingest, integrator idle: rate, CPU per event', show('idle'));
  const a = mean(runs.active!.map((x) => x.cpuUs));
  const i = mean(runs.idle!.map((x) => x.cpuUs));
  line('  integrator CPU per event (difference)', `${(a - i).toFixed(1)} us (${(((a - i) / i) * 100).toFixed(1)} %)`);
}

if (argv.includes('--ab')) {
  await integratorAb();
  process.exit(0);
}
if (!argv.includes('--skip-store')) await storeBench();
if (!argv.includes('--skip-load')) await loadBench();
process.exit(0);
