// Builds dist/proof-ledger: one standalone executable (bun build --compile) with its worker threads, native addons,
// browser bundles, PDF fonts and the console's terminal data embedded; and beside it dist/verify.html, the
// single-file verifier an auditor opens without the appliance (the same bytes as its GET /verify.html).
import { Glob } from 'bun';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dir, '..');
const dist = join(root, 'dist');
const work = join(root, 'build');
const req = createRequire(join(root, 'package.json'));

/** Every worker-thread module: started with `new Worker(new URL('./x-thread.ts', import.meta.url))`. */
export function workerEntries(): string[] {
  const out: string[] = [];
  for (const pattern of ['src/**/*-thread.ts', 'tui/**/*-worker.ts']) {
    for (const f of new Glob(pattern).scanSync({ cwd: root })) out.push(join(root, f));
  }
  return out.sort();
}

/** The browser page families of src/web: their script bundle and stylesheet, built now instead of at run time. */
const PAGE_FAMILIES = [
  { name: 'proof', entry: 'src/web/client/main.ts', css: 'src/web/proof.css' },
  { name: 'portal', entry: 'src/web/portal/client/main.ts', css: 'src/web/portal/portal.css' },
  { name: 'docs', entry: 'src/web/docs/client/main.ts', css: 'src/web/docs/docs.css' },
  { name: 'verifier', entry: 'src/web/verifier/client/main.ts', css: 'src/web/verifier/verifier.css' },
];

/**
 * The native addons are loaded through node-gyp-build-optional-packages, which searches the file system at
 * run time; a compiled executable has no node_modules to search. This plugin replaces that loader with
 * literal require() calls of the addons for this platform, which `--compile` embeds in the executable.
 */
function nativeAddonPlugin(): import('bun').BunPlugin {
  const platform = `${process.platform}-${process.arch}`;
  const libc = process.platform === 'linux' ? (existsSync('/etc/alpine-release') ? 'musl' : 'glibc') : '';
  const addon = (pkg: string) => {
    const dir = dirname(req.resolve(`${pkg}-${platform}/package.json`));
    const file = join(dir, libc ? `node.napi.${libc}.node` : 'node.napi.node');
    if (!existsSync(file)) throw new Error(`native addon not found: ${file}`);
    return file;
  };
  // Each loader module is named by its addon's own path: a bare name such as `msgpackr` was at times taken by the
  // bundler for the package of that name, and lmdb then imported the loader instead of msgpackr's Encoder (every
  // msgpack database of the executable without its encoder).
  const lmdb = addon('@lmdb/lmdb');
  const msgpackr = addon('@msgpackr-extract/msgpackr-extract');
  const lmdbLoader = `${lmdb}.loader.js`;
  const msgpackrLoader = `${msgpackr}.loader.js`;
  const loaders = new Map([
    [lmdbLoader, lmdb],
    [msgpackrLoader, msgpackr],
  ]);
  return {
    name: 'native-addons',
    setup(build) {
      // Which addon is meant follows from the importing package (the bundle has no per-package directories).
      build.onResolve({ filter: /^node-gyp-build-optional-packages$/ }, (args) => ({
        path: args.importer.includes('msgpackr-extract') ? msgpackrLoader : lmdbLoader,
        namespace: 'native-addons',
      }));
      build.onLoad({ filter: /.*/, namespace: 'native-addons' }, (args) => ({
        loader: 'js',
        contents: `module.exports = function load() { return require(${JSON.stringify(loaders.get(args.path))}); };`,
      }));
    },
  };
}

/**
 * A compiled executable keeps each extra entry point at its path relative to the repository root, under
 * /$bunfs/root/, while `new URL('./x-thread.ts', import.meta.url)` in a bundled module resolves against the
 * executable itself. This plugin rewrites those worker URLs to the embedded location.
 */
function workerUrlPlugin(workers: string[]): import('bun').BunPlugin {
  const known = new Set(workers);
  const pattern = /new URL\((['"])(\.\.?\/[^'"]+-(?:thread|worker)\.ts)\1,\s*import\.meta\.url\)/g;
  return {
    name: 'worker-urls',
    setup(build) {
      build.onLoad({ filter: /\/(src|tui)\/.*\.ts$/ }, async (args) => {
        const text = await Bun.file(args.path).text();
        if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
        const contents = text.replace(pattern, (whole, _q, rel: string) => {
          const target = resolve(dirname(args.path), rel);
          if (!known.has(target)) return whole;
          const embedded = relative(root, target).replace(/\.ts$/, '.js');
          return `new URL(${JSON.stringify(`./${embedded}`)}, 'file:///$bunfs/root/')`;
        });
        return { contents, loader: 'ts' };
      });
    },
  };
}

/**
 * pdfkit loads its standard font metrics with a require() through createRequire at run time, which the
 * bundler cannot follow; literal requires of the same modules get them embedded.
 */
function pdfkitFontsPlugin(): import('bun').BunPlugin {
  return {
    name: 'pdfkit-standard-fonts',
    setup(build) {
      build.onLoad({ filter: /pdfkit[\\/]js[\\/]pdfkit\.node\.mjs$/ }, async (args) => ({
        contents: (await Bun.file(args.path).text()).replace(
          /require\$1\('#standard-fonts\/(\w+)'\)/g,
          "require('pdfkit/standard-fonts/$1')",
        ),
        loader: 'js',
      }));
    },
  };
}

/**
 * The console's blessed loads its widgets with require('./widgets/' + name), and its fallback terminal descriptions
 * (when the system has none for $TERM) and big-text fonts from files in its package directory, none of which a
 * compiled executable has. This plugin spells the widget requires out, and turns each path into blessed's usr/ into
 * a lookup of that file embedded in the executable (Bun's file embedding, through the module `blessed-usr`).
 */
function blessedPlugin(): import('bun').BunPlugin {
  const usr = join(dirname(req.resolve('blessed/package.json')), 'usr');
  const files = (readdirSync(usr, { recursive: true }) as string[]).filter((f) => statSync(join(usr, f)).isFile());
  const table = [
    ...files.map((f, i) => `import f${i} from ${JSON.stringify(join(usr, f))} with { type: 'file' };`),
    `const files = {${files.map((f, i) => `${JSON.stringify(f)}: f${i}`).join(', ')}};`,
    // A name blessed asks for and does not ship fails to read, as it would from its package directory.
    "export function usr(name) { return files[name] ?? '/$bunfs/blessed-usr/' + name; }",
  ].join('\n');
  // `__dirname + '/../usr/xterm'`, `__dirname + '/../usr/' + name + '.termcap'`, `__dirname + '/../../usr/fonts/x'`.
  const path = /__dirname \+ '\/\.\.(?:\/\.\.)?\/usr\/([^']*)'((?: \+ \w+)?(?: \+ '[^']*')?)/g;
  const expected: Record<string, number> = { 'tput.js': 4, 'bigtext.js': 2 };
  return {
    name: 'blessed',
    setup(build) {
      // Named by a path no package can have (see nativeAddonPlugin).
      build.onResolve({ filter: /^blessed-usr$/ }, () => ({
        path: join(usr, 'embedded.js'),
        namespace: 'blessed-usr',
      }));
      build.onLoad({ filter: /.*/, namespace: 'blessed-usr' }, () => ({ contents: table, loader: 'js' }));
      build.onLoad({ filter: /blessed[\\/]lib[\\/]widget\.js$/ }, async (args) => {
        const names = [...new Glob('*.js').scanSync({ cwd: join(dirname(args.path), 'widgets') })].map((f) =>
          f.replace(/\.js$/, ''),
        );
        const table = `({${names.map((n) => `${JSON.stringify(n)}: () => require('./widgets/${n}')`).join(', ')}})`;
        const text = (await Bun.file(args.path).text()).replace("require('./widgets/' + file)", `${table}[file]()`);
        return { contents: text, loader: 'js' };
      });
      build.onLoad({ filter: /blessed[\\/]lib[\\/](tput|widgets[\\/]bigtext)\.js$/ }, async (args) => {
        let n = 0;
        const text = (await Bun.file(args.path).text()).replace(path, (_, file: string, rest: string) => {
          n++;
          return `require('blessed-usr').usr(${JSON.stringify(file)}${rest})`;
        });
        // blessed is pinned: a release that moved these paths must not build into a console without its data.
        const name = args.path.split(/[\\/]/).at(-1)!;
        if (n !== expected[name]) throw new Error(`blessed ${name}: ${n} paths into usr/, expected ${expected[name]}`);
        return { contents: text, loader: 'js' };
      });
    },
  };
}

async function buildPageBundles(): Promise<string> {
  const dir = join(work, 'web');
  mkdirSync(dir, { recursive: true });
  const lines = [
    '// Generated by scripts/build.ts: the prebuilt browser bundles embedded in the executable.',
    "import { setPrebuiltAssets } from '../src/web/assets';",
  ];
  const entries: string[] = [];
  for (const f of PAGE_FAMILIES) {
    const out = await Bun.build({ entrypoints: [join(root, f.entry)], target: 'browser', format: 'esm', minify: true });
    if (!out.success || !out.outputs[0])
      throw new Error(`bundle of ${f.entry} failed: ${out.logs.map(String).join('; ')}`);
    writeFileSync(join(dir, `${f.name}.js`), await out.outputs[0].text());
    cpSync(join(root, f.css), join(dir, `${f.name}.css`));
    lines.push(
      `import ${f.name}Js from './web/${f.name}.js' with { type: 'text' };`,
      `import ${f.name}Css from './web/${f.name}.css' with { type: 'text' };`,
    );
    entries.push(`${f.name}: { js: ${f.name}Js, css: ${f.name}Css }`);
  }
  lines.push(`setPrebuiltAssets({ ${entries.join(', ')} });`, "await import('../src/bin');", '');
  const entry = join(work, 'entry.ts');
  writeFileSync(entry, lines.join('\n'));
  return entry;
}

async function main(): Promise<void> {
  const t0 = performance.now();
  rmSync(work, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  const entry = await buildPageBundles();
  const workers = workerEntries();
  const out = await Bun.build({
    entrypoints: [entry, ...workers],
    compile: { outfile: join(dist, 'proof-ledger') },
    target: 'bun',
    minify: true,
    sourcemap: 'none',
    plugins: [nativeAddonPlugin(), workerUrlPlugin(workers), pdfkitFontsPlugin(), blessedPlugin()],
    // Optional packages of blessed's Terminal widget, which the console does not use.
    external: ['term.js', 'pty.js'],
  });
  if (!out.success) throw new Error(`compile failed:\n${out.logs.map(String).join('\n')}`);
  rmSync(work, { recursive: true, force: true });
  const { verifierHtml } = await import('../src/web/verifier/page');
  writeFileSync(join(dist, 'verify.html'), await verifierHtml());
  const size = Bun.file(join(dist, 'proof-ledger')).size;
  process.stdout.write(
    `built ${relative(root, join(dist, 'proof-ledger'))} (${(size / 1048576).toFixed(1)} MB, ${workers.length} worker entries) and ${relative(root, join(dist, 'verify.html'))} in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
  );
}

if (import.meta.main) await main();
