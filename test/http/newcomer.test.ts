// The newcomer's integration (docs/examples/newcomer.ts, and newcomer-before.ts as it had to be written before the
// client waited for evidence) run as a user runs it, importing 'proof-ledger-client', against a real appliance with
// a real webhook receiver; and the plumbing figures of docs/newcomer.md counted from the files as they are.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, newTenant, ROOT, startServer, tempDir, type Server } from '../helpers';
import { countLines, FILES } from '../../scripts/count-plumbing';

const dir = tempDir();
const work = tempDir('svc-newcomer-');
let s: Server;
let key: string;

const run = (cmd: string[], cwd: string, env: Record<string, string> = {}) => {
  const p = Bun.spawn(cmd, { cwd, env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' });
  return Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]).then(
    ([stdout, stderr, code]) => ({ stdout, stderr, code }),
  );
};

beforeAll(async () => {
  // The receiver's certificate, which the appliance is told to trust for stream deliveries.
  const tls = await run(
    [
      'openssl',
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '2',
      '-keyout',
      'hook.key',
      '-out',
      'hook.pem',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    work,
  );
  expect(tls.code, tls.stderr).toBe(0);
  s = await startServer({
    dataDir: dir,
    env: {
      SVC_CHECKPOINT_SECONDS: '1',
      SVC_HEAD_SECONDS: '1',
      SVC_STREAM_ALLOW_CIDRS: '127.0.0.0/8',
      SVC_STREAM_CA_FILE: join(work, 'hook.pem'),
    },
  });
  key = (await newTenant(dir, 'newcomer.test', 'read,write,audit:read,audit:write', 'enterprise')).key;
  // The package as `npm install clients/typescript` leaves it: its dist/ built from the current sources, linked.
  const built = await run(['bun', 'clients/typescript/build.ts'], ROOT);
  expect(built.code, built.stderr).toBe(0);
  mkdirSync(join(work, 'node_modules'));
  symlinkSync(join(ROOT, 'clients/typescript'), join(work, 'node_modules', 'proof-ledger-client'));
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
  cleanup(work);
});

describe('the newcomer scenario in TypeScript', () => {
  for (const file of ['newcomer.ts', 'newcomer-before.ts'])
    it(`${file} runs against a real appliance: proofs verify offline, both deliveries arrive typed`, async () => {
      writeFileSync(join(work, file), readFileSync(join(ROOT, 'docs/examples', file)));
      const r = await run(['bun', file], work, {
        SVC_URL: s.url,
        SVC_API_KEY: key,
        SVC_CA: join(dir, 'tls', 'cert.pem'),
        HOOK_CERT: join(work, 'hook.pem'),
        HOOK_KEY: join(work, 'hook.key'),
      });
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout.trim().split('\n').pop()!);
      expect([out.event.valid, out.audit.valid]).toEqual([true, true]);
      // The bundle was waited for up to its published head: complete evidence, every log check made.
      expect(out.bundle).toEqual({ valid: true, complete: true, items: 3 });
      expect(out.errors).toEqual(['event_not_found', 'org_exists', 'invalid_api_key_format']);
      expect([out.org_listed, out.actions]).toEqual([true, ['user.login']]);
      expect(out.deliveries).toEqual(expect.arrayContaining(['events:user.login', 'checkpoint']));
    }, 180_000);
});

describe('the TypeScript examples type-check', () => {
  it('with strict tsc and skipLibCheck off against the installed package, no error', async () => {
    for (const file of ['newcomer.ts', 'newcomer-before.ts'])
      writeFileSync(join(work, file), readFileSync(join(ROOT, 'docs/examples', file)));
    writeFileSync(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'bundler',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          lib: ['ES2024'],
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules/@types')],
        },
        files: ['newcomer.ts', 'newcomer-before.ts'],
      }),
    );
    const r = await run([join(ROOT, 'node_modules/.bin/tsc'), '-p', '.'], work);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.code).toBe(0);
  }, 120_000);
});

describe('the plumbing figures of docs/newcomer.md', () => {
  it('are the counts of the example files as they are', () => {
    const doc = readFileSync(join(ROOT, 'docs/newcomer.md'), 'utf8');
    for (const [lang, before, after] of FILES) {
      const b = countLines(readFileSync(join(ROOT, 'docs/examples', before), 'utf8'), lang);
      const a = countLines(readFileSync(join(ROOT, 'docs/examples', after), 'utf8'), lang);
      expect(a.plumbing).toBeLessThan(b.plumbing);
      expect(doc).toContain(`| ${lang} | ${b.lines} | ${b.plumbing} | ${a.lines} | ${a.plumbing} |`);
    }
  });
});
