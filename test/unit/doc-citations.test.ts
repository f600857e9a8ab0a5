// The code cites the product's own docs: every `docs/<file>.md#<anchor>` in src/, tui/, scripts/, test/ and clients/
// names a file of docs/ and a heading of it, and nothing in the tree sends a reader to documents outside the repository.
import { describe, expect, it } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Glob } from 'bun';
import { ROOT } from '../helpers';

const SOURCE = new Glob('{src,tui,scripts,test,clients}/**/*.{ts,tsx,js,mjs,py,sh}');
const sources = [...SOURCE.scanSync({ cwd: ROOT })]
  .filter((f) => !/(^|\/)(node_modules|dist|__pycache__)\//.test(f))
  .sort();
const markdown = ['README.md', ...new Glob('{docs,clients}/**/*.md').scanSync({ cwd: ROOT })].filter(
  (f) => !f.includes('node_modules/'),
);

/** GitHub's heading anchors: lowercase, markup and punctuation dropped, spaces to hyphens; repeats get -1, -2, ... */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a markdown text's headings (outside fenced code), as GitHub numbers repeated ones. */
export function anchorsOf(md: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of md.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced || !/^#{1,6} /.test(line)) continue;
    const base = slug(line.replace(/^#+ /, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** `docs/<file>.md` and `docs/<file>.md#<anchor>` citations in a text (also as `../docs/...`). */
export function citations(text: string): Array<{ file: string; anchor: string | undefined }> {
  return [...text.matchAll(/(?<![\w-])docs\/([\w./-]+?\.md)(?:#([\w-]*[\w]))?/g)].map((m) => ({
    file: `docs/${m[1]}`,
    anchor: m[2],
  }));
}

// Names of the documents that are not part of the repository, and how they used to be cited.
const OUTSIDE = [
  /\b(DECISIONS|APPLIANCE)\b/,
  /\bSPEC\b/,
  /\b(SPEC|SDK|ARCHITECTURE|DECISIONS|APPLIANCE)\.md\b/,
  /\.\.\/shared\b/,
  /\b(SDK|SPEC)\s*§/,
];
// The two tests that name them in order to forbid them.
const NAMING_THEM = new Set(['test/unit/doc-citations.test.ts', 'test/unit/docs-links.test.ts']);

describe('slug and citations', () => {
  it('makes GitHub anchors of headings, numbering repeats and skipping fenced code', () => {
    expect(slug('## 14. `svc verify --checkpoint`: did the log only grow?'.slice(3))).toBe(
      '14-svc-verify---checkpoint-did-the-log-only-grow',
    );
    expect(slug('Creating a trace (`POST /v1/traces`, scope write)')).toBe(
      'creating-a-trace-post-v1traces-scope-write',
    );
    expect(slug('The viewer page (`{public_url}/portal`)')).toBe('the-viewer-page-publicurlportal');
    expect([...anchorsOf('# A\n## Write path\n```\n# not a heading\n```\n## Write path\n')]).toEqual([
      'a',
      'write-path',
      'write-path-1',
    ]);
  });
  it('finds citations with and without an anchor, and not inside other paths', () => {
    expect(
      citations('// docs/api.md#idempotency: x (docs/verification.md). See ../docs/audit.md, site-docs/x.md'),
    ).toEqual([
      { file: 'docs/api.md', anchor: 'idempotency' },
      { file: 'docs/verification.md', anchor: undefined },
      { file: 'docs/audit.md', anchor: undefined },
    ]);
  });
});

describe('citations of docs/ in the source tree', () => {
  const cited = sources.flatMap((f) => citations(readFileSync(join(ROOT, f), 'utf8')).map((c) => ({ ...c, from: f })));
  const anchors = new Map<string, Set<string>>();

  it('are many, over every top-level folder that has code', () => {
    expect(cited.length).toBeGreaterThan(300);
    for (const top of ['src/', 'tui/', 'scripts/', 'test/', 'clients/'])
      expect(
        cited.some((c) => c.from.startsWith(top)),
        top,
      ).toBe(true);
  });

  it('name a file of docs/ and, with an anchor, one of its headings', () => {
    const bad: string[] = [];
    for (const { file, anchor, from } of cited) {
      if (!existsSync(join(ROOT, file))) {
        bad.push(`${from}: ${file} does not exist`);
        continue;
      }
      if (!anchor) continue;
      let known = anchors.get(file);
      if (!known) anchors.set(file, (known = anchorsOf(readFileSync(join(ROOT, file), 'utf8'))));
      if (!known.has(anchor)) bad.push(`${from}: ${file}#${anchor} is no heading of ${file}`);
    }
    expect(bad).toEqual([]);
  });
});

describe('documents outside the repository', () => {
  it('are cited nowhere: not in code, tests, scripts, clients, README.md or docs/', () => {
    const bad: string[] = [];
    for (const f of [...sources, ...markdown]) {
      if (NAMING_THEM.has(f)) continue;
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (OUTSIDE.some((re) => re.test(line))) bad.push(`${f}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(bad).toEqual([]);
  });
});
