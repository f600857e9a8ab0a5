// The operator's documents agree with what ships: the systemd unit's Documentation= names files the documented
// install copies, its EnvironmentFile is the env file the documented CLI line loads, and CHANGELOG.md's newest
// entry is package.json's version.
import { describe, expect, it } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import { ROOT } from '../helpers';

const unit = readFileSync(join(ROOT, 'scripts/proof-ledger.service'), 'utf8');
const ops = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
const systemd = ops.slice(ops.indexOf('## Install as a systemd service'), ops.indexOf('## Container'));
const setting = (name: string) => [...unit.matchAll(new RegExp(`^${name}=(.*)$`, 'gm'))].map((m) => m[1]!);

describe('scripts/proof-ledger.service and docs/operations.md', () => {
  it('Documentation= names only files that the install steps copy there', () => {
    const install = /sudo install -D -m 0644 -t (\S+) (.+?)\s+#/.exec(systemd);
    expect(install).not.toBeNull();
    const [, target, sources] = install!;
    const copied = sources!
      .split(/\s+/)
      .flatMap((src) =>
        src.includes('*')
          ? [...new Bun.Glob(src).scanSync({ cwd: ROOT })].map((f) => f.split('/').at(-1)!)
          : [src.split('/').at(-1)!],
      );
    const docs = setting('Documentation').flatMap((d) => d.split(/\s+/));
    expect(docs.length).toBeGreaterThan(0);
    for (const d of docs) {
      expect(d).toStartWith(`file://${target}/`);
      const name = d.slice(`file://${target}/`.length);
      expect(copied).toContain(name);
      expect(existsSync(join(ROOT, 'docs', name)) || existsSync(join(ROOT, name))).toBe(true);
    }
  });

  it('the CLI line of the install steps loads the env file the unit reads', () => {
    const envFile = setting('EnvironmentFile')[0]!.replace(/^-/, '');
    expect(envFile).toBe('/etc/proof-ledger/env');
    const doctor = systemd.split('\n').find((l) => l.includes('svc doctor'))!;
    expect(doctor).toContain(`set -a; . ${envFile}; set +a;`);
    expect(doctor).toContain('sudo -u proof-ledger');
  });
});

describe('CHANGELOG.md', () => {
  it("starts with package.json's version, and every entry says what it does to the data format", () => {
    const log = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
    const entries = log.split(/^## /m).slice(1);
    expect(entries[0]!.split('\n')[0]).toBe(pkg.version);
    // The first release had nothing to upgrade from.
    for (const e of entries.slice(0, -1))
      expect({ version: e.split('\n')[0], format: e.includes('**Data format:**') }).toEqual({
        version: e.split('\n')[0],
        format: true,
      });
  });
});
