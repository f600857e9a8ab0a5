// Shared benchmark helpers: a real server on a temp data dir, wrk runs over HTTPS, result parsing.
import {
  closeSync,
  fdatasyncSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dir, '..');
export type Bench = { url: string; port: number; dir: string; pid: number; stop(): Promise<void>; key: string };

/**
 * Starts the appliance (bun src/main.ts) with an enterprise tenant so plan limits do not cap the load; `root` is the
 * checkout to run (another one than this, with its own node_modules, for same-run comparisons).
 */
export async function startBenchServer(
  dir = mkdtempSync(join(tmpdir(), 'svc-bench-')),
  env: Record<string, string> = {},
  root = ROOT,
): Promise<Bench> {
  const proc = Bun.spawn(['bun', 'src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PATH: `${root}/node_modules/.bin:${process.env.PATH}`,
      SVC_DATA_DIR: dir,
      SVC_PORT: '0',
      SVC_HOST: '127.0.0.1',
      SVC_LOG_LEVEL: 'warn',
      SVC_PUBLIC_RPS: '1000000',
      ...env,
    },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const reader = proc.stdout.getReader();
  let out = '';
  while (!/listening on/.test(out)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(out);
    out += new TextDecoder().decode(value);
  }
  (async () => {
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
    }
  })();
  const port = Number(/listening on https?:\/\/[^:]+:(\d+)/.exec(out)![1]);
  const key = await cliJsonAt(
    root,
    dir,
    'tenant',
    'create',
    '--name',
    'bench',
    '--domain',
    `bench-${port}.test`,
    '--plan',
    'enterprise',
  ).then((t) =>
    cliJsonAt(
      root,
      dir,
      'key',
      'create',
      '--tenant',
      t.tenant_id,
      '--name',
      'bench',
      '--scopes',
      'read,write,audit:read,audit:write',
    ),
  );
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    dir,
    pid: proc.pid,
    key: key.api_key,
    async stop() {
      proc.kill('SIGTERM');
      await proc.exited;
    },
  };
}

export function cliJson(dir: string, ...args: string[]): Promise<any> {
  return cliJsonAt(ROOT, dir, ...args);
}

/** `svc ... --json` of the checkout `root` on the data dir `dir`, its answer parsed. */
async function cliJsonAt(root: string, dir: string, ...args: string[]): Promise<any> {
  // process.env as it is now (Bun.spawn's default is the environment the script started with).
  const p = Bun.spawn(['bun', 'src/cli/index.ts', '--data-dir', dir, '--json', ...args], {
    cwd: root,
    stdout: 'pipe',
    stderr: 'inherit',
    env: { ...process.env, PATH: `${root}/node_modules/.bin:${process.env.PATH}` },
  });
  const text = await new Response(p.stdout).text();
  await p.exited;
  return JSON.parse(text);
}

/** CPU time (ms) of every thread of `pid`, summed by thread name (Bun's main thread is "bun", workers "Worker"). */
export function threadCpu(pid: number): Map<string, number> {
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

export type WrkResult = { rps: number; p50ms: number; p99ms: number; requests: number; non2xx: number; raw: string };

function ms(s: string): number {
  const m = /([\d.]+)(us|ms|s)/.exec(s);
  if (!m) return NaN;
  const v = Number(m[1]);
  return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
}

/** Runs wrk (Debian package) with 2 threads and `connections` keep-alive connections. */
export async function wrk(
  url: string,
  opts: { seconds?: number; connections?: number; lua?: string } = {},
): Promise<WrkResult> {
  const connections = opts.connections ?? 64;
  // wrk wants at least one connection per thread.
  const args = ['wrk', `-t${Math.min(2, connections)}`, `-c${connections}`, `-d${opts.seconds ?? 10}s`, '--latency'];
  if (opts.lua) {
    const f = join(mkdtempSync(join(tmpdir(), 'wrk-')), 's.lua');
    writeFileSync(f, opts.lua);
    args.push('-s', f);
  }
  args.push(url);
  const p = Bun.spawn(args, { stdout: 'pipe', stderr: 'inherit' });
  const raw = await new Response(p.stdout).text();
  await p.exited;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(raw)?.[1] ?? NaN);
  const requests = Number(/(\d+) requests in/.exec(raw)?.[1] ?? NaN);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(raw)?.[1] ?? 0);
  const p50 = /\s50%\s+(\S+)/.exec(raw)?.[1] ?? '';
  const p99 = /\s99%\s+(\S+)/.exec(raw)?.[1] ?? '';
  return { rps, p50ms: ms(p50), p99ms: ms(p99), requests, non2xx, raw };
}

/** A Lua expression for `text` in which every `{{n}}` becomes the per-request counter. */
const luaTemplate = (text: string) =>
  text
    .split('{{n}}')
    .map((p) => JSON.stringify(p))
    .join(' .. tostring(tid * 100000000 + n) .. ');

/** A wrk Lua script sending one request per call; `{{n}}` in the body or a header value becomes a per-request counter. */
export function luaRequest(method: string, path: string, headers: Record<string, string>, body = ''): string {
  const h = Object.entries(headers)
    .map(([k, v]) => `[${JSON.stringify(k)}] = ${luaTemplate(v)}`)
    .join(', ');
  return `
local n = 0
local thread_id = 0
setup = function(thread) thread:set("tid", thread_id); thread_id = thread_id + 1 end
request = function()
  n = n + 1
  return wrk.format(${JSON.stringify(method)}, ${JSON.stringify(path)}, { ${h} }, ${luaTemplate(body)})
end
`;
}

/** A JSON request with the API key as bearer token (see luaRequest). */
export function luaPost(path: string, key: string, body: string, method = 'POST'): string {
  return luaRequest(method, path, { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body);
}

/** CPU seconds used so far by the server's main (JS) thread and by the whole process (/proc, clock ticks of 10 ms). */
export function cpuSeconds(pid: number): { main: number; all: number } {
  const ticks = (f: string) =>
    f
      .slice(f.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 13)
      .reduce((a, b) => a + Number(b), 0) / 100;
  return {
    main: ticks(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')),
    all: ticks(readFileSync(`/proc/${pid}/stat`, 'utf8')),
  };
}

/** Resident memory of a process in MB: total, anonymous (heaps) and file-backed (LMDB's memory map, reclaimable). */
export function rssMb(pid: number): { total: number; anon: number; file: number } {
  const status = require('node:fs').readFileSync(`/proc/${pid}/status`, 'utf8') as string;
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { total: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') };
}

export function line(name: string, value: string, target?: string): void {
  console.log(`${name.padEnd(48)} ${value.padStart(16)}${target ? `   (target ${target})` : ''}`);
}

/**
 * The disk's own flush latency while a benchmark runs: an 8 KB write and fdatasync every 20 ms in `dir` (put it on
 * the server's disk), each timed. Every acknowledged write waits for a flush, so a flush the disk holds for 60 ms
 * holds those writes as long: `worst(from, to)` says whether a run's tail came from the disk rather than the server.
 */
export function fsyncProbe(dir: string): { worst(fromMs: number, toMs: number): number; stop(): void } {
  const fd = openSync(join(mkdtempSync(join(dir, 'fsync-probe-')), 'probe'), 'w');
  const block = Buffer.alloc(8192, 1);
  const seen: Array<[at: number, ms: number]> = [];
  let running = true;
  (async () => {
    for (let i = 0; running; i++) {
      writeSync(fd, block, 0, block.length, (i % 16) * block.length);
      const t0 = performance.now();
      fdatasyncSync(fd);
      seen.push([Date.now(), performance.now() - t0]);
      await Bun.sleep(20);
    }
    closeSync(fd);
  })();
  return {
    worst: (fromMs, toMs) => seen.reduce((w, [at, ms]) => (at >= fromMs && at <= toMs && ms > w ? ms : w), 0),
    stop: () => {
      running = false;
    },
  };
}
