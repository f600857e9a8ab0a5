// Benchmarks of the head log (docs/transparency-logs.md#platform-logs-the-head-log-and-the-operator-log): a head inclusion proof on a head of N leaves (service and HTTPS); the
// time from a record's 201 to a published head covering it, with two local witnesses (an independent one and a second
// appliance) and one local openssl TSA; and what the head costs ingest (the same load with and without them).
// Run: bun scripts/bench-head.ts [--leaves 1000000] [--markers 8] [--seconds 5] [--rounds 3] [--skip-store] [--skip-latency] [--skip-ab]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig, setConfig } from '../src/config';
import { closeStore, openStore, transact } from '../src/store/env';
import { sha256Raw } from '../src/crypto/hash';
import { ensurePlatformKey } from '../src/signing/platform';
import { integrateAll } from '../src/workers/integrator';
import { appendPlatformLeavesInTxn, ensurePlatformLogs, latestCheckpoint, platformLog } from '../src/tlog/index';
import { storePublishedHead } from '../src/tlog/heads';
import { headInclusionOut } from '../src/tlog/head-proofs';
import { headLeafData } from '../src/verify/head';
import { wireRecordTable } from '../src/boot/record-kinds';
import { startIndependentWitness } from '../test/http/independent-witness';
import { startTsa } from '../test/tsa-server';
import { cliJson, line, luaPost, startBenchServer, wrk, type Bench } from './bench-lib';

const argv = process.argv;
const flag = (name: string, def: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : def);
const N = flag('--leaves', 1_000_000);
const MARKERS = flag('--markers', 8);
const SECONDS = flag('--seconds', 5);
const ROUNDS = flag('--rounds', 3);
const pct = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))]!;
const tls = { rejectUnauthorized: false };
const get = async (url: string) => {
  const r = await fetch(url, { tls } as RequestInit);
  return { status: r.status, body: await r.json() };
};

/** A head of N leaves built in the store (each the head leaf of a made-up checkpoint), signed and published. */
async function storeBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-head-'));
  setConfig(loadConfig({ SVC_DATA_DIR: dir, SVC_LOG_LEVEL: 'warn', SVC_PUBLIC_URL: 'https://proofs.example' }));
  openStore(dir);
  wireRecordTable();
  await ensurePlatformKey();
  await ensurePlatformLogs();
  const t0 = performance.now();
  for (let i = 0; i < N; i += 50_000) {
    const batch = Array.from({ length: Math.min(50_000, N - i) }, (_, k) =>
      headLeafData((d) => sha256Raw(d), {
        origin: `proofs.example/t${(i + k) % 1000}`,
        treeSize: i + k + 1,
        root: randomBytes(32),
      }),
    );
    await transact(() => appendPlatformLeavesInTxn('head', batch));
  }
  line(`set-up: ${N.toLocaleString()} head leaves appended`, `${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const i0 = performance.now();
  await integrateAll(true);
  line(`integrator: head subtrees + 1 signed head`, `${((performance.now() - i0) / 1000).toFixed(2)} s`);
  const head = latestCheckpoint(platformLog('head')!.num)!;
  await storePublishedHead(head.tree_size, {
    note: head.note,
    root: head.root,
    cosignatures: [],
    timestamps: [],
    issued_at: head.issued_at,
    published_at: new Date().toISOString(),
  });
  const q = () => ({ leaf_index: String(Math.floor(Math.random() * N)) });
  for (let k = 0; k < 5_000; k++) headInclusionOut(q());
  const times: number[] = [];
  for (let k = 0; k < 20_000; k++) {
    const query = q();
    const a = performance.now();
    headInclusionOut(query);
    times.push(performance.now() - a);
  }
  const mean = times.reduce((x, y) => x + y, 0) / times.length;
  line(
    `head inclusion proof, ${N.toLocaleString()}-leaf head (service), mean / p99`,
    `${(mean * 1000).toFixed(0)} / ${(pct(times, 0.99) * 1000).toFixed(0)} us`,
    '< 1 ms',
  );
  await closeStore();

  const s = await startBenchServer(dir, { SVC_PUBLIC_URL: 'https://proofs.example' });
  const url = () => `${s.url}/v1/proof/head/inclusion?leaf_index=${Math.floor(Math.random() * N)}`;
  for (let k = 0; k < 200; k++) await fetch(url(), { tls } as RequestInit).then((r) => r.text());
  const http: number[] = [];
  for (let k = 0; k < 2000; k++) {
    const a = performance.now();
    await (await fetch(url(), { tls } as RequestInit)).text();
    http.push(performance.now() - a);
  }
  line(
    '  over HTTPS (keep-alive, sequential), p50 / p99',
    `${pct(http, 0.5).toFixed(2)} / ${pct(http, 0.99).toFixed(2)} ms`,
  );
  await s.stop();
  rmSync(dir, { recursive: true, force: true });
}

type Evidence = { env: Record<string, string>; register(a: Bench): Promise<void>; stop(): Promise<void> };

/** Two witnesses (an independent one, a second appliance over HTTPS) in a policy needing both, and one openssl TSA. */
async function startEvidence(): Promise<Evidence> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-evidence-'));
  const w1 = startIndependentWitness('witness.bench/independent');
  const tsa = await startTsa();
  const a2 = await startBenchServer();
  const w2 = (await get(`${a2.url}/.well-known/svc-witness-key`)).body;
  writeFileSync(
    join(dir, 'policy'),
    `witness ${w1.name} ${w1.vkey} ${w1.url}\nwitness ${w2.name} ${w2.vkey} ${a2.url}/witness\ngroup both all ${w1.name} ${w2.name}\nquorum both\n`,
  );
  return {
    env: {
      SVC_WITNESS_POLICY_FILE: join(dir, 'policy'),
      SVC_WITNESS_CA_FILE: join(a2.dir, 'tls', 'cert.pem'),
      SVC_TSA_URLS: tsa.url,
      SVC_TSA_CA_FILE: tsa.caFile,
    },
    async register(a: Bench) {
      const vkey = (await get(`${a.url}/.well-known/svc-platform-key`)).body.note_verifier_key as string;
      const origin = vkey.split('+')[0]!;
      w1.addLog(origin, vkey);
      await cliJson(a2.dir, 'witness', 'add-log', '--origin', origin, '--vkey', vkey);
    },
    async stop() {
      w1.stop();
      tsa.stop();
      await a2.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One record at a time: from its 201 until a published head (cosigned by both witnesses, stamped) covers its checkpoint. */
async function latencyBench(): Promise<void> {
  const C = 2;
  const H = 3;
  const ev = await startEvidence();
  const a = await startBenchServer(undefined, {
    ...ev.env,
    SVC_CHECKPOINT_SECONDS: String(C),
    SVC_HEAD_SECONDS: String(H),
  });
  await ev.register(a);
  const auth = { authorization: `Bearer ${a.key}`, 'content-type': 'application/json' };
  const over: number[] = [];
  let stamped = 0;
  for (let m = 0; m < MARKERS; m++) {
    const r = await fetch(`${a.url}/v1/events`, {
      method: 'POST',
      headers: auth,
      body: '{"event_type":"marker","payload":{}}',
      tls,
    } as RequestInit);
    const at = performance.now();
    const id = (await r.json()).event_id;
    let cp: { origin: string; tree_size: number } | null = null;
    for (;;) {
      const p = await get(`${a.url}/v1/proof/event/${id}`);
      if (!cp && p.body.log?.checkpoint)
        cp = (await (await fetch(`${a.url}/v1/log/checkpoint`, { headers: auth, tls } as RequestInit)).json()) as {
          origin: string;
          tree_size: number;
        };
      if (cp) {
        const inc = await get(
          `${a.url}/v1/proof/head/inclusion?origin=${encodeURIComponent(cp.origin)}&size=${cp.tree_size}`,
        );
        if (inc.status === 200) {
          const head = (await get(`${a.url}/v1/proof/head/checkpoint?tree_size=${inc.body.tree_size}`)).body;
          if (head.cosignatures.length === 2 && head.timestamps.length === 1) stamped++;
          break;
        }
      }
      await Bun.sleep(20);
    }
    over.push((performance.now() - at) / 1000 - (C + H));
    // The next marker starts a fresh wait (its leaf is the first unsigned one of its log and of the head).
    await Bun.sleep((C + H) * 1000);
  }
  line(
    `record -> published head, minus C+H (${C}+${H} s), p50 / max`,
    `${pct(over, 0.5).toFixed(2)} / ${Math.max(...over).toFixed(2)} s`,
    '< 2 s',
  );
  line('  heads with 2 cosignatures and 1 token', `${stamped} of ${MARKERS}`);
  await a.stop();
  await ev.stop();
}

/** CPU seconds of a process (all threads). */
const cpu = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};

/** Ingest with the head published through two witnesses and a TSA every second, against none configured; alternating. */
async function ingestAb(): Promise<void> {
  const body = '{"event_type":"order.created","payload":{"order":"{{n}}","amount":1999,"currency":"EUR"}}';
  const ev = await startEvidence();
  const runs: Record<'with' | 'without', Array<{ rps: number; cpuUs: number }>> = { with: [], without: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of ['with', 'without'] as const) {
      const a = await startBenchServer(undefined, mode === 'with' ? { ...ev.env, SVC_HEAD_SECONDS: '1' } : {});
      if (mode === 'with') await ev.register(a);
      await wrk(`${a.url}/v1/events`, { seconds: 2, lua: luaPost('/v1/events', a.key, body) });
      const c0 = cpu(a.pid);
      const r = await wrk(`${a.url}/v1/events`, { seconds: SECONDS, lua: luaPost('/v1/events', a.key, body) });
      runs[mode].push({ rps: r.rps, cpuUs: ((cpu(a.pid) - c0) / (r.requests - r.non2xx)) * 1e6 });
      await a.stop();
    }
  }
  const mean = (x: number[]) => x.reduce((p, q) => p + q, 0) / x.length;
  for (const mode of ['with', 'without'] as const)
    line(
      `ingest ${mode} witnesses + TSA: rate, CPU per event`,
      runs[mode].map((x) => `${Math.round(x.rps)}/s ${x.cpuUs.toFixed(0)} us`).join(', '),
    );
  const w = mean(runs.with.map((x) => x.rps));
  const wo = mean(runs.without.map((x) => x.rps));
  line('  throughput with / without (mean)', `${((w / wo) * 100).toFixed(1)} %`, '>= 97 %');
  await ev.stop();
}

if (!argv.includes('--skip-store')) await storeBench();
if (!argv.includes('--skip-latency')) await latencyBench();
if (!argv.includes('--skip-ab')) await ingestAb();
process.exit(0);
