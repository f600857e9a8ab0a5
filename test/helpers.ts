// Test helpers: a real appliance process on a temp data dir, HTTPS calls, the real CLI.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Subprocess } from 'bun';
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';

export const ROOT = resolve(import.meta.dir, '..');

export type Server = {
  url: string;
  port: number;
  dataDir: string;
  apiKey: string; // the bootstrap all-scope key of tenant "default"
  /** Port of the plain-HTTP metrics listener (tests bind it to a free port), null when off. */
  metricsPort: number | null;
  proc: Subprocess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
  restart(extraEnv?: Record<string, string>): Promise<Server>;
};

export function tempDir(prefix = 'svc-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

type ListeningLine = { port: number; metricsPort: number | null };

/**
 * The JSON log line `{"msg": "listening on https://HOST:PORT", "metrics": URL | null, ...}` among the complete lines
 * of `out`, or null before it.
 */
export function listeningLine(out: string): ListeningLine | null {
  for (const l of out.split('\n').slice(0, -1)) {
    if (!l.includes('listening on')) continue;
    const o = JSON.parse(l) as { msg: string; metrics: string | null };
    const port = /^listening on https?:\/\/[^\s]+:(\d+) /.exec(o.msg)?.[1];
    if (port) return { port: Number(port), metricsPort: Number(/:(\d+)\/metrics$/.exec(o.metrics ?? '')?.[1]) || null };
  }
  return null;
}

/** Starts `bun src/main.ts` on port 0 and waits for its `listening on` line. */
export async function startServer(opts: { dataDir?: string; env?: Record<string, string> } = {}): Promise<Server> {
  const dataDir = opts.dataDir ?? tempDir();
  const proc = Bun.spawn(['bun', 'src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SVC_DATA_DIR: dataDir,
      SVC_PORT: '0',
      SVC_HOST: '127.0.0.1',
      SVC_LOG_LEVEL: 'warn',
      SVC_METRICS_ADDR: '127.0.0.1:0',
      ...opts.env,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let out = '';
  const reader = proc.stdout.getReader();
  const decoder = new TextDecoder();
  const deadline = Date.now() + 20000;
  let started: ListeningLine | null = null;
  while (!started) {
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited:\n${out}\n${await new Response(proc.stderr).text()}`);
    out += decoder.decode(value);
    started = listeningLine(out);
  }
  const port = started.port;
  // Keep draining stdout so the child never blocks on a full pipe.
  (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      out += decoder.decode(value);
      if (out.length > 1_000_000) out = out.slice(-500_000);
    }
  })();
  // With stdout piped (not a terminal) the first start writes the bootstrap key to a 0600 file and prints its path.
  const keyFile = join(dataDir, 'bootstrap-api-key');
  const key = out.includes(keyFile) && existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : '';
  const scheme = opts.env?.SVC_TLS === 'off' ? 'http' : 'https';
  const server: Server = {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    dataDir,
    apiKey: key,
    metricsPort: started.metricsPort,
    proc,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      proc.kill(signal);
      await proc.exited;
    },
    async restart(extraEnv = {}) {
      await server.stop();
      const s = await startServer({ dataDir, env: { ...opts.env, ...extraEnv } });
      s.apiKey = key;
      return s;
    },
  };
  return server;
}

/**
 * One appliance with default settings shared by every test file of a run that asks for it: started by the first,
 * stopped after the last (test/preload.ts: bun test's 'exit' event alone let it outlive the run). A file that shares
 * it makes tenants of its own (newTenant, a domain no other file uses) and changes no setting of it.
 */
let shared: Promise<Server> | null = null;
export function sharedServer(): Promise<Server> {
  shared ??= startServer();
  return shared;
}

/** Stops the shared appliance, if a file started it, and removes its data directory. */
export async function stopSharedServer(): Promise<void> {
  if (!shared) return;
  const s = await shared;
  shared = null;
  await s.stop();
  cleanup(s.dataDir);
}

export function cleanup(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export type Reply = { status: number; headers: Headers; body: any; text: string };

/** An HTTPS request as a client would make it (self-signed certificate accepted). */
export async function call(
  server: { url: string },
  method: string,
  path: string,
  opts: { key?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['content-type'] = 'application/json';
  const res = await fetch(server.url + path, {
    method,
    headers,
    body,
    tls: { rejectUnauthorized: false },
  } as RequestInit);
  const text = await res.text();
  let parsed: any = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** Runs the real CLI (`bun src/cli/index.ts ... --json`) against a data dir. */
export function cli(
  dataDir: string,
  ...args: string[]
): Promise<{ code: number; json: any; stdout: string; stderr: string }> {
  return svc(['--data-dir', dataDir, ...args]);
}

export type Ran = { code: number; json: any; stdout: string; stderr: string };

/** Runs `cmd` to its end: exit status, stdout and stderr, and stdout parsed as JSON (null when it is not). */
export async function runCommand(
  cmd: string[],
  opts: { cwd: string; env: Record<string, string | undefined> },
): Promise<Ran> {
  const p = Bun.spawn(cmd, { cwd: opts.cwd, env: opts.env, stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  const code = await p.exited;
  let json: any = null;
  try {
    json = JSON.parse(stdout);
  } catch {
    json = null;
  }
  return { code, json, stdout, stderr };
}

/** Runs the real CLI with `--json` and `args` as given, with extra environment (e.g. the master key file of a restore). */
export function svc(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return runCommand(['bun', 'src/cli/index.ts', '--json', ...args], {
    cwd: ROOT,
    env: { ...process.env, SVC_LOG_LEVEL: 'warn', ...env },
  });
}

/** A temp dir removed when the file's tests end (call `cleanupDirs` in afterAll). */
const made: string[] = [];
export function ownedDir(): string {
  const d = tempDir();
  made.push(d);
  return d;
}
export const cleanupDirs = (): void => made.splice(0).forEach(cleanup);

/** Debian's headless Chromium as the browser tests drive it (no background networking: the machine has no network). */
export async function launchChromium(): Promise<import('playwright-core').Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** What `until` hands back: the polled value once it is truthy. */
type Truthy<T> = Exclude<T, null | undefined | false | 0 | ''>;

/** Polls `fn` until it returns a truthy value (no fixed sleeps). */
export async function until<T>(fn: () => Promise<T> | T, timeoutMs = 10000, everyMs = 25): Promise<Truthy<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as Truthy<T>; // the truthiness test above is what rules out the excluded values
    if (Date.now() > end) throw new Error('condition not met in time');
    await Bun.sleep(everyMs);
  }
}

/** A tenant plus an API key made through the CLI (`env`: more of the CLI's environment, e.g. a cluster's). */
export async function newTenant(
  dataDir: string,
  domain: string,
  scopes = 'read,write,audit:read,audit:write',
  plan = 'builder',
  env: Record<string, string> = {},
) {
  const run = (...args: string[]) => svc(['--data-dir', dataDir, ...args], env);
  const t = await run('tenant', 'create', '--name', domain, '--domain', domain, '--plan', plan);
  if (t.code) throw new Error(t.stderr);
  const k = await run('key', 'create', '--tenant', t.json.tenant_id, '--name', 'test', '--scopes', scopes);
  if (k.code) throw new Error(k.stderr);
  return {
    tenantId: t.json.tenant_id as string,
    keyId: k.json.key_id as string,
    key: k.json.api_key as string,
    publicKeyHex: t.json.public_key as string,
  };
}

/** Runs `python3 args` in the repository with `input` as JSON on stdin; answers its JSON output (throws its stderr). */
export async function python(args: string[], input: unknown): Promise<any> {
  const p = Bun.spawn(['python3', ...args], {
    cwd: ROOT,
    stdin: new Blob([JSON.stringify(input)]),
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  if ((await p.exited) !== 0) throw new Error(err);
  return JSON.parse(out);
}

/** SHA-256 hex with node:crypto, independent of the product's own helpers. */
export const sha = (x: string | Uint8Array): string => createHash('sha256').update(x).digest('hex');

/** A node:crypto Ed25519 public key from its 32 raw bytes as hex (proof responses) or base64url (GET /keys). */
export const pubKey = (hex: string): KeyObject => pubKeyB64(Buffer.from(hex, 'hex').toString('base64url'));
export const pubKeyB64 = (b64url: string): KeyObject =>
  createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: b64url }, format: 'jwk' });

/**
 * One HTTP/1.1 request written byte for byte over TLS (for what fetch refuses to send: header values
 * that are not UTF-8, raw bytes in the target). Answers the status, headers and body text.
 */
export async function rawCall(
  server: { port: number },
  head: Uint8Array | string,
  body: Uint8Array | string = new Uint8Array(),
  timeoutMs = 10_000,
): Promise<{ status: number; head: string; text: string }> {
  const { connect } = await import('node:tls');
  const chunks: Buffer[] = [];
  await new Promise<void>((done, fail) => {
    const s = connect({ host: '127.0.0.1', port: server.port, rejectUnauthorized: false }, () => {
      s.write(Buffer.concat([Buffer.from(head as string), Buffer.from(body as string)]));
    });
    const timer = setTimeout(() => {
      s.destroy();
      fail(new Error('no answer in time'));
    }, timeoutMs);
    s.on('data', (d: Buffer) => chunks.push(d));
    let error: Error | undefined;
    // A server that answers before reading the whole body closes the socket under the writer: the answer counts.
    s.on('error', (e) => {
      error = e;
    });
    s.on('close', () => {
      clearTimeout(timer);
      if (error && !chunks.length) fail(error);
      else done();
    });
  });
  const all = Buffer.concat(chunks).toString('latin1');
  const split = all.indexOf('\r\n\r\n');
  const headText = split < 0 ? all : all.slice(0, split);
  let rest = split < 0 ? '' : all.slice(split + 4);
  if (/\r\ntransfer-encoding: chunked/i.test(headText)) {
    let out = '';
    for (;;) {
      const nl = rest.indexOf('\r\n');
      const n = Number.parseInt(rest.slice(0, nl), 16);
      if (!n) break;
      out += rest.slice(nl + 2, nl + 2 + n);
      rest = rest.slice(nl + 2 + n + 2);
    }
    rest = out;
  }
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headText)?.[1] ?? 0),
    head: headText,
    text: Buffer.from(rest, 'latin1').toString('utf8'),
  };
}

/** The head of a raw request: `lines` are header lines (strings or bytes); Connection: close is added. */
export function rawHead(method: string, target: string | Uint8Array, lines: (string | Uint8Array)[] = []): Uint8Array {
  const crlf = Buffer.from('\r\n');
  const parts: Buffer[] = [
    Buffer.from(`${method} `),
    Buffer.from(target as string),
    Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n'),
  ];
  for (const l of lines) parts.push(Buffer.from(l as string), crlf);
  parts.push(crlf);
  return Buffer.concat(parts);
}
