// Owns cold audit storage: gzip NDJSON segment files and the per-org manifest under DATA/audit-cold/.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { config } from '../config';
import { log } from '../log';
import { sha256Hex } from '../crypto/hash';
import { canonicalBytes } from '../crypto/canonical';
import { sha256Raw } from '../crypto/hash';
import { leafHash } from '../verify/merkle';
import { orgSubtreeRoots, subtreeRootsOf, type SubtreeRoot } from '../tlog/index';
import type { AuditEventOut, AuditRow } from './model';
import { fromEventOut, signedDataOf } from './event-row';

export type SeqRange = { from: number; to: number };
/** One segment: events from_seq..to_seq (rows missing from hot storage when it was written are listed). */
export type Segment = {
  file: string;
  from_seq: number;
  to_seq: number;
  count: number;
  missing: SeqRange[];
  sha256: string;
  bytes: number;
  first_ingested_at: string;
  last_ingested_at: string;
  /** docs/transparency-logs.md#cold-audit-segments: the org-log leaves of these events (seq - 1, end exclusive) and the subtree roots covering them. */
  leaf_range?: { from: number; to: number };
  subtree_roots?: SubtreeRoot[] | null;
};
export type Manifest = { version: 1; tenant_id: string; org_id: string; updated_at: string; segments: Segment[] };

/** A directory name for the org: its id when that is a safe file name, else a hash of it. */
function orgDirName(orgId: string): string {
  return /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/.test(orgId) ? orgId : `~${sha256Hex(orgId)}`;
}
export const coldDir = (tenantId: string, orgId: string): string =>
  join(config().dataDir, 'audit-cold', tenantId, orgDirName(orgId));
const manifestPath = (dir: string) => join(dir, 'manifest.json');

/** Writes `data` to `path` durably: temp file, fsync, rename, fsync of the directory. */
function writeAtomic(dir: string, name: string, data: Uint8Array | string): void {
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${name}.${process.pid}.tmp`);
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, join(dir, name));
  const dfd = openSync(dir, 'r');
  try {
    fsyncSync(dfd);
  } finally {
    closeSync(dfd);
  }
}

const manifests = new Map<string, Manifest>();

/** The org's manifest (an empty one when nothing went cold yet); `fresh` re-reads the file. */
export function readManifest(tenantId: string, orgId: string, fresh = false): Manifest {
  const dir = coldDir(tenantId, orgId);
  const cached = manifests.get(dir);
  if (cached && !fresh) return cached;
  const p = manifestPath(dir);
  const m: Manifest = existsSync(p)
    ? JSON.parse(readFileSync(p, 'utf8'))
    : { version: 1, tenant_id: tenantId, org_id: orgId, updated_at: new Date(0).toISOString(), segments: [] };
  manifests.set(dir, m);
  return m;
}

export function writeManifest(tenantId: string, orgId: string, segments: Segment[]): Manifest {
  const dir = coldDir(tenantId, orgId);
  const m: Manifest = {
    version: 1,
    tenant_id: tenantId,
    org_id: orgId,
    updated_at: new Date().toISOString(),
    segments,
  };
  writeAtomic(dir, 'manifest.json', JSON.stringify(m, null, 1));
  manifests.set(dir, m);
  return m;
}

const pad = (n: number) => String(n).padStart(16, '0');

/** Writes events from..to (ascending, some possibly missing) as one gzip NDJSON segment; returns its manifest entry. */
export function writeSegment(
  tenantId: string,
  orgId: string,
  from: number,
  to: number,
  events: AuditEventOut[],
): Segment {
  const dir = coldDir(tenantId, orgId);
  const missing: SeqRange[] = [];
  let expect = from;
  for (const e of events) {
    if (e.seq > expect) missing.push({ from: expect, to: e.seq - 1 });
    expect = e.seq + 1;
  }
  if (expect <= to) missing.push({ from: expect, to });
  const gz = gzipSync(events.map((e) => JSON.stringify(e)).join('\n') + '\n');
  const file = `seg-${pad(from)}-${pad(to)}.ndjson.gz`;
  writeAtomic(dir, file, gz);
  return {
    file,
    from_seq: from,
    to_seq: to,
    count: events.length,
    missing,
    sha256: sha256Hex(gz),
    bytes: gz.byteLength,
    first_ingested_at: events[0]?.ingested_at ?? '',
    last_ingested_at: events[events.length - 1]?.ingested_at ?? '',
    leaf_range: { from: from - 1, to },
    subtree_roots: orgSubtreeRoots(tenantId, orgId, from - 1, to),
  };
}

/** A complete segment's subtree roots rebuilt from its events' signed bytes; null when rows are missing from it. */
function rootsFromEvents(seg: Segment, events: AuditEventOut[]): SubtreeRoot[] | null {
  if (seg.missing.length || events.length !== seg.to_seq - seg.from_seq + 1) return null;
  const sha = (d: Uint8Array): Uint8Array => sha256Raw(d);
  return subtreeRootsOf(
    seg.from_seq - 1,
    events.map((e) => leafHash(sha, canonicalBytes(signedDataOf(fromEventOut(e))))),
  );
}

// Decoded segments (immutable by file name), most recently used last.
const decoded = new Map<string, Map<number, string>>();
function segmentLines(dir: string, seg: Segment): Map<number, string> {
  const path = join(dir, seg.file);
  let lines = decoded.get(path);
  if (lines) {
    decoded.delete(path);
    decoded.set(path, lines);
    return lines;
  }
  lines = new Map();
  for (const line of gunzipSync(readFileSync(path)).toString('utf8').split('\n')) {
    if (!line) continue;
    const m = /"seq":(\d+)/.exec(line);
    if (m) lines.set(Number(m[1]), line);
  }
  decoded.set(path, lines);
  if (decoded.size > 8) decoded.delete(decoded.keys().next().value!);
  return lines;
}

/** Every event of a segment, ascending. */
export function segmentEvents(tenantId: string, orgId: string, seg: Segment): AuditEventOut[] {
  const lines = segmentLines(coldDir(tenantId, orgId), seg);
  return [...lines.keys()].sort((a, b) => a - b).map((s) => JSON.parse(lines.get(s)!) as AuditEventOut);
}

/** The row of `seq` from cold storage, or undefined. Re-reads the manifest once when it may be stale. */
export function coldRow(tenantId: string, orgId: string, seq: number): AuditRow | undefined {
  for (const fresh of [false, true]) {
    const m = readManifest(tenantId, orgId, fresh);
    const seg = m.segments.find((s) => s.from_seq <= seq && seq <= s.to_seq);
    if (!seg) continue;
    try {
      const line = segmentLines(coldDir(tenantId, orgId), seg).get(seq);
      return line ? fromEventOut(JSON.parse(line)) : undefined;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' && !fresh) continue;
      // An unreadable segment reads as missing rows; the integrity scan names the file.
      log('error', 'audit cold segment unreadable', {
        org_dir: coldDir(tenantId, orgId),
        file: seg.file,
        error: String((e as Error).message),
      });
      return undefined;
    }
  }
  return undefined;
}

export function removeSegmentFile(tenantId: string, orgId: string, file: string): void {
  rmSync(join(coldDir(tenantId, orgId), file), { force: true });
}

/** Deletes files in the org's directory that the manifest does not list (a crash between write and manifest). */
export function removeOrphans(tenantId: string, orgId: string, m: Manifest): void {
  const dir = coldDir(tenantId, orgId);
  if (!existsSync(dir)) return;
  const listed = new Set(m.segments.map((s) => s.file));
  for (const f of readdirSync(dir)) if (f !== 'manifest.json' && !listed.has(f)) rmSync(join(dir, f), { force: true });
}

export function removeColdDir(tenantId: string, orgId: string): void {
  const dir = coldDir(tenantId, orgId);
  manifests.delete(dir);
  rmSync(dir, { recursive: true, force: true });
}

export type ColdCheck = {
  from: number;
  to: number;
  segments: number;
  count: number;
  manifest_ok: boolean;
  gaps: SeqRange[];
  problems: string[];
};

/**
 * Checks the manifest against the segment files: every file present with its listed SHA-256, the
 * segments tiling purged+1..evacuated without holes. Reads every segment file once.
 */
export function checkCold(tenantId: string, orgId: string, purgedThrough: number, evacuatedThrough: number): ColdCheck {
  const m = readManifest(tenantId, orgId, true);
  const dir = coldDir(tenantId, orgId);
  const problems: string[] = [];
  const gaps: SeqRange[] = [];
  let expect = purgedThrough + 1;
  let count = 0;
  for (const s of m.segments) {
    if (s.from_seq !== expect)
      problems.push(`segments do not tile: expected a segment from ${expect}, found ${s.from_seq}`);
    expect = s.to_seq + 1;
    count += s.count;
    gaps.push(...s.missing);
    const path = join(dir, s.file);
    if (!existsSync(path)) {
      problems.push(`segment missing: ${s.file}`);
      continue;
    }
    const bytes = readFileSync(path);
    if (sha256Hex(bytes) !== s.sha256) problems.push(`segment hash mismatch: ${s.file}`);
    else if (s.subtree_roots) {
      const rebuilt = rootsFromEvents(s, segmentEvents(tenantId, orgId, s));
      if (rebuilt && JSON.stringify(rebuilt) !== JSON.stringify(s.subtree_roots))
        problems.push(`segment subtree roots do not match its events: ${s.file}`);
    }
  }
  if (evacuatedThrough > purgedThrough && expect !== evacuatedThrough + 1)
    problems.push(`cold range ends at ${expect - 1}, evacuated through ${evacuatedThrough}`);
  return {
    from: purgedThrough + 1,
    to: evacuatedThrough,
    segments: m.segments.length,
    count,
    manifest_ok: problems.length === 0,
    gaps,
    problems,
  };
}
