// Covers the import rules around the record table: the log layer and trace bundles import no record area, and the areas import each other without a cycle.
import { describe, expect, it } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SRC = join(import.meta.dir, '../../src');
const AREAS = ['tenants', 'ledger', 'traces', 'ai', 'documents', 'audit', 'streams', 'portal', 'exports', 'keys', 'proof', 'tlog', 'usage', 'plans', 'records'];
const RECORD_AREAS = ['ledger', 'ai', 'documents', 'traces', 'audit'];

/** The src folders a file imports (relative imports only, types included). */
function importedFolders(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return [...text.matchAll(/from '\.\.\/([a-z-]+)\//g)].map((m) => m[1]!);
}
const filesOf = (folder: string): string[] => readdirSync(join(SRC, folder)).filter((f) => f.endsWith('.ts')).map((f) => `${folder}/${f}`);

describe('record table layering', () => {
  it('src/tlog imports no product area (tenants, orgs and record kinds come through the table)', () => {
    for (const f of filesOf('tlog')) expect({ f, areas: importedFolders(f).filter((d) => AREAS.includes(d) && d !== 'records') }).toEqual({ f, areas: [] });
  });

  it('the trace bundle and restore verification import no record area', () => {
    for (const f of ['traces/bundle.ts', 'backup/verify.ts']) {
      expect({ f, areas: importedFolders(f).filter((d) => RECORD_AREAS.includes(d) && !f.startsWith(`${d}/`)) }).toEqual({ f, areas: [] });
    }
  });

  it('the record table contract imports no area, and tenants do not import the logs', () => {
    for (const f of filesOf('records')) expect({ f, areas: importedFolders(f).filter((d) => AREAS.includes(d) && d !== 'records') }).toEqual({ f, areas: [] });
    for (const f of filesOf('tenants')) expect({ f, tlog: importedFolders(f).includes('tlog') }).toEqual({ f, tlog: false });
  });

  it('the areas import each other without a cycle', () => {
    const graph = new Map(AREAS.map((a) => [a, new Set(filesOf(a).flatMap(importedFolders).filter((d) => d !== a && AREAS.includes(d)))]));
    const cycle = (from: string, path: string[]): string[] | null => {
      for (const next of graph.get(from) ?? []) {
        if (next === path[0]) return [...path, next];
        if (path.includes(next)) continue;
        const found = cycle(next, [...path, next]);
        if (found) return found;
      }
      return null;
    };
    for (const a of AREAS) expect(cycle(a, [a])).toBeNull();
  });
});
