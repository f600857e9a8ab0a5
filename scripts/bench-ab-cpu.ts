// Two checkouts of the appliance under load at the same time: CPU per event ingest by thread for each, and the
// second over the first. Both servers share the machine's noise in the same window, which a sequential A-then-B
// comparison does not (docs/operations.md#what-an-ingest-costs).
// Run: bun scripts/bench-ab-cpu.ts DIR_A DIR_B [--seconds 20] [--warm 10] [--conns 32]   (needs Debian's wrk)
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { luaPost, startBenchServer, threadCpu, wrk } from './bench-lib';

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '20' },
    warm: { type: 'string', default: '10' },
    conns: { type: 'string', default: '32' },
  },
});
if (positionals.length !== 2) {
  console.error('usage: bun scripts/bench-ab-cpu.ts DIR_A DIR_B [--seconds 20] [--warm 10] [--conns 32]');
  process.exit(2);
}
const [dirA, dirB] = positionals.map((d) => resolve(d)) as [string, string];
const EVENT =
  '{"event_type":"order.created","payload":{"order":"{{n}}","amount":1999,"currency":"EUR","lines":[{"sku":"A-1","qty":2}]}}';

// Each checkout's own server and CLI (its own Bun), on a fresh data dir with one enterprise tenant and key.
const servers = [await startBenchServer(undefined, {}, dirA), await startBenchServer(undefined, {}, dirB)];
const load = (seconds: string) =>
  Promise.all(
    servers.map((s) =>
      wrk(`${s.url}/v1/events`, {
        seconds: Number(seconds),
        connections: Number(opt.conns),
        lua: luaPost('/v1/events', s.key, EVENT),
      }),
    ),
  );
await load(opt.warm);
const before = servers.map((s) => threadCpu(s.pid));
const results = await load(opt.seconds);
const per = servers.map((s, i) => {
  const after = threadCpu(s.pid);
  const us = (name: string) => (((after.get(name) ?? 0) - (before[i]!.get(name) ?? 0)) * 1000) / results[i]!.requests;
  const all = [...after.keys()].reduce((sum, name) => sum + us(name), 0);
  return { all, main: us('bun'), writer: us('Worker'), rps: results[i]!.rps, non2xx: results[i]!.non2xx };
});
for (const [name, p] of [
  [dirA, per[0]!],
  [dirB, per[1]!],
] as const) {
  const errors = p.non2xx ? `, ${p.non2xx} non-2xx` : '';
  console.log(
    `${name}: ${Math.round(p.rps)}/s, ${p.all.toFixed(0)} µs CPU per request (main ${p.main.toFixed(0)}, writer ${p.writer.toFixed(0)})${errors}`,
  );
}
const ratio = (k: 'all' | 'main' | 'writer') => (per[1]![k] / per[0]![k]).toFixed(2);
console.log(`B/A CPU per request: whole ${ratio('all')}, main ${ratio('main')}, writer ${ratio('writer')}`);
await Promise.all(servers.map((s) => s.stop()));
