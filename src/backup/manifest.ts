// Owns a backup's manifest.json: the list of files with their size and SHA-256, the data format version and the
// latest checkpoint of each transparency log; writing it, and checking a backup directory against it.
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Progress } from './progress';
import { HEX64 } from '../verify/records';

export type LogHead = { origin: string; tree_size: number; root_hash: string };
export type ManifestFile = { path: string; bytes: number; sha256: string };
export type Manifest = {
  format_version: number;
  created_at: string;
  product_version: string;
  includes_master_key: boolean;
  records: number;
  files: ManifestFile[];
  logs: LogHead[];
};

export const MANIFEST = 'manifest.json';
/** LMDB's lock file, left in backups by versions that opened the backup's store in place; never part of one. */
const IGNORED = new Set(['db/lock.mdb']);

/** Every regular file under `dir`, as paths relative to it with '/' separators, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

/** Entries under `dir` that are neither regular files nor directories (symbolic links, FIFOs, devices), not followed. */
function irregularEntries(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (!e.isFile()) out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

/**
 * Why the listed file `rel` of the backup at real path `realDir` is not one of its own regular files, or null:
 * a symbolic link (or a path through a linked directory) would make a restore copy a file from outside it.
 */
function notOwnFile(realDir: string, rel: string): string | null {
  const path = join(realDir, rel);
  if (rel.split('/').includes('..') || !existsSync(path)) return 'missing';
  const st = lstatSync(path);
  if (st.isSymbolicLink()) return 'is a symbolic link; a backup holds regular files only';
  if (!st.isFile()) return 'is not a regular file';
  if (realpathSync(path) !== path) return 'lies under a symbolic link; a backup holds regular files only';
  return null;
}

/** SHA-256 (hex) and size of a file, streamed, counting its bytes into `p`. */
export async function hashFile(path: string, p?: Progress): Promise<{ sha256: string; bytes: number }> {
  const h = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    h.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
    p?.add((chunk as Buffer).length);
  }
  return { sha256: h.digest('hex'), bytes };
}

export function writeManifest(dir: string, m: Manifest): string {
  const path = join(dir, MANIFEST);
  writeFileSync(path, JSON.stringify(m, null, 2) + '\n', { mode: 0o600 });
  return path;
}

/** Reads and shape-checks manifest.json; throws one line when it is missing or malformed. */
export function readManifest(dir: string): Manifest {
  const path = join(dir, MANIFEST);
  if (!existsSync(path)) throw new Error(`${path}: not a backup (no ${MANIFEST})`);
  let m: Manifest;
  try {
    m = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new Error(`${path}: not valid JSON`);
  }
  const ok =
    m &&
    Number.isInteger(m.format_version) &&
    typeof m.created_at === 'string' &&
    Array.isArray(m.files) &&
    Array.isArray(m.logs) &&
    m.files.every((f) => typeof f?.path === 'string' && Number.isInteger(f.bytes) && HEX64.test(f.sha256));
  if (!ok) throw new Error(`${path}: not a backup manifest (format_version, created_at, files, logs)`);
  return m;
}

/**
 * One line per problem: a listed file missing, a symbolic link or under one, not a regular file, of another size
 * or hash; a file present but not listed; a symbolic link or special file anywhere in the backup.
 */
export async function checkFiles(dir: string, m: Manifest, p?: Progress): Promise<string[]> {
  const problems: string[] = [];
  const listed = new Set(m.files.map((f) => f.path));
  const realDir = realpathSync(dir);
  for (const f of m.files) {
    const path = join(realDir, f.path);
    const refused = notOwnFile(realDir, f.path);
    if (refused) {
      problems.push(`${f.path}: ${refused}`);
      continue;
    }
    if (statSync(path).size !== f.bytes) {
      problems.push(`${f.path}: ${statSync(path).size} bytes, manifest says ${f.bytes}`);
      p?.add(statSync(path).size);
      continue;
    }
    const got = await hashFile(path, p);
    if (got.sha256 !== f.sha256)
      problems.push(`${f.path}: SHA-256 ${got.sha256} does not match the manifest (${f.sha256})`);
  }
  for (const f of listFiles(dir))
    if (f !== MANIFEST && !IGNORED.has(f) && !listed.has(f)) problems.push(`${f}: not listed in the manifest`);
  for (const f of irregularEntries(dir))
    if (!listed.has(f)) problems.push(`${f}: a symbolic link or special file; a backup holds regular files only`);
  return problems;
}
