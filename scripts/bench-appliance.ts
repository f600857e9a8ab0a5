// Figures of the appliance as a service: binary size, cold start, fill a store through the API (wrk), backup
// with and without ingest load, restore with full verification, /metrics scrape time.
// Usage: npm run build && bun scripts/bench-appliance.ts   (env FILL_EVENTS, default 1000000; needs wrk)
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dir, '..');
const BIN = join(ROOT, 'dist', 'proof-ledger');
const POST_LUA = resolve(ROOT, '..', 'shared', 'bench', 'post.lua');
const TARGET = Number(process.env.FILL_EVENTS ?? 1_000_000);
const work = mkdtempSync(join(tmpdir(), 'bench-appliance-'));
const data = join(work, 'data');
const MB = 1048576;
const out: Record<string, unknown> = {};
const say = (k: string, v: unknown) => {
  out[k] = v;
  process.stdout.write(`${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}\n`);
};

function sh(cmd: string[], env: Record<string, string> = {}) {
  const p = Bun.spawnSync(cmd, {
    cwd: work,
    env: { ...process.env, SVC_DATA_DIR: data, SVC_LOG_LEVEL: 'warn', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  return { code: p.exitCode, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
}
const svc = (...args: string[]) => JSON.parse(sh([BIN, 'svc', ...args, '--json']).stdout);

async function serve(env: Record<string, string> = {}) {
  const t0 = performance.now();
  const proc = Bun.spawn([BIN, 'serve'], {
    cwd: work,
    stdout: 'pipe',
    stderr: 'inherit',
    env: {
      ...process.env,
      SVC_DATA_DIR: data,
      SVC_PORT: '0',
      SVC_HOST: '127.0.0.1',
      SVC_LOG_LEVEL: 'warn',
      SVC_BOOTSTRAP: '0',
      SVC_PUBLIC_RPS: '1000000',
      SVC_METRICS_ADDR: '127.0.0.1:0',
      ...env,
    },
  });
  const reader = proc.stdout.getReader();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited: ${text}`);
    text += new TextDecoder().decode(value);
    if (/listening on.*\n/.test(text)) break;
  }
  const ms = performance.now() - t0;
  (async () => {
    for (;;) if ((await reader.read()).done) break;
  })();
  const port = Number(/listening on https:\/\/[^:]+:(\d+)/.exec(text)![1]);
  const metricsPort = Number(/"metrics":"http:\/\/[^"]+:(\d+)\/metrics"/.exec(text)?.[1] ?? 0);
  return {
    proc,
    port,
    metricsPort,
    ms,
    stop: async () => {
      proc.kill('SIGTERM');
      await proc.exited;
    },
  };
}

async function total(port: number, key: string): Promise<number> {
  const r = await fetch(`https://127.0.0.1:${port}/v1/events?limit=1`, {
    headers: { authorization: `Bearer ${key}` },
    tls: { rejectUnauthorized: false },
  } as RequestInit);
  return (await r.json()).total;
}
function wrk(port: number, key: string, seconds: number) {
  return Bun.spawn(['wrk', '-t2', '-c64', `-d${seconds}s`, '-s', POST_LUA, `https://127.0.0.1:${port}/v1/events`], {
    env: { ...process.env, KEY_TOKEN: key },
    stdout: 'pipe',
    stderr: 'pipe',
  });
}
const rate = (text: string) => Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? 0);
const dirBytes = (dir: string) => Number(sh(['du', '-sb', dir]).stdout.split('\t')[0]);

async function main(): Promise<void> {
  if (!existsSync(BIN)) throw new Error('run npm run build first');
  say('binary_bytes', statSync(BIN).size);
  say('binary_mb', (statSync(BIN).size / MB).toFixed(1));

  // Cold start: spawn to the listening line, fresh data directory (includes creating the store and TLS).
  const starts: number[] = [];
  for (let i = 0; i < 5; i++) {
    rmSync(data, { recursive: true, force: true });
    const s = await serve();
    starts.push(Math.round(s.ms));
    await s.stop();
  }
  say('cold_start_fresh_ms', starts);

  rmSync(data, { recursive: true, force: true });
  let s = await serve();
  const t = svc('tenant', 'create', '--name', 'bench', '--domain', 'bench.example', '--plan', 'enterprise');
  const key = svc('key', 'create', '--tenant', t.tenant_id, '--name', 'bench', '--scopes', 'read,write')
    .api_key as string;

  // Fill through the API: wrk post.lua, 64 connections, until the target is stored.
  const f0 = performance.now();
  let n = 0;
  while (n < TARGET) {
    const w = wrk(s.port, key, 30);
    const text = await new Response(w.stdout).text();
    await w.exited;
    process.stdout.write(`  fill: ${rate(text).toFixed(0)} req/s\n`);
    n = await total(s.port, key);
    process.stdout.write(`  fill: ${n} events stored\n`);
  }
  for (let prev = -1; prev !== n; ) {
    prev = n;
    await Bun.sleep(1000);
    n = await total(s.port, key);
  }
  say('fill', {
    events: n,
    seconds: Math.round((performance.now() - f0) / 1000),
    data_mb: (dirBytes(data) / MB).toFixed(0),
  });

  // /metrics scrape time.
  const scrapes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const a = performance.now();
    await (await fetch(`http://127.0.0.1:${s.metricsPort}/metrics`)).text();
    scrapes.push(performance.now() - a);
  }
  scrapes.sort((a, b) => a - b);
  say('metrics_scrape_ms', { median: scrapes[10]!.toFixed(1), max: scrapes[19]!.toFixed(1) });

  // Backup without load.
  const b1 = join(work, 'backup-idle');
  let a = performance.now();
  const idle = sh([BIN, 'svc', 'backup', '--to', b1, '--json']);
  say('backup_idle', {
    seconds: ((performance.now() - a) / 1000).toFixed(1),
    mb: (JSON.parse(idle.stdout).bytes / MB).toFixed(0),
    records: JSON.parse(idle.stdout).records,
  });

  // Backup under 64-connection ingest load.
  const w = wrk(s.port, key, 600);
  await Bun.sleep(3000);
  const b2 = join(work, 'backup-load');
  a = performance.now();
  const loaded = Bun.spawn([BIN, 'svc', 'backup', '--to', b2, '--json'], {
    cwd: work,
    env: { ...process.env, SVC_DATA_DIR: data, SVC_LOG_LEVEL: 'warn' },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const loadedOut = JSON.parse(await new Response(loaded.stdout).text());
  await loaded.exited;
  const loadedS = (performance.now() - a) / 1000;
  w.kill('SIGINT');
  const wtext = await new Response(w.stdout).text();
  say('backup_under_load', {
    seconds: loadedS.toFixed(1),
    mb: (loadedOut.bytes / MB).toFixed(0),
    records: loadedOut.records,
    ingest_during_req_s: rate(wtext).toFixed(0),
  });
  await s.stop();

  // Restore with full verification of every record.
  const target = join(work, 'restored');
  a = performance.now();
  const r = sh([BIN, 'svc', 'restore', '--from', b1, '--data-dir', target, '--json'], {
    SVC_MASTER_KEY_FILE: join(data, 'master.key'),
  });
  const restored = JSON.parse(r.stdout || '{}');
  say('restore_verify', {
    seconds: ((performance.now() - a) / 1000).toFixed(1),
    records: restored.records,
    verified: restored.verified,
    stderr_tail: r.stderr.trim().split('\n').slice(-2),
  });
  a = performance.now();
  const c = sh([BIN, 'svc', 'restore', '--check', b1, '--json']);
  say('restore_check', {
    seconds: ((performance.now() - a) / 1000).toFixed(1),
    verified: JSON.parse(c.stdout).verified,
  });

  // Cold start on the filled store.
  s = await serve();
  say('cold_start_filled_ms', Math.round(s.ms));
  await s.stop();
  rmSync(work, { recursive: true, force: true });
  process.stdout.write(JSON.stringify(out) + '\n');
}

await main();
