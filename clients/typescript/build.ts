// Builds dist/ (or the folder after --out): the package as `npm pack` ships it. index.js (ESM for browsers, Node.js 20+ and Bun) and cli.js
// (Node.js) each bundle the appliance's verification rules (src/verify) and @noble; the .d.ts files come from tsc.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const here = import.meta.dir;
const out = process.argv.indexOf('--out');
const dist = out > 0 ? resolve(process.argv[out + 1]!) : join(here, 'dist');
rmSync(dist, { recursive: true, force: true });

// One build with a shared chunk, so the rules ship once; Node.js built-ins stay imports (the CLI's, and the
// transport's node:https, loaded only under Node.js). Not minified: an auditor reads the verifier they run.
const r = await Bun.build({
  entrypoints: [join(here, 'src/index.ts'), join(here, 'src/cli.ts')],
  outdir: dist,
  target: 'browser',
  format: 'esm',
  splitting: true,
  external: ['node:*'],
  minify: false,
  sourcemap: 'none',
  naming: { chunk: 'rules-[hash].js' },
});
if (!r.success) throw new AggregateError(r.logs, 'bun build failed');
const cli = join(dist, 'cli.js');
writeFileSync(cli, '#!/usr/bin/env node\n' + readFileSync(cli, 'utf8').replace(/^#!.*\n/, ''), { mode: 0o755 });

/**
 * Declarations that name their modules as Node.js resolves ES modules: `./client` becomes `./client.js` (found as
 * client.d.ts), which consumers compiled with moduleResolution node16 or nodenext need, and bundler and node10 accept.
 */
const withExtensions = (d: string): string =>
  d.replace(/((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+?)(?<!\.js)\2/g, '$1$2$3.js$2');

/** Modules no public type refers to: the CLI and the run of the rules. */
const INTERNAL = new Set(['cli.d.ts', 'rules.d.ts']);
// Declarations: tsc writes them for every file it reads (the bundled rules too); the package ships the client's own.
const tmp = mkdtempSync(join(tmpdir(), 'proof-ledger-client-types-'));
try {
  const tsc = resolve(here, '../../node_modules/.bin/tsc');
  const p = Bun.spawnSync([tsc, '-p', join(here, 'tsconfig.json'), '--outDir', tmp], {
    stdout: 'inherit',
    stderr: 'inherit',
  });
  if (p.exitCode !== 0) throw new Error('tsc failed');
  const types = join(tmp, 'clients/typescript/src');
  for (const f of readdirSync(types)) {
    if (INTERNAL.has(f)) continue;
    const text = readFileSync(join(types, f), 'utf8');
    if (text.includes('../../../'))
      throw new Error(`${f}: a public type refers to the bundled rules; give it a type of the client's own`);
    writeFileSync(join(dist, f), withExtensions(text));
  }
  cpSync(join(here, 'src/openapi.d.ts'), join(dist, 'openapi.d.ts'));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
if (!existsSync(join(dist, 'index.d.ts'))) throw new Error('index.d.ts was not written');
console.error(`built ${dist}: ${readdirSync(dist).join(', ')}`);
