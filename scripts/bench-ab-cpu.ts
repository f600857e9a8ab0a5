// Two checkouts of the appliance under load at the same time: CPU per event ingest by thread for each, and the
// second over the first. Both servers share the machine's noise in the same window, which a sequential A-then-B
// comparison does not (docs/operations.md#what-an-ingest-costs).
// Run: bun scripts/bench-ab-cpu.ts DIR_A DIR_B [--seconds 20] [--warm 10] [--conns 32]   (needs Debian's wrk)
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { luaPost, wrk } from './bench-lib';

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

type Server = { proc: Bun.Subprocess<'ignore', 'pipe', 'inherit'>; url: string; lua: string };

/** The checkout's own server and CLI (its own Bun), on a fresh data dir with one enterprise tenant and key. */
async function start(dir: string): Promise<Server> {
  const data = mkdtempSync(join(tmpdir(), 'bench-ab-'));
  const env = {
    ...process.env,
    PATH: `${dir}/node_modules/.bin:${process.env.PATH}`,
    SVC_DATA_DIR: data,
    SVC_PORT: '0',
    SVC_HOST: '127.0.0.1',
    SVC_LOG_LEVEL: 'warn',
    SVC_PUBLIC_RPS: '1000000',
    SVC_BOOTSTRAP: '0',
  };
  const proc = Bun.spawn(['bun', 'src/main.ts'], { cwd: dir, env, stdout: 'pipe', stderr: 'inherit' });
  const reader = proc.stdout.getReader();
  let out = '';
  while (!/listening on/.test(out)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(out);
    out += new TextDecoder().decode(value);
  }
  (async () => {
    while (!(await reader.read()).done);
  })();
  const port = Number(/listening on https?:\/\/[^:]+:(\d+)/.exec(out)?.[1]);
  const cli = async (...args: string[]) => {
    const p = Bun.spawn(['bun', 'src/cli/index.ts', '--data-dir', data, '--json', ...args], {
      cwd: dir,
      env,
      stdout: 'pipe',
      stderr: 'inherit',
    });
    const text = await new Response(p.stdout).text();
    await p.exited;
    return JSON.parse(text);
  };
  const t = await cli('tenant', 'create', '--name', 'bench', '--domain', `b-${port}.test`, '--plan', 'enterprise');
  const k = await cli('key', 'create', '--tenant', t.tenant_id, '--name', 'bench', '--scopes', 'read,write');
  return { proc, url: `https://127.0.0.1:${port}/v1/events`, lua: luaPost('/v1/events', k.api_key, EVENT) };
}

/** CPU milliseconds of every thread of `pid`, summed by thread name (Bun's main thread is "bun", workers "Worker"). */
function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const id of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${id}/comm`, 'utf8').trim();
      const f = readFileSync(`/proc/${pid}/task/${id}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(name, (out.get(name) ?? 0) + (Number(f[11]) + Number(f[12])) * 10);
    } catch {
      // the thread ended while it was read
    }
  }
  return out;
}

const servers = [await start(dirA), await start(dirB)];
const load = (seconds: string) =>
  Promise.all(servers.map((s) => wrk(s.url, { seconds: Number(seconds), connections: Number(opt.conns), lua: s.lua })));
await load(opt.warm);
const before = servers.map((s) => threadCpu(s.proc.pid));
const results = await load(opt.seconds);
const per = servers.map((s, i) => {
  const after = threadCpu(s.proc.pid);
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
for (const s of servers) s.proc.kill('SIGTERM');
await Promise.all(servers.map((s) => s.proc.exited));
