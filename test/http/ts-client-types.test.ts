// The TypeScript client's declarations as a user gets them (npm pack, then npm install of the tarball into a new
// project with typescript as a devDependency), compiled with skipLibCheck false, no DOM or Node.js types, under
// moduleResolution node16, nodenext (ES module and CommonJS), bundler and node10 (CommonJS): a correct consumer
// compiles, with no type of the package silently `any`, and a consumer with deliberate mistakes fails on each of them.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, ROOT, tempDir } from '../helpers';

const CLIENT = join(ROOT, 'clients/typescript');
const work = tempDir('svc-ts-types-');
const app = join(work, 'app');

const run = (cmd: string[], cwd: string) => {
  const p = Bun.spawnSync(cmd, { cwd, stdout: 'pipe', stderr: 'pipe' });
  return { code: p.exitCode, stdout: p.stdout.toString(), out: p.stdout.toString() + p.stderr.toString() };
};

const GOOD = `
import {
  type ApiErrorCode,
  type components,
  constructEvent,
  type ErrorCode,
  type paths,
  ProofLedger,
  ProofLedgerError,
  type TraceBundle,
  verify,
} from 'proof-ledger-client';

// A type that is \`any\` would let every line below compile whatever the package declares: refuse it.
type IsAny<T> = 0 extends 1 & T ? true : false;
const notAny: [IsAny<ProofLedger>, IsAny<TraceBundle>, IsAny<ErrorCode>, IsAny<paths>] = [false, false, false, false];

export async function main(bundle: TraceBundle): Promise<string[]> {
  const c = new ProofLedger({ baseUrl: 'https://ledger.example', apiKey: 'svc_live_x', maxRetries: 2 });
  const ev = await c.events.create({ event_type: 'invoice.paid', payload: { n: 1 } }, { idempotencyKey: 'k-1' });
  const replayed: boolean = ev.replayed;
  const stream = await c.audit.createStream('acme', { type: 'webhook', url: 'https://siem.example/hook' });
  const secret: string | undefined = stream.signing_secret;
  for await (const org of c.audit.iterateOrgs({ limit: 10 })) org.organization_id.toUpperCase();
  const label: string = bundle.header.label;
  const docs = bundle.items.flatMap((i) => (i.type === 'document' && i.payload ? [i.payload.document_hash] : []));
  const sealed: boolean = bundle.seal.all_signatures_valid;
  const d = constructEvent('{}', 't=1,v1=00', 'whsec_x', { toleranceSeconds: 60 });
  const what = d.type === 'checkpoint' ? d.tree_size.toFixed() : d.events.map((e) => e.action).join();
  const r = await verify(bundle);
  const codes: ApiErrorCode[] = ['idempotency_key_reuse_mismatch', 'too_many_streams', 'not_primary'];
  let code: ErrorCode = 'invalid_signature';
  try {
    await c.traces.proof('x');
  } catch (e) {
    if (e instanceof ProofLedgerError) code = e.code;
  }
  type Created = paths['/v1/events']['post']['responses'][201]['content']['application/json'];
  const created: Created = { event_id: ev.event_id, ingested_at: ev.ingested_at };
  const v: components['schemas']['Bundle']['bundle_version'] = 1;
  return [String(notAny), String(replayed), secret ?? '', label, ...docs, String(sealed), what, String(r.valid), ...codes, code, created.event_id, String(v)];
}
`;

// Each line a mistake the declarations must catch: a body field of the wrong type, a code the API does not have,
// misspelt fields of a proof and of a bundle header.
const BAD = `
import { type ApiErrorCode, ProofLedger, type EventProof, type TraceBundle } from 'proof-ledger-client';

export async function wrong(proof: EventProof, bundle: TraceBundle) {
  const c = new ProofLedger({ baseUrl: 'https://ledger.example' });
  await c.events.create({ event_type: 1, payload: {} });
  const code: ApiErrorCode = 'no_such_code';
  return [proof.signatur, bundle.header.lable, code];
}
`;

/** [folder, package.json type, module, moduleResolution] */
const MODES: Array<[string, 'module' | 'commonjs', string, string]> = [
  ['node16', 'module', 'node16', 'node16'],
  ['nodenext', 'module', 'nodenext', 'nodenext'],
  ['nodenext-commonjs', 'commonjs', 'nodenext', 'nodenext'],
  ['bundler', 'module', 'esnext', 'bundler'],
  ['node10', 'commonjs', 'commonjs', 'node10'],
];

beforeAll(() => {
  const packed = run(['npm', 'pack', '--pack-destination', work, '--json'], CLIENT);
  if (packed.code !== 0) throw new Error(packed.out);
  // The JSON report follows what the prepack build prints.
  const tarball = join(work, JSON.parse(packed.stdout.slice(packed.stdout.indexOf('\n[') + 1))[0].filename);
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  // typescript from this repository's node_modules: tests reach nothing beyond this machine.
  for (const args of [[tarball], ['--save-dev', join(ROOT, 'node_modules/typescript')]]) {
    const inst = run(['npm', 'install', '--offline', '--no-audit', '--no-fund', ...args], app);
    if (inst.code !== 0) throw new Error(inst.out);
  }
  for (const [dir, type, module, moduleResolution] of MODES) {
    const d = join(app, dir);
    mkdirSync(d);
    writeFileSync(join(d, 'package.json'), JSON.stringify({ type }));
    writeFileSync(join(d, 'good.ts'), GOOD);
    writeFileSync(join(d, 'bad.ts'), BAD);
    for (const f of ['good', 'bad']) {
      const compilerOptions = { module, moduleResolution, target: 'es2022', lib: ['es2022'], types: [], strict: true };
      writeFileSync(
        join(d, `tsconfig.${f}.json`),
        JSON.stringify({
          compilerOptions: { ...compilerOptions, skipLibCheck: false, noEmit: true },
          files: [`${f}.ts`],
        }),
      );
    }
  }
}, 300_000);
afterAll(() => cleanup(work));

describe('the declarations in every module resolution mode', () => {
  it('the installed package carries typescript as the consumer devDependency and its own declarations', () => {
    const pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.devDependencies)).toEqual(['typescript']);
    const index = readFileSync(join(app, 'node_modules/proof-ledger-client/dist/index.d.ts'), 'utf8');
    expect(index).toContain("from './client.js'");
    expect(index).toContain('paths');
  });

  for (const [dir, type, , resolution] of MODES) {
    it(`${resolution} (${type === 'module' ? 'ES module' : 'CommonJS'}): compiles the correct consumer, catches each mistake`, () => {
      const tsc = join(app, 'node_modules/.bin/tsc');
      const good = run([tsc, '-p', 'tsconfig.good.json'], join(app, dir));
      expect(good.out).toBe('');
      expect(good.code).toBe(0);
      const bad = run([tsc, '-p', 'tsconfig.bad.json'], join(app, dir));
      expect(bad.code).not.toBe(0);
      const errors = bad.out.split('\n').filter((l) => / error TS\d+/.test(l));
      // Every error is one of ours, in the consumer's file, none in the package's declarations.
      expect(errors.map((l) => l.match(/^(\S+?)\((\d+),\d+\): error (TS\d+)/)?.slice(1))).toEqual([
        ['bad.ts', '6', 'TS2322'],
        ['bad.ts', '7', 'TS2322'],
        ['bad.ts', '8', 'TS2551'],
        ['bad.ts', '8', 'TS2551'],
      ]);
    });
  }
});
