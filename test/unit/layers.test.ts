// Imports point one way (ARCHITECTURE "Layers"): only the server, the CLI and the console reach into http/ and
// workers/; the areas' routes get the guards handed to them and never import http/.
import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Glob } from 'bun';
import { ROOT } from '../helpers';

const sources = [...new Glob('src/**/*.ts').scanSync({ cwd: ROOT })].sort();
/** The modules `file` imports, as written. */
const importsOf = (file: string) => [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^(?:import|export)[^'"]*from '([^']+)'/gm)].map((m) => m[1]!);
const offenders = (allowed: (file: string) => boolean, target: RegExp) =>
  sources.filter((f) => !allowed(f)).flatMap((f) => importsOf(f).filter((i) => target.test(i)).map((i) => `${f} -> ${i}`));

describe('layers', () => {
  it('finds the sources and their imports', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(importsOf('src/http/routes.ts')).toContain('../ledger/routes');
    // An import written over several lines is found too.
    expect(importsOf('src/audit/routes.ts')).toContain('./service');
  });

  it('lets nothing below http/ import it: areas receive the guard plugin from the server', () => {
    expect(offenders((f) => f.startsWith('src/http/') || f === 'src/server.ts', /(^|\/)http\//)).toEqual([]);
  });

  it('lets no area import workers/ (only the server, the CLI and the workers themselves)', () => {
    expect(offenders((f) => /^src\/(workers|cli)\//.test(f) || f === 'src/server.ts', /(^|\/)workers\//)).toEqual([]);
  });
});
