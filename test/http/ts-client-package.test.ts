// The TypeScript client as shipped: types generated from the served /openapi.json are current, and the tarball
// `npm pack` builds (prepack) from the current sources installs, imports and verifies a real proof under Node.js 20, as does npx proof-ledger-verify.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, cleanup, newTenant, ROOT, startServer, tempDir, type Server } from '../helpers';
import { CLIENT_TYPES_FILE, clientTypesText } from '../../scripts/gen-client-types';

const CLIENT = join(ROOT, 'clients/typescript');
const dir = tempDir();
const work = tempDir('svc-ts-package-');
let s: Server;
let key: string;

const run = (cmd: string[], cwd: string, env: Record<string, string> = {}) => {
  const p = Bun.spawnSync(cmd, { cwd, env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' });
  return { code: p.exitCode, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
};

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: { SVC_CHECKPOINT_SECONDS: '1' } });
  key = (await newTenant(dir, 'package.test', 'read,write', 'enterprise')).key;
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
  cleanup(work);
});

describe('clients/typescript as shipped', () => {
  it('its committed types are those openapi-typescript generates from the served /openapi.json', async () => {
    const served = (await call(s, 'GET', '/openapi.json')).body;
    const fresh = await clientTypesText(served);
    // On failure: run `npx bun scripts/gen-client-types.ts`.
    expect(
      readFileSync(CLIENT_TYPES_FILE, 'utf8') === fresh,
      'clients/typescript/src/openapi.d.ts differs from /openapi.json',
    ).toBe(true);
  });

  it('packs, installs from the tarball, and runs under Node.js 20: client with a CA, verify, and npx proof-ledger-verify', async () => {
    const pkg = JSON.parse(readFileSync(join(CLIENT, 'package.json'), 'utf8'));
    expect(pkg.version).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    const packed = run(['npm', 'pack', '--pack-destination', work, '--json'], CLIENT);
    expect(packed.code, packed.stderr).toBe(0);
    const info = JSON.parse(packed.stdout)[0];
    expect(info.files.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/cli.js', 'package.json']),
    );
    expect(info.files.some((f: { path: string }) => f.path.startsWith('src/'))).toBe(false);
    const app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    const inst = run(['npm', 'install', '--offline', '--no-audit', '--no-fund', join(work, info.filename)], app);
    expect(inst.code, inst.stderr).toBe(0);
    expect(run(['node', '--version'], app).stdout).toStartWith('v20.');

    // Under Node.js the CA goes through node:https: ingest, then fetch the complete proof and verify it offline.
    writeFileSync(join(app, 'ca.pem'), readFileSync(join(dir, 'tls', 'cert.pem')));
    writeFileSync(
      join(app, 'main.mjs'),
      `
      import { readFileSync, writeFileSync } from 'node:fs';
      import { ProofLedger, ProofLedgerError, verify, verifyWebhook } from 'proof-ledger-client';
      const c = new ProofLedger({ baseUrl: process.env.BASE, apiKey: process.env.KEY, ca: readFileSync('ca.pem', 'utf8') });
      const { event_id } = await c.events.create({ event_type: 'node.check', payload: { ok: true } });
      let proof;
      for (let i = 0; i < 200; i++) {
        proof = await c.proofs.event(event_id);
        if (proof.log && proof.log.checkpoint) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      writeFileSync('proof.json', JSON.stringify(proof));
      const keys = await c.keys.get('package.test');
      const r = await verify(proof, { keys });
      const err = await c.events.get('not-a-uuid').catch((e) => e);
      console.log(JSON.stringify({ valid: r.valid, failed: r.checks.filter((x) => !x.ok), isError: err instanceof ProofLedgerError, code: err.code, webhook: typeof verifyWebhook }));
    `,
    );
    const node = run(['node', 'main.mjs'], app, { BASE: s.url, KEY: key });
    expect(node.code, node.stderr).toBe(0);
    expect(JSON.parse(node.stdout)).toEqual({
      valid: true,
      failed: [],
      isError: true,
      code: 'invalid_path_parameter',
      webhook: 'function',
    });

    const ok = run(['npx', '--offline', 'proof-ledger-verify', 'proof.json'], app);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('VERIFIED');
    const json = run(['npx', '--offline', 'proof-ledger-verify', 'proof.json', '--json'], app);
    expect(JSON.parse(json.stdout)).toEqual(
      expect.objectContaining({ valid: true, existed_no_later_than: null, witnessed_by: [] }),
    );
    const proof = JSON.parse(readFileSync(join(app, 'proof.json'), 'utf8'));
    proof.signature = (proof.signature[0] === '0' ? '1' : '0') + proof.signature.slice(1);
    writeFileSync(join(app, 'tampered.json'), JSON.stringify(proof));
    const bad = run(['npx', '--offline', 'proof-ledger-verify', 'tampered.json'], app);
    expect(bad.code).toBe(1);
    // One line of ours (npm may add its own warnings about the machine's npm config).
    expect(
      bad.stderr
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('npm warn')),
    ).toEqual([expect.stringMatching(/^error: NOT VERIFIED: .*signature/)]);
    // The same verdict and exit code as svc verify.
    const svc = run(
      [join(ROOT, 'node_modules/.bin/bun'), 'src/cli/index.ts', 'verify', join(app, 'tampered.json')],
      ROOT,
      { SVC_DATA_DIR: dir },
    );
    expect(svc.code).toBe(1);
    const missing = run(['npx', '--offline', 'proof-ledger-verify', 'nope.json'], app);
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringContaining('cannot read nope.json')]);
  });
});
