// The local TSA recipe of docs/operations.md ("A local TSA with `openssl ts`"), run as written: its shell block
// makes the CA and the TSA certificate, its server answers, OpenSSL verifies a reply, and the appliance keeps a
// token from it over a head.
import { afterAll, describe, expect, it } from 'bun:test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { call, cleanupDirs, ownedDir, ROOT, startServer, until, type Server } from '../helpers';
import { freePort } from '../ports';

const doc = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
const section = doc.slice(doc.indexOf('### A local TSA with `openssl ts`'), doc.indexOf('\n## Upgrading'));
const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, text: m[2]! }));

const dir = ownedDir();
let tsa: Subprocess | null = null;
let s: Server | null = null;
afterAll(async () => {
  tsa?.kill();
  await s?.stop();
  cleanupDirs();
});

/** The recipe's text with this test's directory and port. */
const here = (text: string, port: number) =>
  text.replaceAll('/etc/proof-ledger/tsa', dir).replaceAll('http://127.0.0.1:3161', `http://127.0.0.1:${port}`);

function sh(script: string): { code: number; out: string } {
  const r = Bun.spawnSync(['sh', '-ec', script], { cwd: dir, stdout: 'pipe', stderr: 'pipe' });
  return { code: r.exitCode, out: r.stdout.toString() + r.stderr.toString() };
}

describe('a local TSA with openssl ts (docs/operations.md)', () => {
  it('has the three blocks: the certificates, the server, the check', () => {
    expect(blocks.map((b) => b.lang)).toEqual(['sh', 'js', 'sh']);
  });

  it('makes the certificates, answers queries that openssl ts -verify accepts, and the appliance keeps its tokens', async () => {
    const port = await freePort();
    const made = sh(here(blocks[0]!.text, port));
    expect(made.code).toBe(0);
    writeFileSync(join(dir, 'tsa-server.js'), blocks[1]!.text);
    // The recipe runs it with the executable's Bun (BUN_BE_BUN=1); from a checkout, bun itself.
    tsa = Bun.spawn([process.execPath, 'tsa-server.js'], {
      cwd: dir,
      env: { ...process.env, TSA_PORT: String(port) },
      stdout: 'ignore',
      stderr: 'ignore',
    });
    await until(async () => (await fetch(`http://127.0.0.1:${port}`).catch(() => null))?.status === 405);
    const [start, ...check] = here(blocks[2]!.text, port).trim().split('\n');
    expect(start).toContain('tsa-server.js &');
    const verified = sh(check.join('\n'));
    expect([verified.code, verified.out]).toEqual([0, expect.stringContaining('Verification: OK')]);

    s = await startServer({
      dataDir: ownedDir(),
      env: {
        SVC_TSA_URLS: `http://127.0.0.1:${port}`,
        SVC_TSA_CA_FILE: join(dir, 'ca.pem'),
        SVC_CHECKPOINT_SECONDS: '1',
        SVC_HEAD_SECONDS: '1',
      },
    });
    const e = await call(s, 'POST', '/v1/events', { key: s.apiKey, body: { event_type: 'tsa.recipe', payload: {} } });
    expect(e.status).toBe(201);
    const head = await until(
      async () => {
        const h = (await call(s!, 'GET', '/v1/proof/head/checkpoint')).body;
        return h?.timestamps?.length ? h : null;
      },
      30000,
      200,
    );
    expect(head.timestamps).toEqual([
      expect.objectContaining({ tsa: `http://127.0.0.1:${port}`, token: expect.any(String) }),
    ]);
    expect(s.output()).not.toContain('"level":"warn"');
  }, 90000);
});
