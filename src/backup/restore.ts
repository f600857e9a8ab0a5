// Owns `svc restore`: checking a backup against its manifest, refusing rollbacks, copying it into a new data
// directory and re-verifying every record there; and `svc restore --check DIR` (the checks alone).
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { config, setConfig } from '../config';
import { closeStore, leaveClusterAt, openStore } from '../store/env';
import { FORMAT_VERSION } from '../store/format';
import { clearRetentionLock } from '../audit/service';
import { readNote, refuseRollback, type NoteHead } from './checkpoint';
import { checkFiles, readManifest, type LogHead, type Manifest } from './manifest';
import { progress } from './progress';
import { allLogs, rootAt } from '../tlog/index';
import { verifyOpenStore, type StoreReport } from './verify';

/**
 * On the opened restored store: whether its log of the note's origin, at the note's size, has the note's root,
 * i.e. the restored log is the note's log grown (consistent with it). null when the log cannot tell.
 */
export function checkLogConsistency(_head: LogHead, note: NoteHead): boolean | null {
  const log = allLogs().find((l) => l.origin === note.origin);
  if (!log) return null;
  try {
    return Buffer.from(rootAt(log.num, note.tree_size)).toString('hex') === note.root_hash;
  } catch {
    return null; // subtrees missing: the log is shorter than the note
  }
}

export type CheckResult = { verified: boolean; problems: string[]; records: number };

/** Manifest and file checks, then the store of the backup opened read-only in place and fully re-verified. */
export async function checkBackup(dir: string): Promise<CheckResult> {
  const from = resolve(dir);
  let m: Manifest;
  try {
    m = readManifest(from);
  } catch (e) {
    return { verified: false, problems: [(e as Error).message], records: 0 };
  }
  const problems: string[] = [];
  if (m.format_version > FORMAT_VERSION)
    problems.push(
      `manifest.json: data format ${m.format_version} is newer than this build supports (${FORMAT_VERSION})`,
    );
  const p = progress('check: files', 'bytes');
  problems.push(...(await checkFiles(from, m, p)));
  p.done();
  // The store is opened only when its file is intact: a damaged LMDB file is reported, not read.
  if (problems.length) return { verified: false, problems, records: 0 };
  const cfg = config();
  setConfig({ ...cfg, dataDir: from, masterKeyFile: join(from, 'master.key') });
  try {
    // Read-only and untouched: checking writes nothing into the backup (read-only or WORM media), not even a lock file.
    openStore(from, { readOnly: true, untouched: true });
    const r = verifyOpenStore({ withMasterKey: m.includes_master_key });
    return {
      verified: r.problems.length === 0,
      problems: r.problems.map((x) => `db/data.mdb: ${x}`),
      records: r.records,
    };
  } finally {
    await closeStore();
    setConfig(cfg);
  }
}

export type RestoreResult = {
  restored: true;
  records: number;
  verified: true;
  data_dir: string;
  files: number;
  master_key: string;
};

/**
 * Restores `dir` into the configured data directory (must not exist or be empty). Refuses a damaged backup, a
 * newer format, a rollback behind `notBeforeCheckpoint`, and a missing master key; throws one line.
 */
/** `standalone`: the restored store forgets the cluster its backup came from (a single appliance from then on). */
export async function restoreBackup(
  dir: string,
  opts: { notBeforeCheckpoint?: string; standalone?: boolean },
): Promise<RestoreResult> {
  const from = resolve(dir);
  const cfg = config();
  const target = cfg.dataDir;
  if (existsSync(target) && readdirSync(target).length)
    throw new Error(`${target} is not empty: restore into a new data directory`);
  const m = readManifest(from);
  if (m.format_version > FORMAT_VERSION)
    throw new Error(
      `the backup has data format ${m.format_version}, newer than this build supports (${FORMAT_VERSION}): restore it with a newer proof-ledger`,
    );
  // A larger log is proven consistent once the restored store is open (below); the rest is decided now.
  const note = opts.notBeforeCheckpoint ? readNote(opts.notBeforeCheckpoint) : null;
  if (note) {
    const reason = refuseRollback(note, m.logs, () => true);
    if (reason) throw new Error(reason);
  }
  const p = progress('restore: checking files', 'bytes');
  const damaged = await checkFiles(from, m, p);
  p.done();
  if (damaged.length)
    throw new Error(
      `the backup is damaged: ${damaged[0]}${damaged.length > 1 ? ` (and ${damaged.length - 1} more; see svc restore --check)` : ''}`,
    );
  const keyInBackup = m.files.some((f) => f.path === 'master.key');
  const defaultKey = join(target, 'master.key');
  if (!keyInBackup && (cfg.masterKeyFile === defaultKey || !existsSync(cfg.masterKeyFile))) {
    throw new Error(
      'the backup holds no master key: set SVC_MASTER_KEY_FILE to the master key file of the backed-up appliance',
    );
  }
  const copy = progress('restore: copying', 'bytes');
  mkdirSync(target, { recursive: true, mode: 0o700 });
  for (const f of m.files) {
    const to = join(target, f.path);
    mkdirSync(dirname(to), { recursive: true, mode: 0o700 });
    copyFileSync(join(from, f.path), to);
    copy.add(f.bytes);
  }
  copy.done();
  const keyFile = keyInBackup ? defaultKey : cfg.masterKeyFile;
  if (keyInBackup) chmodSync(defaultKey, 0o600);
  setConfig({ ...cfg, masterKeyFile: keyFile });
  if (opts.standalone) await leaveClusterAt(target);
  // The snapshot was taken holding the retention lock of the backing-up process; it means nothing here.
  openStore(target, { replicated: !!cfg.replication });
  await clearRetentionLock();
  await closeStore();
  openStore(target, { readOnly: true });
  let report: StoreReport | null;
  let rollback: string | null = null;
  try {
    if (note) rollback = refuseRollback(note, m.logs, checkLogConsistency);
    report = rollback ? null : verifyOpenStore({ withMasterKey: true });
  } finally {
    await closeStore();
  }
  if (rollback || !report) {
    rmSync(target, { recursive: true, force: true });
    throw new Error(rollback ?? 'refused');
  }
  if (report.problems.length)
    throw new Error(
      `restored into ${target} but verification failed: ${report.problems[0]}${report.problems.length > 1 ? ` (and ${report.problems.length - 1} more)` : ''}`,
    );
  return {
    restored: true,
    records: report.records,
    verified: true,
    data_dir: target,
    files: m.files.length,
    master_key: keyFile,
  };
}
