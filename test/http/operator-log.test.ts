// The operator log (docs/transparency-logs.md#operator-log): every state-changing operator command appends one entry, no secret is in it, its checkpoints enter the head, and `svc operator verify` passes, then fails after tampering.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { open } from 'lmdb';
import { call, cleanupDirs, cli, ownedDir, sha, startServer, svc, until, type Server } from '../helpers';
import { testLog } from './independent-witness';
import { leafHashOf } from './independent-tlog';

const dir = ownedDir();
// No bootstrap tenant: the log holds exactly the commands below (the bootstrap's entries: operator-commands.test.ts).
const ENV = { SVC_CHECKPOINT_SECONDS: '1', SVC_HEAD_SECONDS: '1', SVC_BOOTSTRAP: '0' };
/** The account running the tests as the system names it (`id -un`): what the operator log must record as `by`. */
const osUserName = Bun.spawnSync(['id', '-un']).stdout.toString().trim();
let s: Server;
let plaintext = '';
const made: Record<string, string> = {};

/** Canonical JSON as docs/verification.md#2-canonical-json defines it, for the flat objects entries are (keys sorted by code point). */
const canonical = (v: unknown): string =>
  v === null || typeof v !== 'object'
    ? JSON.stringify(v)
    : Array.isArray(v)
      ? `[${v.map(canonical).join(',')}]`
      : `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`;

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: ENV });
  const run = async (...args: string[]) => {
    const r = await cli(dir, ...args);
    // stderr may carry progress lines and the backup's master-key warning; the exit status says it worked.
    expect([args.join(' '), r.code, r.code ? r.stderr : '']).toEqual([args.join(' '), 0, '']);
    return r.json;
  };
  const t = await run('tenant', 'create', '--name', 'Ops', '--domain', 'ops.test', '--plan', 'free');
  made.tenant = t.tenant_id;
  await run('tenant', 'set-plan', 'ops.test', 'enterprise');
  await run('tenant', 'set-past-due', 'ops.test', 'on');
  await run('tenant', 'verify-domain', 'ops.test', '--force');
  made.newKey = (await run('tenant', 'rotate-key', 'ops.test')).key_id;
  const k = await run('key', 'create', '--tenant', 'ops.test', '--name', 'deploy', '--scopes', 'read,write');
  plaintext = k.api_key;
  made.apiKey = k.key_id;
  await run('key', 'revoke', k.key_id);
  await run('retention', 'run');
  const log = testLog('log.test/operator');
  made.origin = log.origin;
  await run('witness', 'add-log', '--origin', log.origin, '--vkey', log.vkey);
  made.backup = join(ownedDir(), 'b');
  await run('backup', '--to', made.backup, '--include-master-key');
}, 60_000);
afterAll(async () => {
  await s.stop();
  cleanupDirs();
});

describe('svc operator log', () => {
  it('lists one {leaf_index, entry} per command, in order, with action, RFC 3339 time, the OS user and the ids acted on', async () => {
    const r = await cli(dir, 'operator', 'log');
    expect(r.code).toBe(0);
    const entries = r.json as Array<{ leaf_index: number; entry: any }>;
    expect(entries.map((e) => e.leaf_index)).toEqual(entries.map((_, i) => i));
    expect(entries.map((e) => e.entry.action)).toEqual([
      'tenant.create',
      'tenant.set_plan',
      'tenant.set_past_due',
      'tenant.verify_domain',
      'tenant.rotate_key',
      'key.create',
      'key.revoke',
      'retention.run',
      'witness.add_log',
      'backup',
    ]);
    for (const { entry } of entries) {
      expect(Object.keys(entry).sort()).toEqual(['action', 'at', 'by', 'details', 'target']);
      expect(entry.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      expect(entry.by).toBe(osUserName);
    }
    const byAction = Object.fromEntries(entries.map((e) => [e.entry.action, e.entry]));
    expect(byAction['tenant.create'].target).toEqual({ tenant_id: made.tenant });
    expect(byAction['tenant.set_plan'].details).toEqual({ plan: 'enterprise' });
    expect(byAction['tenant.rotate_key'].details.key_id).toBe(made.newKey);
    expect(byAction['key.create'].target).toEqual({ tenant_id: made.tenant, key_id: made.apiKey });
    expect(byAction['key.revoke'].target).toEqual({ tenant_id: made.tenant, key_id: made.apiKey });
    expect(byAction['witness.add_log'].target).toEqual({ origin: made.origin });
    expect(byAction.backup.details.includes_master_key).toBe(true);
  });

  it('never holds a secret: no API key plaintext, no master key, no sealed or private key bytes', async () => {
    const text = (await cli(dir, 'operator', 'log')).stdout;
    const master = readFileSync(join(dir, 'master.key'));
    expect(text).not.toContain(plaintext);
    expect(text).not.toContain(plaintext.slice('svc_live_'.length));
    expect(text).not.toContain('svc_live_');
    for (const form of [master.toString('hex'), master.toString('base64'), master.toString('utf8').trim()])
      expect(text).not.toContain(form);
    expect(text).not.toMatch(/seed|private/i);
  });

  it('stores each entry as canonical JSON bytes whose leaf hashes make the log the head commits to', async () => {
    const entries = (await cli(dir, 'operator', 'log')).json as Array<{ leaf_index: number; entry: unknown }>;
    const origin = (await call(s, 'GET', '/.well-known/svc-platform-key')).body.note_verifier_key
      .split('+')[0]
      .replace(/\/head$/, '/operator');
    // Its checkpoint of every entry is a head leaf, in a published head.
    const inc = await until(async () => {
      const r = await call(
        s,
        'GET',
        `/v1/proof/head/inclusion?origin=${encodeURIComponent(origin)}&size=${entries.length}`,
      );
      return r.status === 200 && r.body;
    }, 20_000);
    expect(inc.leaf_index).toBeGreaterThanOrEqual(0);
    // The head leaf of that checkpoint commits to the root of the canonical entries, recomputed here.
    const { mth } = await import('./independent-tlog');
    const root = mth(entries.map((e) => leafHashOf(Buffer.from(canonical(e.entry)))));
    const leaf = `svc-head-leaf/v1\n${sha(origin)}\n${entries.length}\n${root.toString('base64')}\n`;
    expect(inc.leaf_hash).toBe(sha(Buffer.concat([Buffer.from([0]), Buffer.from(leaf)])));
  });
});

describe('svc operator verify', () => {
  it('passes once a checkpoint covers every entry, and fails (exit 1) after an entry is rewritten in the store', async () => {
    const n = ((await cli(dir, 'operator', 'log')).json as unknown[]).length;
    const ok = await until(async () => {
      const r = await cli(dir, 'operator', 'verify');
      return r.json?.checkpoint?.tree_size === n && r;
    }, 20_000);
    expect([ok.code, ok.json.log_verified, ok.json.first_bad_leaf, ok.json.tail_verified]).toEqual([
      0,
      true,
      null,
      true,
    ]);

    await s.stop();
    const env = open({ path: join(dir, 'db'), maxDbs: 128 });
    const ids = env.openDB({ name: 'tlog_log_ids', keyEncoding: 'ordered-binary' });
    const num = ids.get(['', 'operator']) as number;
    const data = env.openDB({ name: 'tlog_leaf_data', keyEncoding: 'ordered-binary', encoding: 'binary' });
    const original = data.get([num, 2]) as Buffer;
    await env.transaction(() =>
      data.putSync([num, 2], Buffer.from(original.toString().replace(osUserName, 'someone-else'))),
    );
    const bad = await cli(dir, 'operator', 'verify');
    expect([bad.code, bad.json.log_verified, bad.json.first_bad_leaf]).toEqual([1, false, 2]);
    expect(bad.stderr).toContain('operator log does not verify');

    // Removing the newest entry (a rollback of the log's tail) is caught too.
    await env.transaction(() => {
      data.putSync([num, 2], original);
      data.removeSync([num, n - 1]);
    });
    await env.close();
    const cut = await cli(dir, 'operator', 'verify');
    expect([cut.code, cut.json.log_verified, cut.json.tail_verified, cut.json.first_bad_leaf]).toEqual([
      1,
      false,
      false,
      n - 1,
    ]);
    s = await startServer({ dataDir: dir, env: ENV });
  }, 60_000);

  it('restore appends its entry to the restored data directory', async () => {
    const target = join(ownedDir(), 'restored');
    const r = await svc(['--data-dir', target, 'restore', '--from', made.backup]);
    expect([r.code, r.stderr.split('\n').filter((l) => l && !/^(restore|verify): /.test(l))]).toEqual([0, []]);
    const entries = (await cli(target, 'operator', 'log')).json as Array<{ entry: any }>;
    expect(entries.at(-1)!.entry).toEqual(expect.objectContaining({ action: 'restore', target: { data_dir: target } }));
    // The backup was taken before its own entry: the restored log is the source's first entries, then the restore.
    expect(entries.map((e) => e.entry.action).slice(0, -1)).toEqual([
      'tenant.create',
      'tenant.set_plan',
      'tenant.set_past_due',
      'tenant.verify_domain',
      'tenant.rotate_key',
      'key.create',
      'key.revoke',
      'retention.run',
      'witness.add_log',
    ]);
  }, 60_000);
});
