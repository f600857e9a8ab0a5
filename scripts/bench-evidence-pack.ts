// Benchmark of evidence packs: GET .../evidence on a warm appliance (its head cosigned by a local witness and dated by
// a local openssl TSA, as packs carry them), p50/p99 over sequential keep-alive requests, against GET of the same JSON
// proof in the same run (alternating), for an event and for a trace bundle of --items items.
// Run: bun scripts/bench-evidence-pack.ts [--requests 300] [--items 10]
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startIndependentWitness } from '../test/http/independent-witness';
import { startTsa } from '../test/tsa-server';
import { line, startBenchServer } from './bench-lib';

const argv = process.argv;
const flag = (name: string, def: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : def);
const REQUESTS = flag('--requests', 300);
const ITEMS = flag('--items', 10);
const tls = { rejectUnauthorized: false };
const pct = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))]!;

const w = startIndependentWitness('witness.bench/packs');
const tsa = await startTsa();
const policy = join(mkdtempSync(join(tmpdir(), 'svc-bench-pack-')), 'policy.txt');
writeFileSync(policy, `witness W1 ${w.vkey} ${w.url}\nquorum W1\n`);
const b = await startBenchServer(undefined, {
  SVC_CHECKPOINT_SECONDS: '1',
  SVC_HEAD_SECONDS: '1',
  SVC_WITNESS_POLICY_FILE: policy,
  SVC_TSA_URLS: tsa.url,
  SVC_TSA_CA_FILE: tsa.caFile,
});
const auth = { authorization: `Bearer ${b.key}`, 'content-type': 'application/json' };
const get = (path: string, key = false) =>
  fetch(b.url + path, { tls, headers: key ? auth : {} } as RequestInit).then(async (r) => ({
    status: r.status,
    bytes: (await r.arrayBuffer()).byteLength,
  }));
const post = async (path: string, body: unknown) =>
  (await fetch(b.url + path, { method: 'POST', tls, headers: auth, body: JSON.stringify(body) } as RequestInit)).json();

try {
  const platform = await (await fetch(`${b.url}/.well-known/svc-platform-key`, { tls } as RequestInit)).json();
  w.addLog(platform.note_verifier_key.split('+')[0], platform.note_verifier_key);
  const ev = await post('/v1/events', { event_type: 'bench.pack', payload: { n: 1 } });
  const t = await post('/v1/traces', { label: 'bench' });
  for (let i = 0; i < ITEMS; i++)
    await post('/v1/events', { event_type: 'step', payload: { i }, trace_id: t.trace_id });
  await post(`/v1/traces/${t.trace_id}/seal`, {});
  const pairs: Array<[string, string, string, boolean]> = [
    ['event', `/v1/proof/event/${ev.event_id}`, `/v1/proof/event/${ev.event_id}/evidence`, false],
    [`trace of ${ITEMS} items`, `/v1/traces/${t.trace_id}/proof`, `/v1/traces/${t.trace_id}/evidence`, true],
  ];
  const start = Date.now();
  for (const [, , pack, key] of pairs) {
    while ((await get(pack, key)).status !== 200) {
      if (Date.now() - start > 120_000) throw new Error(`${pack} never completed`);
      await Bun.sleep(200);
    }
  }
  for (const [name, json, pack, key] of pairs) {
    for (let i = 0; i < 30; i++) await Promise.all([get(json, key), get(pack, key)]);
    const times = { json: [] as number[], pack: [] as number[] };
    let size = 0;
    for (let i = 0; i < REQUESTS; i++) {
      for (const [which, path] of (i % 2
        ? [
            ['json', json],
            ['pack', pack],
          ]
        : [
            ['pack', pack],
            ['json', json],
          ]) as Array<['json' | 'pack', string]>) {
        const t0 = performance.now();
        const r = await get(path, key);
        times[which].push(performance.now() - t0);
        if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
        if (which === 'pack') size = r.bytes;
      }
    }
    const f = (a: number[]) => `${pct(a, 0.5).toFixed(2)} / ${pct(a, 0.99).toFixed(2)} ms`;
    line(`${name}: GET JSON proof p50/p99`, f(times.json));
    line(`${name}: GET evidence pack p50/p99 (${(size / 1024).toFixed(0)} KB)`, f(times.pack), '< 50 ms');
  }
} finally {
  await b.stop();
  w.stop();
  tsa.stop();
}
