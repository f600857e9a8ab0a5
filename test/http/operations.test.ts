// Running it as a service: the metrics listener (Prometheus text, parsed), TLS reload on SIGHUP, svc doctor,
// and the data format version refused by an older build.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { connect, type TLSSocket } from 'node:tls';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { open } from 'lmdb';
import parsePrometheusTextFormat, { type Family } from 'parse-prometheus-text-format';
import selfsigned from 'selfsigned';
import { FORMAT_VERSION } from '../../src/store/format';
import { call, cleanupDirs, cli, newTenant, ownedDir, ROOT, startServer, svc, until, type Server } from '../helpers';
import pkg from '../../package.json' with { type: 'json' };

const dir = ownedDir;
afterAll(cleanupDirs);

async function scrape(port: number): Promise<Family[]> {
  const r = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toContain('text/plain');
  return parsePrometheusTextFormat(await r.text());
}
const family = (fs: Family[], name: string): Family => {
  const f = fs.find((x) => x.name === name);
  if (!f) throw new Error(`metric ${name} missing`);
  return f;
};

describe('metrics listener (SVC_METRICS_ADDR)', () => {
  let s: Server;
  let tenantId: string;
  let eventId: string;
  beforeAll(async () => {
    s = await startServer({ dataDir: dir(), env: { SVC_STREAM_ALLOW_CIDRS: '127.0.0.0/8' } });
    const t = await newTenant(s.dataDir, 'metrics-secret-name.test', 'read,write,audit:read,audit:write', 'enterprise');
    tenantId = t.tenantId;
    const e = await call(s, 'POST', '/v1/events', { key: t.key, body: { event_type: 'm', payload: { a: 1 } } });
    eventId = e.body.event_id;
    await until(async () => (await call(s, 'GET', `/v1/events/${eventId}`, { key: t.key })).status === 200);
    await call(s, 'GET', '/v1/events/not-a-uuid', { key: t.key });
    await call(s, 'GET', '/no/such/route');
    await call(s, 'POST', '/v1/audit/orgs', { key: t.key, body: { organization_id: 'org-m', name: 'M' } });
    await call(s, 'POST', '/v1/audit/events', {
      key: t.key,
      body: { organization_id: 'org-m', action: 'a.b', actor: { type: 'u', id: 'x' } },
      headers: { 'idempotency-key': 'm1' },
    });
    expect(
      (
        await call(s, 'POST', '/v1/audit/orgs/org-m/streams', {
          key: t.key,
          body: { type: 'webhook', url: 'https://127.0.0.1:9/hook' },
        })
      ).status,
    ).toBe(201);
    expect(
      (await call(s, 'POST', '/v1/audit/exports', { key: t.key, body: { organization_id: 'org-m', format: 'csv' } }))
        .status,
    ).toBe(202);
  });
  afterAll(async () => {
    await s.stop();
  });

  it('answers GET /metrics in the Prometheus text format on its own plain-HTTP port, and nothing else', async () => {
    expect(s.metricsPort).toBeGreaterThan(0);
    expect(s.metricsPort).not.toBe(s.port);
    expect((await fetch(`http://127.0.0.1:${s.metricsPort}/v1/events`)).status).toBe(404);
    // The tenant-facing port does not expose it.
    expect((await call(s, 'GET', '/metrics')).status).toBe(404);
  });

  it('counts requests by route template and status, with a latency histogram', async () => {
    const fs = await scrape(s.metricsPort!);
    const reqs = family(fs, 'proof_ledger_http_requests_total');
    expect(reqs.type).toBe('COUNTER');
    const find = (method: string, route: string, status: string) =>
      reqs.metrics.find((m) => m.labels?.method === method && m.labels?.route === route && m.labels?.status === status);
    expect(Number(find('POST', '/v1/events', '201')?.value)).toBeGreaterThanOrEqual(1);
    expect(Number(find('GET', '/v1/events/:event_id', '400')?.value)).toBe(1);
    expect(Number(find('GET', 'unmatched', '404')?.value)).toBeGreaterThanOrEqual(1);
    expect(family(fs, 'proof_ledger_http_request_duration_seconds').type).toBe('HISTOGRAM');
    // The parser folds labelled histograms into one label-less sample, so their series are read from the text.
    const text = await (await fetch(`http://127.0.0.1:${s.metricsPort}/metrics`)).text();
    const count =
      /^proof_ledger_http_request_duration_seconds_count\{method="POST",route="\/v1\/events"\} (\d+)$/m.exec(text);
    expect(Number(count?.[1])).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(
      /^proof_ledger_http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/v1\/events"\} \d+$/m,
    );
  });

  it('reports queues, writer batches, streams, exports, the store, the disk and the certificate', async () => {
    // The writer's group commits: transactions and the writes they held (the test above wrote several).
    const fs = await until(async () => {
      const f = await scrape(s.metricsPort!);
      return Number(family(f, 'proof_ledger_writer_items_total').metrics[0]?.value) >= 2 ? f : null;
    });
    const batches = Number(family(fs, 'proof_ledger_writer_batches_total').metrics[0]!.value);
    const items = Number(family(fs, 'proof_ledger_writer_items_total').metrics[0]!.value);
    expect(batches).toBeGreaterThanOrEqual(1);
    expect(items).toBeGreaterThanOrEqual(batches);
    expect(Number(family(fs, 'proof_ledger_writer_max_batch_size').metrics[0]!.value)).toBeGreaterThanOrEqual(1);
    // Where the writer's time went: signing and LMDB's flush take time; nothing streams on a single node.
    const phase = (p: string) =>
      Number(family(fs, 'proof_ledger_writer_seconds_total').metrics.find((m) => m.labels?.phase === p)?.value);
    expect(phase('prepare')).toBeGreaterThan(0);
    expect(phase('commit')).toBeGreaterThan(0);
    expect(phase('stream')).toBe(0);
    const depth = family(fs, 'proof_ledger_queue_depth').metrics;
    expect(depth.map((m) => m.labels?.queue)).toEqual(['writer']);
    expect(family(fs, 'proof_ledger_queue_oldest_age_seconds').metrics.length).toBe(1);
    const states = family(fs, 'proof_ledger_stream_state').metrics.filter((m) => m.value === '1');
    expect(states.length).toBe(1);
    expect(states[0]!.labels).toEqual(expect.objectContaining({ tenant_id: tenantId }));
    expect(['active', 'failing']).toContain(states[0]!.labels!.state!);
    expect(family(fs, 'proof_ledger_stream_lag_events').metrics.length).toBe(1);
    const jobs = family(fs, 'proof_ledger_export_jobs').metrics;
    expect(jobs.reduce((a, m) => a + Number(m.value), 0)).toBe(1);
    expect(Number(family(fs, 'proof_ledger_lmdb_map_used_bytes').metrics[0]!.value)).toBeGreaterThan(0);
    expect(Number(family(fs, 'proof_ledger_lmdb_map_size_bytes').metrics[0]!.value)).toBeGreaterThan(
      Number(family(fs, 'proof_ledger_lmdb_map_used_bytes').metrics[0]!.value),
    );
    expect(Number(family(fs, 'proof_ledger_disk_free_bytes').metrics[0]!.value)).toBeGreaterThan(0);
    expect(Number(family(fs, 'proof_ledger_tls_certificate_expiry_seconds').metrics[0]!.value)).toBeGreaterThan(
      Date.now() / 1000,
    );
  }, 30000);

  it('keeps tenant names, record ids and secrets out of labels', async () => {
    const text = await (await fetch(`http://127.0.0.1:${s.metricsPort}/metrics`)).text();
    expect(text).not.toContain('metrics-secret-name');
    expect(text).not.toContain(eventId);
    expect(text).not.toContain('svc_live_');
    expect(text).not.toContain('org-m');
    const allowed = new Set([
      'method',
      'route',
      'status',
      'le',
      'queue',
      'writer',
      'tenant_id',
      'stream_id',
      'state',
      'log',
      'version',
      'major',
      'minor',
      'patch',
      'type',
      'space',
      'kind',
      'phase',
    ]);
    for (const f of parsePrometheusTextFormat(text))
      for (const m of f.metrics) for (const k of Object.keys(m.labels ?? {})) expect(allowed.has(k)).toBe(true);
  });

  it('is not started with SVC_METRICS_ADDR=off', async () => {
    const off = await startServer({ dataDir: dir(), env: { SVC_METRICS_ADDR: 'off' } });
    expect(off.metricsPort).toBeNull();
    expect(off.output()).toContain('"metrics":null');
    await off.stop();
  }, 30000);

  it('logs one error line when its address is taken, and the API keeps serving', async () => {
    const second = await startServer({ dataDir: dir(), env: { SVC_METRICS_ADDR: `127.0.0.1:${s.metricsPort}` } });
    try {
      expect(second.metricsPort).toBeNull();
      expect((await call(second, 'GET', '/healthz')).status).toBe(200);
      // Log lines are flushed just after the listening line.
      await until(() => second.output().includes('metrics listener not started'));
      const errors = second
        .output()
        .split('\n')
        .filter((l) => l.includes('"level":"error"') && l.includes('metrics'));
      expect(errors.length).toBe(1);
      expect(errors[0]).toContain('metrics listener not started');
    } finally {
      await second.stop();
    }
  }, 30000);
});

describe('SIGHUP', () => {
  const certFor = async (cn: string) =>
    selfsigned.generate([{ name: 'commonName', value: cn }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notAfterDate: new Date(Date.now() + 30 * 86400_000),
    } as never);
  const peerCn = (port: number) =>
    new Promise<string>((resolve, reject) => {
      const c = connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
        resolve(String(c.getPeerCertificate().subject.CN));
        c.end();
      });
      c.on('error', reject);
    });

  it('reloads SVC_TLS_CERT / SVC_TLS_KEY: every new handshake presents the new certificate, and an idle keep-alive connection opened before carries on', async () => {
    const d = dir();
    const cert = join(d, 'cert.pem');
    const key = join(d, 'key.pem');
    const a = await certFor('first.test');
    writeFileSync(cert, a.cert);
    writeFileSync(key, a.private);
    const s = await startServer({ dataDir: dir(), env: { SVC_TLS_CERT: cert, SVC_TLS_KEY: key } });
    try {
      expect(await peerCn(s.port)).toBe('first.test');
      const kept: TLSSocket = await new Promise((resolve, reject) => {
        const c = connect({ host: '127.0.0.1', port: s.port, rejectUnauthorized: false }, () => resolve(c));
        c.on('error', reject);
      });
      let closed = false;
      kept.on('close', () => {
        closed = true;
      });
      const ask = (close: boolean) =>
        new Promise<string>((resolve) => {
          kept.once('data', (d) => resolve(String(d)));
          kept.write(
            `GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: ${close ? 'close' : 'keep-alive'}\r\n\r\n`,
          );
        });
      // An HTTP keep-alive connection with one answered request, idle from here on.
      expect(await ask(false)).toStartWith('HTTP/1.1 200');
      const b = await certFor('second.test');
      writeFileSync(cert, b.cert);
      writeFileSync(key, b.private);
      s.proc.kill('SIGHUP');
      // The old listener is retired once 20 new handshakes in a row meet the new certificate (while both listeners
      // accept, each new connection has even odds of reaching either).
      await until(
        async () => {
          for (let i = 0; i < 20; i++) if ((await peerCn(s.port)) !== 'second.test') return false;
          return true;
        },
        15000,
        50,
      );
      // The connection opened before the reload, idle all along, still answers.
      expect(closed).toBe(false);
      expect(await ask(true)).toStartWith('HTTP/1.1 200');
      kept.destroy();
      expect((await call(s, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await s.stop();
    }
  }, 30000);
});

describe('svc doctor', () => {
  it('answers {ok: true} on a healthy data directory, and one line per problem with exit 1 otherwise', async () => {
    const s = await startServer({ dataDir: dir() });
    await s.stop();
    // What the first start says to do with the bootstrap key file (doctor reports it until then, below).
    rmSync(join(s.dataDir, 'bootstrap-api-key'));
    const ok = await cli(s.dataDir, 'doctor', '--env-file', '/dev/null');
    expect(ok.code).toBe(0);
    expect(ok.json).toEqual(expect.objectContaining({ ok: true, problems: [], version: pkg.version }));
    expect(ok.json.checked).toEqual([
      'permissions',
      'bootstrap key',
      'env file',
      'disk',
      'clock',
      'certificate',
      'store',
    ]);
    chmodSync(join(s.dataDir, 'master.key'), 0o644);
    const expiring = await selfsigned.generate([{ name: 'commonName', value: 'soon.test' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notAfterDate: new Date(Date.now() + 2 * 86400_000),
    } as never);
    writeFileSync(join(s.dataDir, 'tls', 'cert.pem'), expiring.cert);
    writeFileSync(join(s.dataDir, 'tls', 'key.pem'), expiring.private);
    const bad = await cli(s.dataDir, 'doctor');
    expect(bad.code).toBe(1);
    expect(bad.json.ok).toBe(false);
    expect(bad.json.problems.length).toBe(2);
    expect(bad.json.problems.some((p: string) => p.includes('master key') && p.includes('644'))).toBe(true);
    expect(bad.json.problems.some((p: string) => p.startsWith('certificate:') && p.includes('expires in'))).toBe(true);
    const text = Bun.spawn(['bun', 'src/cli/index.ts', '--data-dir', s.dataDir, 'doctor'], {
      cwd: ROOT,
      stdout: 'pipe',
      stderr: 'pipe',
    });
    // The version, then one line per problem.
    expect((await new Response(text.stdout).text()).trim().split('\n')).toEqual([
      `proof-ledger ${pkg.version}`,
      expect.stringContaining('master key'),
      expect.stringContaining('expires in'),
    ]);
    expect(await text.exited).toBe(1);
  }, 30000);

  it("reports a certificate that is not its key's, and a bootstrap key file left in the data directory", async () => {
    const d = dir();
    const s = await startServer({ dataDir: d });
    await s.stop();
    const other = await selfsigned.generate([{ name: 'commonName', value: 'other.test' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
    } as never);
    writeFileSync(join(d, 'tls', 'cert.pem'), other.cert);
    const r = await cli(d, 'doctor', '--env-file', '/dev/null');
    expect(r.code).toBe(1);
    expect(r.json.problems).toEqual([
      expect.stringMatching(/^bootstrap key: .*bootstrap-api-key still holds/),
      expect.stringMatching(/^certificate: .*does not match the key/),
    ]);
    // The server refuses the same pair at start, before it writes anything.
    const p = Bun.spawn(['bun', 'src/main.ts'], {
      cwd: ROOT,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { ...process.env, SVC_DATA_DIR: d, SVC_PORT: '0', SVC_HOST: '127.0.0.1', SVC_METRICS_ADDR: 'off' },
    });
    const stderr = await new Response(p.stderr).text();
    expect(await p.exited).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining('does not match the key')]);
  }, 30000);

  it('compares the env file the service runs with against its own environment (names only, never values)', async () => {
    const d = dir();
    const envFile = join(d, 'env');
    writeFileSync(
      envFile,
      '# settings of the service\nSVC_LOG_LEVEL=warn\nSVC_PUBLIC_URL="https://proofs.example"\nOTHER=ignored\n',
      { mode: 0o640 },
    );
    const run = (env: Record<string, string>) =>
      svc(['--data-dir', d, 'doctor', '--env-file', envFile], { SVC_LOG_LEVEL: '', ...env });
    const missing = await run({});
    expect(missing.code).toBe(1);
    expect(missing.json.env_file).toEqual({
      path: envFile,
      present: true,
      readable: true,
      not_in_environment: ['SVC_LOG_LEVEL', 'SVC_PUBLIC_URL'],
    });
    const line = missing.json.problems.find((p: string) => p.startsWith('env file:'));
    expect(line).toContain(`set -a; . ${envFile}; set +a`);
    expect(line).not.toContain('proofs.example');
    const loaded = await run({ SVC_LOG_LEVEL: 'warn', SVC_PUBLIC_URL: 'https://proofs.example' });
    expect(loaded.json.env_file.not_in_environment).toEqual([]);
    expect(loaded.json.problems.some((p: string) => p.startsWith('env file'))).toBe(false);
    // What docs/operations.md says to run: the shell loads the file as systemd does.
    const sourced = Bun.spawnSync(
      ['sh', '-c', `set -a; . "$0"; set +a; exec bun src/cli/index.ts --json doctor --env-file "$0"`, envFile],
      { cwd: ROOT, env: { PATH: process.env.PATH!, SVC_DATA_DIR: d } },
    );
    expect(JSON.parse(sourced.stdout.toString()).env_file.not_in_environment).toEqual([]);
    chmodSync(envFile, 0o644);
    const readable = await run({ SVC_LOG_LEVEL: 'warn', SVC_PUBLIC_URL: 'https://proofs.example' });
    expect(readable.json.problems).toContainEqual(expect.stringMatching(/^env file .* is readable by every user/));
    const absent = await svc(['--data-dir', d, 'doctor', '--env-file', join(d, 'nope')]);
    expect(absent.json.problems).toContainEqual(expect.stringMatching(/^env file .*nope does not exist/));
  }, 30000);

  it('reports a broken configuration as a problem', async () => {
    const p = Bun.spawn(['bun', 'src/cli/index.ts', '--json', 'doctor'], {
      cwd: ROOT,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { ...process.env, SVC_PORT: 'eighty', SVC_DATA_DIR: dir() },
    });
    const out = JSON.parse(await new Response(p.stdout).text());
    expect(await p.exited).toBe(1);
    expect(out.ok).toBe(false);
    expect(out.problems[0]).toContain('SVC_PORT');
  });
});

describe('data format version', () => {
  it('a directory written by a newer build is refused by the server and the CLI with one line', async () => {
    const s = await startServer({ dataDir: dir() });
    await s.stop();
    const env = open({ path: join(s.dataDir, 'db'), maxDbs: 64 });
    await env.openDB({ name: 'meta' }).put('format_version', 99);
    await env.close();
    const p = Bun.spawn(['bun', 'src/main.ts'], {
      cwd: ROOT,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { ...process.env, SVC_DATA_DIR: s.dataDir, SVC_PORT: '0', SVC_METRICS_ADDR: 'off' },
    });
    const stderr = await new Response(p.stderr).text();
    expect(await p.exited).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringContaining(`data directory format 99 is newer than this build supports (${FORMAT_VERSION})`),
    ]);
    const c = await cli(s.dataDir, 'tenant', 'list');
    expect(c.code).toBe(1);
    expect(c.stderr.trim().split('\n').length).toBe(1);
    expect(c.stderr).toContain('format 99');
  }, 30000);
});
