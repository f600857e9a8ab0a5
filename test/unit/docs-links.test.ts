// The repository stands alone: every relative link in README.md and docs/ resolves to a file (and heading)
// inside it, and no document sends the reader to files that are not in the repository.
import { describe, expect, it } from 'bun:test';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { Glob } from 'bun';
import { ROOT } from '../helpers';

const docs = ['README.md', ...new Glob('docs/**/*.md').scanSync({ cwd: ROOT })].sort();

/** GitHub's heading anchors: lowercase, punctuation dropped, spaces to hyphens. */
const slug = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
const anchorsOf = (file: string) =>
  new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => slug(l.replace(/^#+ /, ''))),
  );

function links(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

describe('README.md and docs/', () => {
  it('exist and link to each other', () => {
    expect(docs).toContain('docs/api.md');
    expect(docs).toContain('docs/architecture.md');
    expect(docs).toContain('docs/operations.md');
    expect(docs.reduce((n, f) => n + links(f).length, 0)).toBeGreaterThan(20);
  });

  for (const file of docs) {
    it(`${file}: every relative link resolves inside the repository`, () => {
      for (const link of links(file)) {
        if (/^[a-z]+:/i.test(link)) continue; // absolute URLs are not files of the repository
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path ? resolve(ROOT, dirname(file), decodeURI(path)) : join(ROOT, file);
        expect(relative(ROOT, target).startsWith('..'), `${file} -> ${link} leaves the repository`).toBe(false);
        expect(existsSync(target), `${file} -> ${link} does not exist`).toBe(true);
        if (anchor && statSync(target).isFile() && target.endsWith('.md')) {
          expect(anchorsOf(target).has(anchor), `${file} -> ${link}: no such heading`).toBe(true);
        }
      }
    });
  }

  it('do not send readers to documents outside the repository', () => {
    for (const file of docs) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(text, file).not.toMatch(/\b(SPEC|DECISIONS|APPLIANCE|ARCHITECTURE)\.md\b/);
      expect(text, file).not.toContain('../shared');
    }
  });
});

describe('scripts/proof-ledger.service', () => {
  it('runs the executable as a dedicated user with the usual hardening', () => {
    const unit = readFileSync(join(ROOT, 'scripts', 'proof-ledger.service'), 'utf8');
    for (const line of [
      'User=proof-ledger',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ReadWritePaths=/var/lib/proof-ledger',
      'LimitNOFILE=',
      'Restart=on-failure',
      'ExecStart=/opt/proof-ledger/proof-ledger serve',
      'ExecReload=/bin/kill -HUP $MAINPID',
    ]) {
      expect(unit).toContain(line);
    }
  });
});
