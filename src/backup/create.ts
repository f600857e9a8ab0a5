// Owns `svc backup --to DIR`: an online, consistent snapshot of a data directory (LMDB's own compacting copy)
// with its cold audit segments, live export files and TLS material, and a manifest of every file.
import { copyFileSync, existsSync, mkdirSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { config } from '../config';
import { ApiError } from '../errors';
import { log } from '../log';
import { backupStore, entryCounts } from '../store/env';
import { FORMAT_VERSION } from '../store/format';
import { withRetentionLock } from '../audit/service';
import { liveExportFiles } from '../exports/service';
import { allLogs, latestCheckpoint } from '../tlog/index';
import { hashFile, listFiles, writeManifest, type LogHead, type ManifestFile } from './manifest';
import { progress } from './progress';
import pkg from '../../package.json' with { type: 'json' };

/** The sub-databases holding signed records (ledger, AI, documents, audit repo.ts), counted into `records`. */
const RECORD_DATABASES = ['ledger_events', 'ai_attestations', 'documents', 'audit_events'];

/**
 * The latest signed checkpoint of every transparency log, recorded in the manifest. Read just before the
 * snapshot: checkpoints only grow, so the snapshot holds at least these (a restore can prove them).
 */
export function logHeadsForBackup(): LogHead[] {
  const out: LogHead[] = [];
  for (const l of allLogs()) {
    const cp = latestCheckpoint(l.num);
    if (cp && l.origin)
      out.push({ origin: l.origin, tree_size: cp.tree_size, root_hash: Buffer.from(cp.root).toString('hex') });
  }
  return out;
}

export type BackupResult = {
  dir: string;
  files: number;
  bytes: number;
  records: number;
  manifest: string;
  includes_master_key: boolean;
};

function copyInto(from: string, to: string): number {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
  return statSync(to).size;
}

/** The real path `path` would have: its nearest existing ancestor resolved (symbolic links followed), the rest appended. */
function realPathOf(path: string): string {
  const rest: string[] = [];
  let at = resolve(path);
  while (!existsSync(at) && dirname(at) !== at) {
    rest.unshift(basename(at));
    at = dirname(at);
  }
  return join(realpathSync(at), ...rest);
}

/**
 * Writes the backup into `to` (created; must not exist or be empty) while the server keeps serving. Audit
 * retention is held off meanwhile, so the cold segments copied are exactly the ones the snapshot refers to.
 * A target inside the live data directory (by real path) is refused: it would back up into what it copies.
 */
export async function createBackup(to: string, opts: { includeMasterKey: boolean }): Promise<BackupResult> {
  const cfg = config();
  const data = realpathSync(cfg.dataDir);
  const target = realPathOf(to);
  if (target === data || target.startsWith(data + sep))
    throw new ApiError(
      'bad_request',
      `${to} is inside the data directory ${cfg.dataDir}: back up to a directory outside it`,
    );
  if (existsSync(to) && readdirSync(to).length)
    throw new ApiError('bad_request', `${to} is not empty: back up into a new directory`);
  mkdirSync(join(to, 'db'), { recursive: true });
  const createdAt = new Date().toISOString();
  const logs = await withRetentionLock(
    60_000,
    new ApiError('retention_busy', 'An audit retention pass is running; retry the backup shortly'),
    async (): Promise<LogHead[]> => {
      const heads = logHeadsForBackup();
      const snap = progress('backup: store snapshot', 'bytes');
      const dataFile = join(to, 'db', 'data.mdb');
      const timer = setInterval(() => existsSync(dataFile) && snap.set(statSync(dataFile).size), 250);
      try {
        await backupStore(join(to, 'db'));
      } finally {
        clearInterval(timer);
      }
      snap.set(statSync(dataFile).size);
      snap.done();
      const files = progress('backup: files', 'bytes');
      const cold = join(cfg.dataDir, 'audit-cold');
      for (const f of listFiles(cold))
        if (!basename(f).startsWith('.')) files.add(copyInto(join(cold, f), join(to, 'audit-cold', f)));
      for (const f of liveExportFiles()) if (existsSync(f)) files.add(copyInto(f, join(to, 'exports', basename(f))));
      for (const f of ['tls/cert.pem', 'tls/key.pem', 'plans.json'])
        if (existsSync(join(cfg.dataDir, f))) files.add(copyInto(join(cfg.dataDir, f), join(to, f)));
      files.done();
      return heads;
    },
  );
  if (opts.includeMasterKey) copyInto(cfg.masterKeyFile, join(to, 'master.key'));
  const counts = await entryCounts(join(to, 'db'), RECORD_DATABASES);
  const hashing = progress('backup: hashing', 'bytes');
  const entries: ManifestFile[] = [];
  for (const path of listFiles(to)) {
    const { sha256, bytes } = await hashFile(join(to, path), hashing);
    entries.push({ path, bytes, sha256 });
  }
  hashing.done();
  const records = Object.values(counts).reduce((a, b) => a + b, 0);
  const manifest = writeManifest(to, {
    format_version: FORMAT_VERSION,
    created_at: createdAt,
    product_version: pkg.version,
    includes_master_key: opts.includeMasterKey,
    records,
    files: entries,
    logs,
  });
  const bytes = entries.reduce((a, f) => a + f.bytes, 0);
  log('info', 'backup written', {
    dir: to,
    files: entries.length,
    bytes,
    records,
    includes_master_key: opts.includeMasterKey,
  });
  return { dir: to, files: entries.length, bytes, records, manifest, includes_master_key: opts.includeMasterKey };
}
