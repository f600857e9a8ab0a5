// Behind proxies (SVC_TRUSTED_PROXIES): key IP allowlists, the per-IP public limit and the HTTPS check of SVC_TLS=off
// ignore X-Forwarded-For and X-Forwarded-Proto forged by untrusted peers, and work through a real HTTP proxy whose
// address is trusted. Loopback has many addresses: clients connect from 127.0.0.1, .3 and .4, the proxy from .2.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, cleanupDirs, cli, ownedDir, ROOT, startServer, until, type Server } from '../helpers';

const PROXY_ADDRESS = '127.0.0.2';
let direct: Server; // TLS on, no trusted proxy
let behind: Server; // TLS off, trusting only 127.0.0.2
let proxy: http.Server;
let proxyPort = 0;

/** A plain-HTTP request from local address `from` to `port`; answers status and parsed body. */
function request(
  port: number,
  from: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  return new Promise((done, fail) => {
    const r = http.request({ host: '127.0.0.1', port, path, headers, localAddress: from, agent: false }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        let body: any = null;
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
        done({ status: res.statusCode!, body });
      });
    });
    r.on('error', fail);
    r.end();
  });
}
const viaProxy = (from: string, path: string, headers: Record<string, string> = {}) =>
  request(proxyPort, from, path, headers);
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A key of the default tenant accepted from `cidr` only, made with the CLI. */
async function keyFrom(s: Server, cidr: string): Promise<string> {
  const k = await cli(
    s.dataDir,
    'key',
    'create',
    '--tenant',
    'localhost',
    '--name',
    'l',
    '--scopes',
    'read',
    '--allow-ip',
    cidr,
  );
  expect(k.code).toBe(0);
  return k.json.api_key;
}

const RPS = 3;
/**
 * `n` requests at once, and how many passed and were refused. The budget is per second of the server's clock (this
 * machine's): over the seconds the burst spans, at most RPS x seconds can pass, the rest must be refused 429.
 */
async function burst(n: number, send: (i: number) => Promise<{ status: number }>) {
  const t0 = Date.now();
  const statuses = (await Promise.all(Array.from({ length: n }, (_, i) => send(i)))).map((r) => r.status);
  const seconds = Math.floor(Date.now() / 1000) - Math.floor(t0 / 1000) + 1;
  const passed = statuses.filter((s) => s === 200).length;
  expect(passed + statuses.filter((s) => s === 429).length).toBe(n);
  return { passed, allowed: RPS * seconds };
}

beforeAll(async () => {
  direct = await startServer({ dataDir: ownedDir(), env: { SVC_PUBLIC_RPS: String(RPS) } });
  behind = await startServer({
    dataDir: ownedDir(),
    env: {
      SVC_TLS: 'off',
      SVC_TRUSTED_PROXIES: `${PROXY_ADDRESS}/32`,
      SVC_PUBLIC_RPS: String(RPS),
      SVC_LOG_LEVEL: 'info',
    },
  });
  // A TLS-terminating proxy as one is configured: it appends the address it received the request from to
  // X-Forwarded-For, says https in X-Forwarded-Proto, and reaches the appliance from its own address.
  proxy = http.createServer((req, res) => {
    const seen = req.headers['x-forwarded-for'];
    const headers = {
      ...req.headers,
      'x-forwarded-for': `${seen ? `${seen}, ` : ''}${req.socket.remoteAddress}`,
      'x-forwarded-proto': 'https',
    };
    // A connection per request (agent: false): a kept-alive upstream connection the appliance has meanwhile closed
    // would make the proxy hang up on its client.
    const up = http.request(
      {
        host: '127.0.0.1',
        port: behind.port,
        method: req.method,
        path: req.url,
        headers,
        localAddress: PROXY_ADDRESS,
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok));
  proxyPort = (proxy.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => {
  proxy.close();
  await direct.stop();
  await behind.stop();
  cleanupDirs();
});

describe('without a trusted proxy, forwarded headers count for nothing', () => {
  it('an IP allowlist holds against a forged X-Forwarded-For', async () => {
    const tenNet = await keyFrom(direct, '10.0.0.0/8');
    const forged = await call(direct, 'GET', '/v1/events', { key: tenNet, headers: { 'x-forwarded-for': '10.1.2.3' } });
    expect([forged.status, forged.body.error]).toEqual([403, 'ip_not_allowed']);
    const loop = await keyFrom(direct, '127.0.0.1/32');
    const real = await call(direct, 'GET', '/v1/events', { key: loop, headers: { 'x-forwarded-for': '10.1.2.3' } });
    expect(real.status).toBe(200);
  });

  it('the per-IP public limit holds against a different X-Forwarded-For on every request', async () => {
    const { passed, allowed } = await burst(30, (i) =>
      call(direct, 'GET', '/keys/localhost', { headers: { 'x-forwarded-for': `198.51.100.${i}` } }),
    );
    expect(passed).toBeLessThanOrEqual(allowed);
    expect(passed).toBeLessThan(30);
  });

  it('with SVC_TLS=off, X-Forwarded-Proto: https from an untrusted peer is refused 403 https_required', async () => {
    for (const from of ['127.0.0.1', '127.0.0.3']) {
      const r = await request(behind.port, from, '/healthz', {
        'x-forwarded-proto': 'https',
        'x-forwarded-for': PROXY_ADDRESS,
      });
      expect([from, r.status, r.body.error]).toEqual([from, 403, 'https_required']);
    }
  });

  it('SVC_TLS=off without SVC_TRUSTED_PROXIES does not start, naming the variable', async () => {
    const p = Bun.spawn(['bun', 'src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, SVC_DATA_DIR: ownedDir(), SVC_PORT: '0', SVC_TLS: 'off', SVC_METRICS_ADDR: 'off' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [code, stderr] = await Promise.all([p.exited, new Response(p.stderr).text()]);
    expect(code).toBe(1);
    expect(stderr).toContain('SVC_TRUSTED_PROXIES');
  });
});

describe('through a trusted proxy', () => {
  it('answers what arrived over the proxy (it says https), and refuses the same request sent past it', async () => {
    expect((await viaProxy('127.0.0.3', '/healthz')).status).toBe(200);
    expect((await request(behind.port, '127.0.0.3', '/healthz', { 'x-forwarded-proto': 'https' })).status).toBe(403);
  });

  it("applies a key's IP allowlist to the client the proxy names, not to the proxy or to what the client forged", async () => {
    const key = await keyFrom(behind, '127.0.0.3/32');
    expect((await viaProxy('127.0.0.3', '/v1/events', bearer(key))).status).toBe(200);
    const other = await viaProxy('127.0.0.4', '/v1/events', bearer(key));
    expect([other.status, other.body.error]).toEqual([403, 'ip_not_allowed']);
    // The client's own X-Forwarded-For is kept on the left by the proxy; the appliance reads from the right.
    const forged = await viaProxy('127.0.0.4', '/v1/events', { ...bearer(key), 'x-forwarded-for': '127.0.0.3' });
    expect([forged.status, forged.body.error]).toEqual([403, 'ip_not_allowed']);
    const proxyKey = await keyFrom(behind, `${PROXY_ADDRESS}/32`);
    expect((await viaProxy('127.0.0.3', '/v1/events', bearer(proxyKey))).status).toBe(403);
  });

  it('charges the per-IP public limit to each client behind the proxy, not to the proxy', async () => {
    const other = viaProxy('127.0.0.4', '/keys/localhost');
    const { passed, allowed } = await burst(30, (i) =>
      viaProxy('127.0.0.3', '/keys/localhost', { 'x-forwarded-for': `198.51.100.${i}` }),
    );
    // One client used up its budget (forged X-Forwarded-For values did not help it); the other still has its own.
    expect(passed).toBeLessThanOrEqual(allowed);
    expect(passed).toBeLessThan(30);
    expect((await other).status).toBe(200);
  });

  it('logs the client the proxy names', async () => {
    // A route logged at info (health checks are logged at debug).
    expect((await viaProxy('127.0.0.4', '/v1/events')).status).toBe(401);
    const line = await until(() =>
      behind
        .output()
        .split('\n')
        .find((l) => l.includes('"route":"/v1/events"') && l.includes('"client_ip":"127.0.0.4"')),
    );
    expect(JSON.parse(line).client_ip).toBe('127.0.0.4');
    expect(behind.output()).not.toContain(`"client_ip":"${PROXY_ADDRESS}"`);
  });
});
