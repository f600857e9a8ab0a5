// Owns `svc restore`: checking a backup against its manifest, refusing rollbacks, copying it into a new data
// directory and re-verifying every record there; and `svc restore --check DIR` (the checks alone).
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { config, setConfig } from '../config';
import { closeStore, openStore } from '../store/env';
import { FORMAT_VERSION } from '../store/format';
import { clearRetentionLock } from '../audit/service';
import { readNote, refuseRollback, type NoteHead } from './checkpoint';
import { checkFiles, readManifest, type LogHead } from './manifest';
import { progress } from './progress';
import { verifyOpenStore } from './verify';

/**
 * Whether a backup's log head is consistent with an older checkpoint the operator holds (RFC 6962 consistency
 * proof from the restored log). TO BE WIRED when the logs exist (src/tlog/); null = cannot tell (refused).
 */
export function checkLogConsistency(_head: LogHead, _note: NoteHead): boolean | null {
  return null;
}

export type CheckResult = { verified: boolean; problems: string[]; records: number };

/** Manifest and file checks, then the store of the backup opened read-only in place and fully re-verified. */
export async function checkBackup(dir: string): Promise<CheckResult> {
  const from = resolve(dir);
  let m;
  try {
    m = readManifest(from);
  } catch (e) {
    return { verified: false, problems: [(e as Error).message], records: 0 };
  }
  const problems: string[] = [];
  if (m.format_version > FORMAT_VERSION) problems.push(`manifest.json: data format ${m.format_version} is newer than this build supports (${FORMAT_VERSION})`);
  const p = progress('check: files', 'bytes');
  problems.push(...(await checkFiles(from, m, p)));
  p.done();
  // The store is opened only when its file is intact: a damaged LMDB file is reported, not read.
  if (problems.length) return { verified: false, problems, records: 0 };
  const cfg = config();
  setConfig({ ...cfg, dataDir: from, masterKeyFile: join(from, 'master.key') });
  try {
    openStore(from, { readOnly: true });
    const r = verifyOpenStore({ withMasterKey: m.includes_master_key });
    return { verified: r.problems.length === 0, problems: r.problems.map((x) => `db/data.mdb: ${x}`), records: r.records };
  } finally {
    await closeStore();
    setConfig(cfg);
  }
}

export type RestoreResult = { restored: true; records: number; verified: true; data_dir: string; files: number; master_key: string };

/**
 * Restores `dir` into the configured data directory (must not exist or be empty). Refuses a damaged backup, a
 * newer format, a rollback behind `notBeforeCheckpoint`, and a missing master key; throws one line.
 */
export async function restoreBackup(dir: string, opts: { notBeforeCheckpoint?: string }): Promise<RestoreResult> {
  const from = resolve(dir);
  const cfg = config();
  const target = cfg.dataDir;
  if (existsSync(target) && readdirSync(target).length) throw new Error(`${target} is not empty: restore into a new data directory`);
  const m = readManifest(from);
  if (m.format_version > FORMAT_VERSION) throw new Error(`the backup has data format ${m.format_version}, newer than this build supports (${FORMAT_VERSION}): restore it with a newer proof-ledger`);
  if (opts.notBeforeCheckpoint) {
    const reason = refuseRollback(readNote(opts.notBeforeCheckpoint), m.logs, checkLogConsistency);
    if (reason) throw new Error(reason);
  }
  const p = progress('restore: checking files', 'bytes');
  const damaged = await checkFiles(from, m, p);
  p.done();
  if (damaged.length) throw new Error(`the backup is damaged: ${damaged[0]}${damaged.length > 1 ? ` (and ${damaged.length - 1} more; see svc restore --check)` : ''}`);
  const keyInBackup = m.files.some((f) => f.path === 'master.key');
  const defaultKey = join(target, 'master.key');
  if (!keyInBackup && (cfg.masterKeyFile === defaultKey || !existsSync(cfg.masterKeyFile))) {
    throw new Error('the backup holds no master key: set SVC_MASTER_KEY_FILE to the master key file of the backed-up appliance');
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
  // The snapshot was taken holding the retention lock of the backing-up process; it means nothing here.
  openStore(target);
  await clearRetentionLock();
  await closeStore();
  openStore(target, { readOnly: true });
  let report;
  try {
    report = verifyOpenStore({ withMasterKey: true });
  } finally {
    await closeStore();
  }
  if (report.problems.length) throw new Error(`restored into ${target} but verification failed: ${report.problems[0]}${report.problems.length > 1 ? ` (and ${report.problems.length - 1} more)` : ''}`);
  return { restored: true, records: report.records, verified: true, data_dir: target, files: m.files.length, master_key: keyFile };
}
