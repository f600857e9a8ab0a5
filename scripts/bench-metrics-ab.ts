// Ingest with metrics off vs on, interleaved so that load from elsewhere on the machine hits both alike:
// two appliances (SVC_METRICS_ADDR=off and on, the latter scraped every 5 s), wrk post.lua 64 connections,
// alternating ROUNDS x SECONDS. `bun scripts/bench-metrics-ab.ts` (env ROUNDS=3 SECONDS=10; needs wrk)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dir, '..');
const POST_LUA = resolve(ROOT, '..', 'shared', 'bench', 'post.lua');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 10);
const work = mkdtempSync(join(tmpdir(), 'metrics-ab-'));

function cli(dataDir: string, ...args: string[]) {
  const p = Bun.spawnSync(['bun', 'src/cli/index.ts', '--data-dir', dataDir, '--json', ...args], {
    cwd: ROOT,
    env: { ...process.env, SVC_LOG_LEVEL: 'warn' },
  });
  return JSON.parse(p.stdout.toString());
}

async function start(name: string, metrics: string) {
  const dataDir = join(work, name);
  const proc = Bun.spawn(['bun', 'src/main.ts'], {
    cwd: ROOT,
    stdout: 'pipe',
    stderr: 'inherit',
    env: {
      ...process.env,
      SVC_DATA_DIR: dataDir,
      SVC_PORT: '0',
      SVC_HOST: '127.0.0.1',
      SVC_LOG_LEVEL: 'warn',
      SVC_BOOTSTRAP: '0',
      SVC_PUBLIC_RPS: '1000000',
      SVC_METRICS_ADDR: metrics,
    },
  });
  const reader = proc.stdout.getReader();
  let text = '';
  while (!/listening on.*\n/.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(text);
    text += new TextDecoder().decode(value);
  }
  (async () => {
    for (;;) if ((await reader.read()).done) break;
  })();
  const port = Number(/listening on https:\/\/[^:]+:(\d+)/.exec(text)![1]);
  const metricsPort = Number(/"metrics":"http:\/\/[^"]+:(\d+)\/metrics"/.exec(text)?.[1] ?? 0);
  const t = cli(dataDir, 'tenant', 'create', '--name', name, '--domain', `${name}.example`, '--plan', 'enterprise');
  const key = cli(dataDir, 'key', 'create', '--tenant', t.tenant_id, '--name', name, '--scopes', 'read,write')
    .api_key as string;
  return { proc, port, metricsPort, key };
}

async function wrk(port: number, key: string, seconds: number): Promise<number> {
  const p = Bun.spawn(['wrk', '-t2', '-c64', `-d${seconds}s`, '-s', POST_LUA, `https://127.0.0.1:${port}/v1/events`], {
    env: { ...process.env, KEY_TOKEN: key },
    stdout: 'pipe',
  });
  const text = await new Response(p.stdout).text();
  if (/Non-2xx/.test(text)) throw new Error(`errors during the run:\n${text}`);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? 0);
}

const off = await start('off', 'off');
const on = await start('on', '127.0.0.1:0');
const scraper = setInterval(() => void fetch(`http://127.0.0.1:${on.metricsPort}/metrics`).then((r) => r.text()), 5000);
await wrk(off.port, off.key, 3);
await wrk(on.port, on.key, 3);
const a: number[] = [];
const b: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  // Alternate which goes first, so a trend in background load does not favour one side.
  if (i % 2 === 0) {
    a.push(await wrk(off.port, off.key, SECONDS));
    b.push(await wrk(on.port, on.key, SECONDS));
  } else {
    b.push(await wrk(on.port, on.key, SECONDS));
    a.push(await wrk(off.port, off.key, SECONDS));
  }
  process.stdout.write(`round ${i + 1}: off ${a[i]!.toFixed(0)} req/s, on ${b[i]!.toFixed(0)} req/s\n`);
}
clearInterval(scraper);
const sum = (x: number[]) => x.reduce((p, q) => p + q, 0);
process.stdout.write(
  `metrics off ${(sum(a) / a.length).toFixed(0)} req/s, on ${(sum(b) / b.length).toFixed(0)} req/s: on/off = ${(sum(b) / sum(a)).toFixed(3)}\n`,
);
off.proc.kill('SIGTERM');
on.proc.kill('SIGTERM');
await Promise.all([off.proc.exited, on.proc.exited]);
rmSync(work, { recursive: true, force: true });
