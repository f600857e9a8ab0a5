// svc backup / restore: an online backup under 64 concurrent HTTPS writers restores to a store where every
// event acknowledged before the backup verifies; damaged backups and rollbacks are refused.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { FORMAT_VERSION } from '../../src/store/format';
import { call, cleanupDirs, newTenant, ownedDir, pubKey, startServer, svc, until, type Server } from '../helpers';

const dir = ownedDir;
afterAll(cleanupDirs);

/** Every entry under `root` (not following links) with its size and modification time, sorted by path. */
function tree(root: string): Array<{ path: string; bytes: number; mtimeMs: number }> {
  return (readdirSync(root, { recursive: true }) as string[])
    .map((p) => ({ p, st: lstatSync(join(root, p)) }))
    .filter(({ st }) => !st.isDirectory())
    .map(({ p, st }) => ({ path: p, bytes: st.size, mtimeMs: st.mtimeMs }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}

function flipByte(file: string, at: number): void {
  const b = readFileSync(file);
  b[at] = b[at]! ^ 0xff;
  writeFileSync(file, b);
}

let s: Server;
let data: string;
let backupDir: string;
let key: string;
let before: string[] = [];
let backupOut: any;
let savedBefore: any; // a checkpoint the operator kept before the backup

beforeAll(async () => {
  data = dir();
  s = await startServer({ dataDir: data, env: { SVC_PUBLIC_RPS: '1000000' } });
  key = (await newTenant(data, 'backup.test', 'read,write,audit:read,audit:write', 'enterprise')).key;
  expect(
    (await call(s, 'POST', '/v1/audit/orgs', { key, body: { organization_id: 'org-1', name: 'Org 1' } })).status,
  ).toBe(201);
  for (let i = 0; i < 20; i++) {
    const r = await call(s, 'POST', '/v1/audit/events', {
      key,
      body: { organization_id: 'org-1', action: 'user.login', actor: { type: 'user', id: `u${i}` } },
      headers: { 'idempotency-key': `a-${i}` },
    });
    expect(r.status).toBe(201);
  }
  // 64 concurrent writers over HTTPS; the backup runs while they write.
  const acked: Array<{ id: string; at: number }> = [];
  let stop = false;
  const client = async (c: number) => {
    for (let i = 0; !stop && i < 200; i++) {
      const r = await call(s, 'POST', '/v1/events', { key, body: { event_type: 'load', payload: { c, i } } }).catch(
        () => null,
      );
      if (r?.status === 201) acked.push({ id: r.body.event_id, at: performance.now() });
    }
  };
  const clients = Array.from({ length: 64 }, (_, c) => client(c));
  await until(() => acked.length >= 800, 60000, 5);
  // A checkpoint of the tenant's log, kept by the operator (docs/verification.md#14-svc-verify---checkpoint-did-the-log-only-grow), while the writers go on.
  savedBefore = await until(
    async () => {
      const c = await call(s, 'GET', '/v1/log/checkpoint', { key });
      return c.status === 200 ? c.body : null;
    },
    30000,
    100,
  );
  const started = performance.now();
  backupDir = join(dir(), 'backup');
  const b = await svc(['--data-dir', data, 'backup', '--to', backupDir]);
  const writtenDuring = acked.filter((a) => a.at > started).length;
  stop = true;
  await Promise.all(clients);
  expect(b.stderr).not.toContain('error');
  expect(b.code).toBe(0);
  backupOut = b.json;
  before = acked.filter((a) => a.at < started).map((a) => a.id);
  // The server kept acknowledging writes while the backup ran.
  expect(writtenDuring).toBeGreaterThan(0);
}, 180000);

afterAll(async () => {
  await s?.stop();
});

describe('svc backup --to DIR', () => {
  it('answers {dir, files, bytes, records, manifest} and writes manifest.json with a SHA-256 per file', () => {
    expect(backupOut).toEqual(
      expect.objectContaining({
        dir: backupDir,
        manifest: join(backupDir, 'manifest.json'),
        includes_master_key: false,
      }),
    );
    expect(backupOut.records).toBeGreaterThanOrEqual(20);
    const m = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
    expect(m.format_version).toBe(FORMAT_VERSION);
    expect(Number.isNaN(Date.parse(m.created_at))).toBe(false);
    // The latest checkpoint of each log (the tenant's and the org's), not older than the one kept before.
    const tenantLog = m.logs.find((l: any) => l.origin === savedBefore.origin);
    expect(tenantLog.tree_size).toBeGreaterThanOrEqual(savedBefore.tree_size);
    expect(tenantLog.root_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(m.files.map((f: any) => f.path)).toContain('db/data.mdb');
    expect(m.files.map((f: any) => f.path)).not.toContain('master.key');
    expect(backupOut.files).toBe(m.files.length);
    for (const f of m.files) {
      expect(statSync(join(backupDir, f.path)).size).toBe(f.bytes);
      expect(new Bun.CryptoHasher('sha256').update(readFileSync(join(backupDir, f.path))).digest('hex')).toBe(f.sha256);
    }
  });

  it('holds exactly the files of its manifest (no LMDB lock file)', () => {
    const m = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
    expect(tree(backupDir).map((e) => e.path)).toEqual([...m.files.map((f: any) => f.path), 'manifest.json'].sort());
  });

  it('refuses a target inside the live data directory, also through a symbolic link, and creates nothing', async () => {
    const link = join(dir(), 'link-to-data');
    symlinkSync(data, link);
    for (const to of [join(data, 'backups', 'b1'), join(link, 'b2'), data]) {
      const r = await svc(['--data-dir', data, 'backup', '--to', to]);
      expect([to, r.code, r.stderr.trim().split('\n').length]).toEqual([to, 1, 1]);
      expect(r.stderr).toContain('inside the data directory');
    }
    expect(existsSync(join(data, 'backups'))).toBe(false);
  });

  it('refuses a target directory that is not empty', async () => {
    const r = await svc(['--data-dir', data, 'backup', '--to', backupDir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('not empty');
  });
});

describe('svc restore', () => {
  it('restores into a new directory, re-verifies every record, and every event acknowledged before the backup verifies', async () => {
    const target = join(dir(), 'restored');
    const r = await svc(['--data-dir', target, 'restore', '--from', backupDir], {
      SVC_MASTER_KEY_FILE: join(data, 'master.key'),
    });
    // stderr carries progress lines at most (a slow machine prints them), never an error.
    expect(r.stderr.split('\n').filter((l) => l && !/^(restore|verify): /.test(l))).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.json).toEqual(expect.objectContaining({ restored: true, verified: true }));
    expect(r.json.records).toBeGreaterThanOrEqual(20);
    // Every event answered 201 before the backup started was committed, so it is in the snapshot.
    const restored = await startServer({
      dataDir: target,
      env: { SVC_MASTER_KEY_FILE: join(data, 'master.key'), SVC_PUBLIC_RPS: '1000000' },
    });
    try {
      expect(before.length).toBeGreaterThan(500);
      await until(
        async () => (await call(restored, 'GET', `/v1/proof/event/${before[before.length - 1]}`)).status === 200,
        30000,
      );
      for (const id of before) {
        const p = await call(restored, 'GET', `/v1/proof/event/${id}`);
        expect(p.status).toBe(200);
        expect(
          verify(
            null,
            Buffer.from(p.body.signed_payload, 'hex'),
            pubKey(p.body.public_key),
            Buffer.from(p.body.signature, 'hex'),
          ),
        ).toBe(true);
      }
      const integrity = await call(restored, 'GET', '/v1/audit/orgs/org-1/integrity', { key });
      expect(integrity.body).toEqual(expect.objectContaining({ last_seq: 20, contiguous: true }));
    } finally {
      await restored.stop();
    }
  }, 120000);

  it('refuses without the master key, and into a non-empty directory', async () => {
    const target = join(dir(), 'no-key');
    const r = await svc(['--data-dir', target, 'restore', '--from', backupDir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no master key');
    expect(existsSync(join(target, 'db'))).toBe(false);
    const busy = await svc(['--data-dir', data, 'restore', '--from', backupDir], {
      SVC_MASTER_KEY_FILE: join(data, 'master.key'),
    });
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain('not empty');
  });

  it('--not-before-checkpoint: accepts a checkpoint the backup grew from, refuses a newer one (rollback) and a forged one', async () => {
    const env = { SVC_MASTER_KEY_FILE: join(data, 'master.key') };
    const older = join(dir(), 'older.txt');
    writeFileSync(older, savedBefore.checkpoint);
    const ok = await svc(
      ['--data-dir', join(dir(), 'rb-ok'), 'restore', '--from', backupDir, '--not-before-checkpoint', older],
      env,
    );
    expect(ok.stderr).not.toContain('error');
    expect(ok.json).toEqual(expect.objectContaining({ restored: true, verified: true }));
    // The server went on after the backup: its next checkpoint is ahead of the backup, which is then a rollback.
    const m = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
    const head = m.logs.find((l: any) => l.origin === savedBefore.origin);
    await call(s, 'POST', '/v1/events', { key, body: { event_type: 'after.backup', payload: {} } });
    const newer = await until(
      async () => {
        const c = await call(s, 'GET', '/v1/log/checkpoint', { key });
        return c.status === 200 && c.body.tree_size > head.tree_size ? c.body : null;
      },
      30000,
      100,
    );
    const newerFile = join(dir(), 'newer.txt');
    writeFileSync(newerFile, newer.checkpoint);
    const target = join(dir(), 'rb-refused');
    const refused = await svc(
      ['--data-dir', target, 'restore', '--from', backupDir, '--not-before-checkpoint', newerFile],
      env,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('rollback');
    expect(existsSync(join(target, 'db'))).toBe(false);
    // Same size as the backup's log but another root: a fork.
    const forged = join(dir(), 'forged.txt');
    writeFileSync(
      forged,
      `${head.origin}\n${head.tree_size}\n${Buffer.alloc(32, 9).toString('base64')}\n\n— ${head.origin} AAAA\n`,
    );
    const fork = await svc(
      ['--data-dir', join(dir(), 'rb-fork'), 'restore', '--from', backupDir, '--not-before-checkpoint', forged],
      env,
    );
    expect(fork.code).toBe(1);
    expect(fork.stderr).toContain('another root hash');
  }, 90000);

  it('restore --check writes nothing into the backup: a read-only backup verifies and is left exactly as it was', async () => {
    const was = tree(backupDir);
    execFileSync('chmod', ['-R', 'a-w', backupDir]);
    try {
      const ok = await svc(['restore', '--check', backupDir]);
      expect(ok.json).toEqual(expect.objectContaining({ verified: true, problems: [] }));
      expect(ok.code).toBe(0);
    } finally {
      execFileSync('chmod', ['-R', 'u+w', backupDir]);
    }
    // Tests run as root, whom a read-only mode does not stop: compare every entry, its size and its mtime.
    expect(tree(backupDir)).toEqual(was);
  });

  it('refuses a backup whose files are symbolic links (or under one) to files outside it, and reports them in --check', async () => {
    const env = { SVC_MASTER_KEY_FILE: join(data, 'master.key') };
    const outside = dir();
    // The linked files have the right content, so only the link itself can be refused.
    const fileLink = join(dir(), 'file-link');
    cpSync(backupDir, fileLink, { recursive: true });
    renameSync(join(fileLink, 'db', 'data.mdb'), join(outside, 'data.mdb'));
    symlinkSync(join(outside, 'data.mdb'), join(fileLink, 'db', 'data.mdb'));
    const dirLink = join(dir(), 'dir-link');
    cpSync(backupDir, dirLink, { recursive: true });
    renameSync(join(dirLink, 'db'), join(outside, 'db'));
    symlinkSync(join(outside, 'db'), join(dirLink, 'db'));
    for (const b of [fileLink, dirLink]) {
      const target = join(dir(), 'linked');
      const r = await svc(['--data-dir', target, 'restore', '--from', b], env);
      expect([b, r.code]).toEqual([b, 1]);
      expect(r.stderr).toContain('symbolic link');
      expect(existsSync(join(target, 'db'))).toBe(false);
      const check = await svc(['restore', '--check', b]);
      expect(check.code).toBe(1);
      expect(check.json.problems.some((p: string) => p.startsWith('db/data.mdb:') && p.includes('symbolic link'))).toBe(
        true,
      );
    }
    // A link that is not in the manifest is reported too.
    const extra = join(dir(), 'extra-link');
    cpSync(backupDir, extra, { recursive: true });
    symlinkSync('/etc/passwd', join(extra, 'passwd'));
    const check = await svc(['restore', '--check', extra]);
    expect(check.json.problems).toEqual(['passwd: a symbolic link or special file; a backup holds regular files only']);
  });

  it('restore --check verifies an intact backup and names the file of a changed byte', async () => {
    const ok = await svc(['restore', '--check', backupDir]);
    expect(ok.code).toBe(0);
    expect(ok.json).toEqual(expect.objectContaining({ verified: true, problems: [] }));
    flipByte(join(backupDir, 'db', 'data.mdb'), 4096 + 17);
    const bad = await svc(['restore', '--check', backupDir]);
    expect(bad.code).toBe(1);
    expect(bad.json.verified).toBe(false);
    expect(bad.json.problems.length).toBe(1);
    expect(bad.json.problems[0]).toStartWith('db/data.mdb:');
    const refused = await svc(['--data-dir', join(dir(), 'damaged'), 'restore', '--from', backupDir], {
      SVC_MASTER_KEY_FILE: join(data, 'master.key'),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('damaged');
  });
});

describe('svc backup --include-master-key', () => {
  it('says so loudly, carries the key, and restores without SVC_MASTER_KEY_FILE', async () => {
    const to = join(dir(), 'with-key');
    const b = await svc(['--data-dir', data, 'backup', '--to', to, '--include-master-key']);
    expect(b.code).toBe(0);
    expect(b.stderr).toContain('INCLUDES THE MASTER KEY');
    expect(b.json.includes_master_key).toBe(true);
    expect(readFileSync(join(to, 'master.key'), 'utf8')).toBe(readFileSync(join(data, 'master.key'), 'utf8'));
    const target = join(dir(), 'from-key');
    const r = await svc(['--data-dir', target, 'restore', '--from', to]);
    expect(r.code).toBe(0);
    expect(r.json.verified).toBe(true);
    expect(statSync(join(target, 'master.key')).mode & 0o777).toBe(0o600);
  }, 60000);
});
