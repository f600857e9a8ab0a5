// Benchmark of SCITT registration: POST /entries of distinct pre-signed Ed25519 Signed Statements (1 KB payloads) with
// wrk over HTTPS, 64 keep-alive connections, between two runs of event ingest (POST /v1/events, about 1 KB bodies) on
// the same server as the reference measured alongside it (the machine may be shared).
// Run: bun scripts/bench-scitt.ts [seconds] [warm-up seconds]   (needs wrk)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliJson, cpuSeconds, line, luaPost, startBenchServer, wrk, type WrkResult } from './bench-lib';
import { newIssuer, signedStatement } from '../test/http/independent-scitt';

const seconds = Number(process.argv[2] ?? 10);
const warmSeconds = Number(process.argv[3] ?? 3);
// Enough distinct statements for the warm-up and the run at up to this rate (statements/s); more would be replays.
const MAX_RATE = 6000;
const ISS = 'https://bench.issuer.example';

const issuer = newIssuer('ed25519');
const dir = mkdtempSync(join(tmpdir(), 'bench-scitt-'));
writeFileSync(join(dir, 'issuer.pem'), issuer.publicKeyPem);

/**
 * `count` distinct statements (`from` onwards), each as a 4-byte big-endian length then its bytes, in one file the Lua
 * script reads; answers its path.
 */
function statementsFile(name: string, from: number, count: number): string {
  const payload = new Uint8Array(1024).fill(0x61);
  const parts: Buffer[] = [];
  for (let i = from; i < from + count; i++) {
    payload.set(new TextEncoder().encode(String(i).padStart(10, '0')), 0);
    const st = signedStatement(issuer, { iss: ISS, sub: `pkg:bench/item@${i}`, payload, contentType: 'text/plain' });
    const len = Buffer.alloc(4);
    len.writeUInt32BE(st.length);
    parts.push(len, Buffer.from(st));
  }
  const file = join(dir, name);
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

/** wrk Lua: each thread loads its share of the statements (every other one) and sends each once, in order. */
const luaStatements = (file: string, key: string, threads = 2) => `
local thread_id = 0
setup = function(thread) thread:set("tid", thread_id); thread_id = thread_id + 1 end
local bodies = {}
local n = 0
init = function(args)
  local f = assert(io.open(${JSON.stringify(file)}, "rb"))
  local k = 0
  while true do
    local h = f:read(4)
    if not h then break end
    local len = ((h:byte(1) * 256 + h:byte(2)) * 256 + h:byte(3)) * 256 + h:byte(4)
    local body = f:read(len)
    if k % ${threads} == tid then bodies[#bodies + 1] = body end
    k = k + 1
  end
  f:close()
end
request = function()
  n = n + 1
  local body = bodies[(n - 1) % #bodies + 1]
  return wrk.format("POST", "/entries", { ["content-type"] = "application/cose", ["authorization"] = "Bearer ${key}" }, body)
end
`;

const eventBody = JSON.stringify({
  event_type: 'bench.scitt.reference',
  payload: { n: '{{n}}', pad: 'a'.repeat(960) },
});

const t0 = performance.now();
// Two pools: the warm-up's statements are never sent again in the measured run (a replay is answered without a write).
const warmFile = statementsFile('warm.bin', 0, MAX_RATE * warmSeconds);
const runFile = statementsFile('run.bin', MAX_RATE * warmSeconds, MAX_RATE * seconds);
line(
  'statements pre-signed (Ed25519, 1 KB payload)',
  `${MAX_RATE * (seconds + warmSeconds)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
const s = await startBenchServer();
try {
  const tenant = `bench-${s.port}.test`;
  await cliJson(s.dir, 'issuer', 'add', '--tenant', tenant, '--iss', ISS, '--key', join(dir, 'issuer.pem'));
  const used = async () => (await cliJson(s.dir, 'tenant', 'show', tenant)).usage.events_per_month.used as number;
  /** A wrk run with the server's CPU per request over it: main (JS) thread / whole process, in µs. */
  const measured = async (run: () => Promise<WrkResult>) => {
    const c0 = cpuSeconds(s.pid);
    const r = await run();
    const c1 = cpuSeconds(s.pid);
    const per = (a: number, b: number) => (((b - a) * 1e6) / Math.max(1, r.requests)).toFixed(0);
    return { ...r, cpu: `${per(c0.main, c1.main)} / ${per(c0.all, c1.all)} µs` };
  };
  const events = () =>
    measured(() => wrk(`${s.url}/v1/events`, { seconds, lua: luaPost('/v1/events', s.key, eventBody) }));
  await wrk(`${s.url}/v1/events`, { seconds: warmSeconds, lua: luaPost('/v1/events', s.key, eventBody) });
  const before = await events();
  await wrk(`${s.url}/entries`, { seconds: warmSeconds, lua: luaStatements(warmFile, s.key) });
  const load = (await Bun.file('/proc/loadavg').text()).split(' ')[0];
  const used0 = await used();
  const entries = await measured(() => wrk(`${s.url}/entries`, { seconds, lua: luaStatements(runFile, s.key) }));
  // Each new statement counts one unit of the monthly quota: the units counted during the run are the new entries.
  const registered = (await used()) - used0;
  const after = await events();
  line('POST /v1/events (reference), before', `${Math.round((before.requests - before.non2xx) / seconds)}/s`);
  line('POST /entries, HTTPS, 64 connections', `${Math.round(registered / seconds)} new entries/s`, '>= 2,000/s');
  line('POST /v1/events (reference), after', `${Math.round((after.requests - after.non2xx) / seconds)}/s`);
  line('  /entries requests, of which 4xx/5xx', `${entries.requests}, ${entries.non2xx}`);
  line('  /entries p50 / p99 latency', `${entries.p50ms.toFixed(2)} / ${entries.p99ms.toFixed(2)} ms`);
  // Machine-independent view: what a request costs the server (the main thread is the serial part).
  line('  server CPU per request, main / process: events', `${before.cpu}, ${after.cpu}`);
  line('  server CPU per request, main / process: /entries', entries.cpu);
  line('  machine load average when the run began', `${load} (${navigator.hardwareConcurrency} cores, shared)`);
  if (entries.requests > MAX_RATE * seconds) line('  WARNING', 'statements ran out: later requests were replays');
} finally {
  await s.stop();
}
