// Start-up and logs: a start that cannot serve (port taken, a certificate that is not its key's) is refused before
// anything is written; stdout is JSON lines from its first byte; health checks are logged at debug, not info.
import { afterAll, describe, expect, it } from 'bun:test';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import selfsigned from 'selfsigned';
import pkg from '../../package.json' with { type: 'json' };
import { call, cleanupDirs, ownedDir, ROOT, startServer } from '../helpers';

afterAll(cleanupDirs);

/** `bun src/main.ts` run to its exit (a start that fails). */
async function start(env: Record<string, string>) {
  const p = Bun.spawn(['bun', 'src/main.ts'], {
    cwd: ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, SVC_HOST: '127.0.0.1', SVC_METRICS_ADDR: 'off', SVC_LOG_LEVEL: 'info', ...env },
  });
  const [stdout, stderr] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  return { code: await p.exited, stdout, stderr };
}

const pair = (cn: string) =>
  selfsigned.generate([{ name: 'commonName', value: cn }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
  } as never) as Promise<{ cert: string; private: string }>;

/** Every line of `out` parsed as JSON (throws at the first that is not). */
const jsonLines = (out: string) =>
  out
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { t: string; level: string; msg: string; [k: string]: unknown });

describe('checks before anything is written', () => {
  it('a port another process listens on: exit 1, one line naming it, the empty data directory left empty', async () => {
    const taken = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('other') });
    try {
      const data = ownedDir();
      const r = await start({ SVC_DATA_DIR: data, SVC_PORT: String(taken.port) });
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toEqual([expect.stringContaining(`127.0.0.1:${taken.port}`)]);
      expect(jsonLines(r.stdout)).toEqual([
        expect.objectContaining({ level: 'error', msg: 'start failed', error: expect.stringContaining('SVC_PORT') }),
      ]);
      expect(readdirSync(data)).toEqual([]);
      // A data directory that does not exist yet is not created either.
      const none = join(ownedDir(), 'not-yet');
      expect((await start({ SVC_DATA_DIR: none, SVC_PORT: String(taken.port) })).code).toBe(1);
      expect(existsSync(none)).toBe(false);
    } finally {
      taken.stop(true);
    }
  }, 30000);

  it('a certificate that does not match its key: exit 1, one line naming both files, the data directory left empty', async () => {
    const [a, b] = await Promise.all([pair('a.test'), pair('b.test')]);
    const files = ownedDir();
    const cert = join(files, 'cert.pem');
    const key = join(files, 'key.pem');
    writeFileSync(cert, a.cert);
    writeFileSync(key, b.private);
    const data = ownedDir();
    const r = await start({ SVC_DATA_DIR: data, SVC_PORT: '0', SVC_TLS_CERT: cert, SVC_TLS_KEY: key });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`${cert}.*${key}.*does not match the key`)),
    ]);
    expect(jsonLines(r.stdout).map((l) => l.msg)).toEqual(['start failed']);
    expect(readdirSync(data)).toEqual([]);
    writeFileSync(cert, 'not a certificate');
    const garbage = await start({ SVC_DATA_DIR: data, SVC_PORT: '0', SVC_TLS_CERT: cert, SVC_TLS_KEY: key });
    expect([garbage.code, garbage.stderr]).toEqual([1, expect.stringContaining('not a PEM X.509 certificate')]);
    expect(readdirSync(data)).toEqual([]);
  }, 30000);
});

describe('svc serve', () => {
  it('serves the data directory of --data-dir, and a configuration it refuses is a JSON log line too', async () => {
    const chosen = ownedDir();
    const p = Bun.spawn(['bun', 'src/cli/index.ts', 'serve', '--data-dir', chosen], {
      cwd: ROOT,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { ...process.env, SVC_DATA_DIR: ownedDir(), SVC_PORT: '0', SVC_HOST: '127.0.0.1', SVC_METRICS_ADDR: 'off' },
    });
    let out = '';
    const reader = p.stdout.getReader();
    while (!/listening on.*\n/.test(out)) {
      const { value, done } = await reader.read();
      if (done) break;
      out += new TextDecoder().decode(value);
    }
    p.kill('SIGTERM');
    await p.exited;
    const listening = jsonLines(out).find((l) => l.msg.startsWith('listening on'));
    expect(listening?.data_dir).toBe(chosen);
    const bad = Bun.spawn(['bun', 'src/cli/index.ts', 'serve'], {
      cwd: ROOT,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { ...process.env, SVC_DATA_DIR: ownedDir(), SVC_PORT: 'eighty' },
    });
    const [stdout, stderr] = await Promise.all([new Response(bad.stdout).text(), new Response(bad.stderr).text()]);
    expect(await bad.exited).toBe(1);
    expect(jsonLines(stdout)).toEqual([
      expect.objectContaining({ msg: 'start failed', error: expect.stringContaining('SVC_PORT') }),
    ]);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining('SVC_PORT')]);
  }, 60000);
});

describe('logs', () => {
  it('stdout is JSON lines from the first byte; the listening line carries the URLs; /healthz is logged at debug', async () => {
    const s = await startServer({ dataDir: ownedDir(), env: { SVC_LOG_LEVEL: 'info' } });
    for (const path of ['/healthz', '/healthz/primary', '/healthz/replica']) await call(s, 'GET', path);
    expect((await call(s, 'GET', '/v1/events')).status).toBe(401);
    await s.stop();
    const out = s.output();
    expect(out[0]).toBe('{');
    const lines = jsonLines(out);
    expect(lines[0]!.msg).toStartWith('first start: created tenant "default"');
    const listening = lines.find((l) => l.msg.startsWith('listening on'))!;
    expect(listening).toEqual(
      expect.objectContaining({
        level: 'info',
        msg: `listening on https://127.0.0.1:${s.port} (version ${pkg.version})`,
        version: expect.any(String),
        api: `https://127.0.0.1:${s.port}/v1`,
        console: 'npm run console',
        metrics: `http://127.0.0.1:${s.metricsPort}/metrics`,
      }),
    );
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.map((l) => l.route)).toEqual(['/v1/events']);
    expect(out).not.toContain('svc_live_');
  }, 60000);

  it('at SVC_LOG_LEVEL=debug the health checks are there, at debug', async () => {
    const s = await startServer({ dataDir: ownedDir(), env: { SVC_LOG_LEVEL: 'debug' } });
    await call(s, 'GET', '/healthz');
    await call(s, 'GET', '/healthz/primary');
    await s.stop();
    const health = jsonLines(s.output()).filter((l) => l.msg === 'request' && String(l.route).startsWith('/healthz'));
    expect(health.map((l) => [l.level, l.route])).toEqual([
      ['debug', '/healthz'],
      ['debug', '/healthz/primary'],
    ]);
  }, 60000);

  it('the start lines are written at SVC_LOG_LEVEL=error too', async () => {
    const s = await startServer({ dataDir: ownedDir(), env: { SVC_LOG_LEVEL: 'error' } });
    await s.stop();
    expect(jsonLines(s.output()).map((l) => l.msg.split(':')[0])).toEqual(['first start', 'listening on https']);
  }, 60000);
});
