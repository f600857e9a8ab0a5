// Same-run ratio benchmark: the appliance's ingest and verify routes against two references started by this
// script on the same machine in the same run (a bare HTTPS server and the bare signed-ingest pipeline), so
// machine noise cancels out. Also: CPU per request by thread, and overload behaviour at more connections.
// Run: bun scripts/bench-ratio.ts [--seconds 10] [--conns 64] [--overload]   (needs Debian's wrk and openssl)
import { execSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { line, luaPost, luaRequest, ROOT, startBenchServer, threadCpu, wrk, type WrkResult } from './bench-lib';

const { values: opt } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    conns: { type: 'string', default: '64' },
    overload: { type: 'boolean', default: false },
  },
});
const seconds = Number(opt.seconds);
const conns = Number(opt.conns);
const work = mkdtempSync(join(tmpdir(), 'bench-ratio-'));
execSync(
  `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout ${work}/k.pem -out ${work}/c.pem -days 2 -subj /CN=localhost`,
  { stdio: 'ignore' },
);

const EVENT =
  '{"event_type":"order.created","payload":{"order":"{{n}}","amount":1999,"currency":"EUR","lines":[{"sku":"A-1","qty":2}]}}';
const AUDIT =
  '{"organization_id":"bench","action":"doc.update","actor":{"type":"user","id":"u{{n}}","name":"Bench User"},"targets":[{"type":"doc","id":"d{{n}}"}],"context":{"location":"10.0.0.1","user_agent":"wrk"},"metadata":{"n":"{{n}}"}}';
const AI =
  '{"attestation_type":"output","input":"Which clauses of contract {{n}} limit liability?","output":{"answer":"Clauses 7.2 and 9.1","confidence":0.93},"model_provider":"acme","model_name":"acme-large","model_version":"2026-01","subject":{"user_id":"u-42","session_id":"s-{{n}}"}}';

/** A wrk run that also reports the server's CPU microseconds per request, in total and for its busiest threads. */
async function measured(
  pid: number,
  url: string,
  lua: string,
  connections = conns,
): Promise<WrkResult & { cpuUs: number; threads: string }> {
  const before = threadCpu(pid);
  const r = await wrk(url, { seconds, connections, lua });
  const after = threadCpu(pid);
  const per = [...after]
    .map(([name, ms]) => [name, ((ms - (before.get(name) ?? 0)) * 1000) / Math.max(1, r.requests)] as const)
    .filter(([, us]) => us >= 1)
    .sort((a, b) => b[1] - a[1]);
  return {
    ...r,
    cpuUs: per.reduce((a, [, us]) => a + us, 0),
    threads: per
      .slice(0, 4)
      .map(([n, us]) => `${n} ${us.toFixed(0)}`)
      .join(', '),
  };
}

async function startRef(file: string): Promise<{ url: string; pid: number; stop(): void }> {
  const proc = Bun.spawn(['bun', join(ROOT, 'scripts/bench-ref', file)], {
    env: {
      ...process.env,
      REF_CERT: `${work}/c.pem`,
      REF_KEY: `${work}/k.pem`,
      REF_DB: mkdtempSync(join(work, 'db-')),
    },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const reader = proc.stdout.getReader();
  let out = '';
  while (!/listening on/.test(out)) out += new TextDecoder().decode((await reader.read()).value);
  return { url: /listening on ([^\s"]+)/.exec(out)![1]!, pid: proc.pid, stop: () => proc.kill() };
}

const report = (name: string, r: WrkResult & { cpuUs?: number; threads?: string }) =>
  line(
    name,
    `${Math.round(r.rps)}/s`,
    `p99 ${r.p99ms.toFixed(1)} ms${r.cpuUs ? `, ${r.cpuUs.toFixed(0)} us CPU/req (${r.threads})` : ''}${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}`,
  );

const bare = await startRef('bare-https.ts');
await wrk(`${bare.url}/v1/events`, { seconds: 2, lua: luaPost('/v1/events', 'x', EVENT) });
const echo = await measured(bare.pid, `${bare.url}/v1/events`, luaPost('/v1/events', 'x', EVENT));
bare.stop();
const ref = await startRef('signed-pipeline.ts');
await wrk(`${ref.url}/v1/events`, { seconds: 2, lua: luaPost('/v1/events', 'x', EVENT) });
const pipeline = await measured(ref.pid, `${ref.url}/v1/events`, luaPost('/v1/events', 'x', EVENT));
ref.stop();

const s = await startBenchServer(undefined, { SVC_BOOTSTRAP: '0' });
await fetch(`${s.url}/v1/audit/orgs`, {
  method: 'POST',
  headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' },
  body: '{"organization_id":"bench"}',
  tls: { rejectUnauthorized: false },
} as RequestInit);
await wrk(`${s.url}/v1/events`, { seconds: 3, lua: luaPost('/v1/events', s.key, EVENT) });
const events = await measured(s.pid, `${s.url}/v1/events`, luaPost('/v1/events', s.key, EVENT));
const list = await (
  await fetch(`${s.url}/v1/events?limit=500`, {
    headers: { authorization: `Bearer ${s.key}` },
    tls: { rejectUnauthorized: false },
  } as RequestInit)
).json();
const ids = list.events.map((e: any) => `{"${e.event_id}","${e.payload_hash}"}`).join(',');
const verifyLua = `local ids = {${ids}}
local n = 0
request = function()
  n = n + 1
  local e = ids[(n % #ids) + 1]
  return wrk.format("POST", "/v1/events/" .. e[1] .. "/verify", { ["content-type"] = "application/json", ["authorization"] = "Bearer ${s.key}" }, '{"payload_hash":"' .. e[2] .. '"}')
end`;
const verify = await measured(s.pid, `${s.url}/`, verifyLua);
const audit = await measured(
  s.pid,
  `${s.url}/`,
  luaRequest(
    'POST',
    '/v1/audit/events',
    { 'content-type': 'application/json', authorization: `Bearer ${s.key}`, 'idempotency-key': 'k{{n}}' },
    AUDIT,
  ),
);
const ai = await measured(s.pid, `${s.url}/`, luaPost('/v1/ai/attestations', s.key, AI));

console.log(
  `\n${seconds} s per run, ${conns} connections, wrk and the server on this machine (${execSync('nproc').toString().trim()} cores)`,
);
report('bare HTTPS server', echo);
report('bare signed pipeline', pipeline);
report('POST /v1/events', events);
report('POST /v1/events/{id}/verify (500 ids)', verify);
report('POST /v1/audit/events', audit);
report('POST /v1/ai/attestations', ai);
const r = (x: number) => x.toFixed(2);
console.log(
  `events/pipeline ${r(events.rps / pipeline.rps)}  audit/pipeline ${r(audit.rps / pipeline.rps)}  ai/pipeline ${r(ai.rps / pipeline.rps)}  verify/bare ${r(verify.rps / echo.rps)}  pipeline/bare ${r(pipeline.rps / echo.rps)}`,
);

if (opt.overload) {
  console.log('\nOverload (POST /v1/events): throughput of 2xx and how the excess is answered');
  for (const c of [64, 256, 1024]) {
    const o = await wrk(`${s.url}/v1/events`, { seconds, connections: c, lua: luaPost('/v1/events', s.key, EVENT) });
    line(`  ${c} connections`, `${Math.round(o.rps)}/s`, `p99 ${o.p99ms.toFixed(1)} ms, ${o.non2xx} answered 503`);
  }
}
await s.stop();
