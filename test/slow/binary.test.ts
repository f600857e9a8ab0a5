// The compiled executable: `npm run build` (and the single-file verifier it writes beside it), dist/proof-ledger alone copied into an empty directory and run with a
// PATH that holds nothing (no node, npm or bun): serve, the CLI, the console (tmux), one signed ingest with its proof,
// and a PDF proof read back with pdftotext (the parts that need embedded workers, fonts, terminal data and pages).
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { verify } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import pkg from '../../package.json' with { type: 'json' };
import { call, cleanup, pubKey, ROOT, type Ran, runCommand, tempDir, until } from '../helpers';

const work = tempDir('svc-binary-');
const bin = join(work, 'app', 'proof-ledger');
const data = join(work, 'data');
/** An empty directory as the whole PATH. */
const emptyPath = join(work, 'no-tools');
let server: Subprocess<'ignore', 'pipe', 'pipe'> | null = null;
let out = '';
let url = '';

afterAll(async () => {
  server?.kill('SIGTERM');
  await server?.exited;
  cleanup(work);
});

async function run(...args: string[]): Promise<Ran> {
  const r = await runCommand([bin, ...args], {
    cwd: work,
    env: { PATH: emptyPath, HOME: work, SVC_DATA_DIR: data, SVC_LOG_LEVEL: 'warn' },
  });
  // The msgpack encoder of the store is compiled in: no command may run without it.
  expect(r.stderr).not.toContain('consider using encoder');
  return r;
}

beforeAll(async () => {
  const build = Bun.spawn(['bun', 'scripts/build.ts'], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' });
  const [bout, berr] = await Promise.all([new Response(build.stdout).text(), new Response(build.stderr).text()]);
  if ((await build.exited) !== 0) throw new Error(`build failed:\n${bout}\n${berr}`);
  // Only the executable travels: no node_modules, no source tree, nothing beside it, no tool on PATH.
  mkdirSync(join(work, 'app'));
  copyFileSync(join(ROOT, 'dist', 'proof-ledger'), bin);
  chmodSync(bin, 0o755);
  mkdirSync(emptyPath);
}, 300000);

describe('dist/proof-ledger', () => {
  it('is one executable, in dist/ with only the single-file verifier beside it', () => {
    expect(readdirSync(join(ROOT, 'dist')).sort()).toEqual(['proof-ledger', 'verify.html']);
    expect(readdirSync(join(work, 'app'))).toEqual(['proof-ledger']);
    expect(readdirSync(emptyPath)).toEqual([]);
  });

  it("answers --version (package.json's), --help, and refuses an unknown flag with exit 2", async () => {
    const v = await run('--version');
    expect([v.code, v.stdout, v.stderr]).toEqual([0, `proof-ledger ${pkg.version}\n`, '']);
    expect((await run('svc', '--version', '--json')).json).toEqual({ version: pkg.version });
    const help = await run('--help');
    expect(help.code).toBe(0);
    for (const c of ['serve', 'console', 'tenant create', 'doctor']) expect(help.stdout).toContain(`  ${c} `);
    const cmd = await run('svc', 'retention', 'run', '--help');
    expect([cmd.code, cmd.stdout.split('\n')[0]]).toEqual([0, 'Usage: proof-ledger retention run [--as-of RFC3339]']);
    const bad = await run('svc', 'retention', 'run', '--dry-run', 'yes');
    expect([bad.code, bad.stderr]).toEqual([2, 'error: unknown flag --dry-run for proof-ledger retention run\n']);
    expect(existsSync(data)).toBe(false);
  });

  it('serves on a fresh data directory and prints its listening line', async () => {
    server = Bun.spawn([bin, 'serve'], {
      cwd: work,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PATH: emptyPath,
        HOME: work,
        SVC_DATA_DIR: data,
        SVC_PORT: '0',
        SVC_HOST: '127.0.0.1',
        SVC_METRICS_ADDR: '127.0.0.1:0',
        SVC_LOG_LEVEL: 'info',
      },
    });
    const reader = server.stdout.getReader();
    const port = await until(
      async () => {
        const { value, done } = await reader.read();
        if (done) throw new Error(`exited:\n${out}\n${await new Response(server!.stderr).text()}`);
        out += new TextDecoder().decode(value);
        return /listening on https:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1];
      },
      30000,
      1,
    );
    (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        out += new TextDecoder().decode(value);
      }
    })();
    url = `https://127.0.0.1:${port}`;
    expect((await call({ url }, 'GET', '/healthz')).body).toEqual({ status: 'ok', version: pkg.version });
    // JSON lines from the first byte; the metric carries the version too.
    const first = out.split('\n').filter(Boolean);
    for (const l of first) expect(() => JSON.parse(l)).not.toThrow();
    const metrics = JSON.parse(first.find((l) => l.includes('listening on'))!).metrics as string;
    expect(await (await fetch(metrics)).text()).toContain(`proof_ledger_build_info{version="${pkg.version}"} 1`);
  }, 60000);

  it('runs the CLI (svc tenant create, key create) and a signed ingest whose proof verifies with node:crypto', async () => {
    const t = await run(
      'svc',
      'tenant',
      'create',
      '--name',
      'Binary Co',
      '--domain',
      'binary.test',
      '--plan',
      'enterprise',
      '--json',
    );
    expect(t.stderr).toBe('');
    expect(t.code).toBe(0);
    const k = await run(
      'svc',
      'key',
      'create',
      '--tenant',
      'binary.test',
      '--name',
      'b',
      '--scopes',
      'read,write,audit:read,audit:write',
      '--json',
    );
    expect(k.code).toBe(0);
    const key = k.json.api_key as string;
    const e = await call({ url }, 'POST', '/v1/events', {
      key,
      body: { event_type: 'binary.check', payload: { n: 1 } },
    });
    expect(e.status).toBe(201);
    const proof = await until(async () => {
      const p = await call({ url }, 'GET', `/v1/proof/event/${e.body.event_id}`);
      return p.status === 200 ? p.body : null;
    });
    expect(proof.public_key).toBe(t.json.public_key);
    expect(
      verify(
        null,
        Buffer.from(proof.signed_payload, 'hex'),
        pubKey(proof.public_key),
        Buffer.from(proof.signature, 'hex'),
      ),
    ).toBe(true);

    // The audit writer thread, the CSV export thread, the PDF fonts and the page bundles are all inside.
    expect(
      (await call({ url }, 'POST', '/v1/audit/orgs', { key, body: { organization_id: 'o1', name: 'O' } })).status,
    ).toBe(201);
    expect(
      (
        await call({ url }, 'POST', '/v1/audit/events', {
          key,
          body: { organization_id: 'o1', action: 'a.b', actor: { type: 'u', id: '1' } },
          headers: { 'idempotency-key': 'b1' },
        })
      ).status,
    ).toBe(201);
    await until(async () => (await call({ url }, 'GET', '/v1/audit/orgs/o1', { key })).body?.last_seq === 1);
    const job = await call({ url }, 'POST', '/v1/audit/exports', {
      key,
      body: { organization_id: 'o1', format: 'csv' },
    });
    const ready = await until(async () => {
      const j = await call({ url }, 'GET', `/v1/audit/exports/${job.body.id}`, { key });
      return j.body.status === 'ready' ? j.body : null;
    });
    expect(ready.row_count).toBe(1);
    const tr = await call({ url }, 'POST', '/v1/traces', { key, body: { label: 'binary-pdf-label' } });
    await call({ url }, 'POST', '/v1/events', {
      key,
      body: { event_type: 'in.trace', payload: {}, trace_id: tr.body.trace_id },
    });
    expect((await call({ url }, 'POST', `/v1/traces/${tr.body.trace_id}/seal`, { key })).status).toBe(202);
    await until(
      async () => (await call({ url }, 'GET', `/v1/traces/${tr.body.trace_id}`, { key })).body.status === 'sealed',
    );
    const pdf = await fetch(`${url}/v1/traces/${tr.body.trace_id}/proof.pdf`, {
      headers: { authorization: `Bearer ${key}` },
      tls: { rejectUnauthorized: false },
    } as RequestInit);
    expect(pdf.status).toBe(200);
    const pdfFile = join(work, 'proof.pdf');
    writeFileSync(pdfFile, Buffer.from(await pdf.arrayBuffer()));
    // Read back by poppler: the embedded DejaVu fonts and the trace's own text.
    const text = Bun.spawnSync(['pdftotext', pdfFile, '-']).stdout.toString().replace(/\s+/g, '');
    expect(text).toContain('binary-pdf-label');
    expect(text).toContain(tr.body.trace_id);
    const fonts = Bun.spawnSync(['pdffonts', pdfFile]).stdout.toString();
    expect(fonts).toContain('DejaVuSans');
    expect(fonts).toContain('DejaVuSansMono');
    const page = await call({ url }, 'GET', `/proof/event/${e.body.event_id}`);
    const script = /src="(\/assets\/proof\.js[^"]*)"/.exec(page.text)![1]!;
    expect((await call({ url }, 'GET', script)).status).toBe(200);
    // The single-file verifier is embedded: the executable serves the bytes `npm run build` wrote beside it.
    const verifier = await call({ url }, 'GET', '/verify.html');
    expect([verifier.status, verifier.text]).toEqual([200, readFileSync(join(ROOT, 'dist', 'verify.html'), 'utf8')]);
    expect(verifier.text).toContain("connect-src 'none'");
    expect((await call({ url }, 'GET', '/openapi.json')).body.openapi).toBe('3.1.0');
    expect(out).not.toContain('"level":"error"');
    expect(out).not.toContain('consider using encoder');
    for (const l of out.split('\n').filter(Boolean)) expect(() => JSON.parse(l)).not.toThrow();
  }, 120000);

  // A $TERM the system has no description of: blessed falls back on the terminal data embedded in the executable.
  it('runs the console in a terminal (tmux) and shows the tenants', async () => {
    const socket = `svc-binary-${process.pid}`;
    const tmux = (...args: string[]) =>
      Bun.spawnSync(['tmux', '-L', socket, ...args], { stdout: 'pipe', stderr: 'pipe' }).stdout.toString();
    tmux(
      'new-session',
      '-d',
      '-s',
      'c',
      '-x',
      '100',
      '-y',
      '30',
      `cd ${work} && exec env -i PATH=${emptyPath} HOME=${work} TERM=proof-ledger-unknown-term SVC_DATA_DIR=${data} ${bin} console`,
    );
    try {
      const screen = await until(
        () => {
          const t = tmux('capture-pane', '-p', '-t', 'c');
          return t.includes('binary.test') ? t : null;
        },
        20000,
        100,
      );
      expect(screen).toContain('localhost');
      tmux('send-keys', '-t', 'c', 'q');
    } finally {
      tmux('kill-server');
    }
  }, 60000);

  it('answers svc doctor and svc backup against the running server', async () => {
    // The first start's key file is reported until it is deleted, as the first start says to.
    const leftover = await run('svc', 'doctor', '--json');
    expect([leftover.code, leftover.json.problems]).toEqual([1, [expect.stringContaining('bootstrap-api-key')]]);
    rmSync(join(data, 'bootstrap-api-key'));
    const d = await run('svc', 'doctor', '--json');
    expect(d.json).toEqual(expect.objectContaining({ ok: true, version: pkg.version }));
    const b = await run('svc', 'backup', '--to', join(work, 'backup'), '--json');
    expect(b.code).toBe(0);
    expect(b.json.records).toBeGreaterThanOrEqual(3);
  }, 60000);
});
