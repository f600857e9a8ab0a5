// Covers the import rules: one template per product area, held at file level (another area is reached only through
// its public files), the record table's layering (the log layer and trace bundles import no record area, the areas
// import each other without a cycle), and the one direction of http/ and workers/ (areas receive the guard plugin,
// never import http/). docs/architecture.md#layers says which folder is which.
import { describe, expect, it } from 'bun:test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { Glob } from 'bun';
import { ROOT } from '../helpers';

const SRC = join(import.meta.dir, '../../src');
/** Product areas: each follows the template and is reached from another folder only through its public files. */
const AREAS = [
  'tenants',
  'api-keys',
  'operator-tokens',
  'usage',
  'ledger',
  'traces',
  'ai',
  'documents',
  'audit',
  'scitt',
  'streams',
  'portal',
  'exports',
  'evidence',
  'admin',
  'tlog',
  'witness',
  'backup',
];
/** Library layers under the areas: imported file by file. */
const LIBRARIES = [
  'crypto',
  'store',
  'records',
  'route-kit',
  'verify',
  'signing',
  'plans',
  'replication',
  'pdf',
  'proof-format',
];
/** The composition above the areas: entry points, boot wiring, the HTTP edge, background jobs, pages. */
const COMPOSITION = ['http', 'boot', 'cli', 'workers', 'operator-actions', 'migrations', 'web'];
/** An area's files another folder may import: its shapes, its service and, where it has one, its public surface. */
const PUBLIC = new Set(['model.ts', 'service.ts', 'index.ts']);
/** Pure files an area shares with the browser bundles of src/web/, which cannot load a service. */
const BROWSER_SHARED = new Set(['src/exports/format.ts']);
/** The folders whose import graph is checked for cycles below: the areas and the layers right under them. */
const FOLDER_GRAPH = [...AREAS, 'proof-format', 'pdf', 'records'];
const RECORD_AREAS = ['ledger', 'ai', 'documents', 'traces', 'audit', 'scitt'];

/** The src folders a file imports (relative imports only, types included). */
function importedFolders(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return [...text.matchAll(/from '\.\.\/([a-z-]+)\//g)].map((m) => m[1]!);
}
const filesOf = (folder: string): string[] =>
  readdirSync(join(SRC, folder))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${folder}/${f}`);

describe('record table layering', () => {
  it('src/tlog imports no product area (tenants, orgs and record kinds come through the table)', () => {
    for (const f of filesOf('tlog'))
      expect({ f, areas: importedFolders(f).filter((d) => FOLDER_GRAPH.includes(d) && d !== 'records') }).toEqual({
        f,
        areas: [],
      });
  });

  it('the trace bundle and restore verification import no record area', () => {
    for (const f of ['traces/bundle.ts', 'backup/verify.ts']) {
      expect({
        f,
        areas: importedFolders(f).filter((d) => RECORD_AREAS.includes(d) && !f.startsWith(`${d}/`)),
      }).toEqual({ f, areas: [] });
    }
  });

  it('the record table contract imports no area, and tenants do not import the logs', () => {
    for (const f of filesOf('records'))
      expect({ f, areas: importedFolders(f).filter((d) => FOLDER_GRAPH.includes(d) && d !== 'records') }).toEqual({
        f,
        areas: [],
      });
    for (const f of filesOf('tenants'))
      expect({ f, tlog: importedFolders(f).includes('tlog') }).toEqual({ f, tlog: false });
  });

  it('the areas import each other without a cycle', () => {
    const graph = new Map(
      FOLDER_GRAPH.map((a) => [
        a,
        new Set(
          filesOf(a)
            .flatMap(importedFolders)
            .filter((d) => d !== a && FOLDER_GRAPH.includes(d)),
        ),
      ]),
    );
    const cycle = (from: string, path: string[]): string[] | null => {
      for (const next of graph.get(from) ?? []) {
        if (next === path[0]) return [...path, next];
        if (path.includes(next)) continue;
        const found = cycle(next, [...path, next]);
        if (found) return found;
      }
      return null;
    };
    for (const a of FOLDER_GRAPH) expect(cycle(a, [a])).toBeNull();
  });
});

const sources = [...new Glob('src/**/*.ts').scanSync({ cwd: ROOT })].sort();
/** The modules `file` imports, as written. */
const importsOf = (file: string) =>
  [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^(?:import|export)[^'"]*from '([^']+)'/gm)].map((m) => m[1]!);
const offenders = (allowed: (file: string) => boolean, target: RegExp) =>
  sources
    .filter((f) => !allowed(f))
    .flatMap((f) =>
      importsOf(f)
        .filter((i) => target.test(i))
        .map((i) => `${f} -> ${i}`),
    );

/** The src/ file a relative import names (`../tlog/index`, `./boot` for `./boot/index.ts`); undefined for a package. */
function resolved(file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const p = join(dirname(file), spec).replace(/\.js$/, '');
  return [`${p}.ts`, `${p}/index.ts`, p].find((c) => existsSync(join(ROOT, c)) && statSync(join(ROOT, c)).isFile());
}
const areaOf = (f: string): string | undefined => {
  const m = f.match(/^src\/([a-z-]+)\//);
  return m && AREAS.includes(m[1]!) ? m[1] : undefined;
};
/** Why `file` may not import `target` (a file of another area that is not one of its public files), or null. */
function templateBreach(file: string, target: string): string | null {
  const area = areaOf(target);
  if (!area || areaOf(file) === area) return null;
  const name = relative(`src/${area}`, target);
  if (PUBLIC.has(name)) return null;
  if (/(^|-)routes\.ts$/.test(name) && file.startsWith('src/http/')) return null;
  if (name === 'kind.ts' && file === 'src/boot/record-kinds.ts') return null;
  if (BROWSER_SHARED.has(target) && file.startsWith('src/web/')) return null;
  return `${file} -> ${target}`;
}

describe('one template per area, held at file level', () => {
  const files = ['src/**/*.ts', 'tui/**/*.ts'].flatMap((p) => [...new Glob(p).scanSync({ cwd: ROOT })]).sort();

  it('places every src folder in one layer: area, library or composition', () => {
    const folders = readdirSync(SRC).filter((d) => statSync(join(SRC, d)).isDirectory());
    for (const d of folders)
      expect({ d, layers: [AREAS, LIBRARIES, COMPOSITION].filter((l) => l.includes(d)).length }).toEqual({
        d,
        layers: 1,
      });
    expect([...AREAS, ...LIBRARIES, ...COMPOSITION].filter((d) => !folders.includes(d))).toEqual([]);
  });

  it('resolves relative imports to files and tells a public file from an internal one', () => {
    expect(resolved('tui/index.ts', '../src/boot')).toBe('src/boot/index.ts');
    expect(resolved('src/ai/append.ts', '../traces/service')).toBe('src/traces/service.ts');
    expect(templateBreach('src/ai/append.ts', 'src/traces/service.ts')).toBeNull();
    expect(templateBreach('src/ai/append.ts', 'src/traces/items.ts')).toBe('src/ai/append.ts -> src/traces/items.ts');
    expect(templateBreach('src/ai/service.ts', 'src/ai/kind.ts')).toBeNull();
    expect(templateBreach('src/http/routes.ts', 'src/tlog/head-routes.ts')).toBeNull();
    expect(templateBreach('src/workers/integrator.ts', 'src/tlog/routes.ts')).not.toBeNull();
    expect(templateBreach('src/boot/record-kinds.ts', 'src/ledger/kind.ts')).toBeNull();
    expect(templateBreach('src/traces/bundle.ts', 'src/ledger/kind.ts')).not.toBeNull();
    expect(templateBreach('tui/screens/operator.ts', 'src/tlog/operator-log.ts')).not.toBeNull();
    expect(templateBreach('src/ai/service.ts', 'src/signing/keys.ts')).toBeNull();
  });

  it('lets a file reach another area only through its model.ts, service.ts or index.ts (routes from http/, kinds from the record table)', () => {
    const breaches = files.flatMap((f) =>
      importsOf(f)
        .map((spec) => resolved(f, spec))
        .filter((t): t is string => t !== undefined)
        .map((t) => templateBreach(f, t))
        .filter((b): b is string => b !== null),
    );
    expect(breaches).toEqual([]);
  });
});

describe('http/ and workers/ layering', () => {
  it('finds the sources and their imports', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(importsOf('src/http/routes.ts')).toContain('../ledger/routes');
    // An import written over several lines is found too.
    expect(importsOf('src/audit/routes.ts')).toContain('./service');
  });

  it('lets nothing below http/ import it: areas receive the guard plugin from the server', () => {
    expect(offenders((f) => f.startsWith('src/http/') || f === 'src/server.ts', /(^|\/)http\//)).toEqual([]);
  });

  it('lets no area import workers/ (only the server, its boot, the CLI, the operator actions and the workers themselves)', () => {
    expect(
      offenders(
        (f) => /^src\/(workers|cli|operator-actions|boot)\//.test(f) || f === 'src/server.ts',
        /(^|\/)workers\//,
      ),
    ).toEqual([]);
  });

  it('lets only the entry points import the boot and the operator actions (areas receive the actions through their port)', () => {
    const entry = (f: string) =>
      /^src\/(cli|boot|operator-actions)\//.test(f) || f === 'src/server.ts' || f === 'src/workers/writer-thread.ts';
    expect(offenders(entry, /(^|\/)(boot|operator-actions\/actions)$|(^|\/)boot\//)).toEqual([]);
    expect(importsOf('src/server.ts')).toContain('./operator-actions/actions');
  });
});

describe('console layering', () => {
  const tui = [...new Glob('tui/**/*.ts').scanSync({ cwd: ROOT })].sort();
  it('the console calls services and workers, never the CLI commands or the HTTP layer (argument parsing is shared)', () => {
    expect(tui.length).toBeGreaterThan(5);
    const bad = tui.flatMap((f) =>
      importsOf(f)
        .filter((i) => /\/src\/(cli|http)\//.test(i) && !i.endsWith('/cli/argv'))
        .map((i) => `${f} -> ${i}`),
    );
    expect(bad).toEqual([]);
  });
});

describe('no import cycles', () => {
  const files = ['src/**/*.ts', 'tui/**/*.ts', 'clients/typescript/src/**/*.ts'].flatMap((p) => [
    ...new Glob(p).scanSync({ cwd: ROOT }),
  ]);
  const known = new Set(files);
  /** The files `file` imports for their values: an `import type` or an import of types only is erased at build. */
  const valueImports = (file: string): string[] =>
    [
      ...readFileSync(join(ROOT, file), 'utf8').matchAll(
        /^(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s+'(\.[^']+)'/gm,
      ),
    ]
      .filter(([, typeOnly, names]) => {
        if (typeOnly) return false;
        const inner = names!.trim().match(/^\{([^}]*)\}$/);
        if (!inner) return true;
        return !inner[1]!
          .split(',')
          .filter((n) => n.trim())
          .every((n) => n.trim().startsWith('type '));
      })
      .map(([, , , spec]) => join(dirname(file), spec!).replace(/\.js$/, ''))
      .map((p) => [`${p}.ts`, `${p}/index.ts`, p].find((c) => known.has(c)))
      .filter((p): p is string => p !== undefined);
  const graph = new Map(files.map((f) => [f, valueImports(f)]));

  it('reads value imports and leaves type-only ones aside', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(graph.get('src/cli/index.ts')).toContain('src/cli/commands.ts');
    expect(graph.get('src/verify/verify-document.ts')).toContain('src/verify/report.ts');
    expect(graph.get('src/verify/ai-proof.ts')).not.toContain('src/verify/report.ts');
  });

  it('finds no cycle of value imports in src/, tui/ or the TypeScript client', () => {
    const done = new Set<string>();
    const path: string[] = [];
    const cycles: string[] = [];
    const visit = (f: string) => {
      path.push(f);
      for (const next of graph.get(f) ?? []) {
        const at = path.indexOf(next);
        if (at >= 0) cycles.push([...path.slice(at), next].join(' -> '));
        else if (!done.has(next)) visit(next);
      }
      path.pop();
      done.add(f);
    };
    for (const f of files) if (!done.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });
});
