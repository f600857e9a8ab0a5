// Owns audit retention (docs/audit.md#retention-cold-storage-integrity): hot -> cold evacuation, purge past the org's retention, org deletion.
import { config } from '../config';
import { log } from '../log';
import { ApiError } from '../errors';
import { transact, type AlsoInTxn } from '../store/env';
import { listTenants } from '../tenants/service';
import {
  readManifest,
  removeColdDir,
  removeOrphans,
  removeSegmentFile,
  segmentEvents,
  writeManifest,
  writeSegment,
  type Segment,
} from './cold';
import { lastAcceptedMs, sweepIdempotency } from './ingest';
import { DAY_MS, type AuditRow, type OrgRow } from './model';
import { toEventOut } from './event-row';
import { effectiveRetentionDays, getOrg, lastSeq, ORGS_EPOCH, prefixEnd, storageOf } from './orgs';
import { bumpEpochInTxn } from '../store/epoch';
import { getRow } from './query';
import { events, evictInTxn, heads, orgs, retentionLock, storage, unindexInTxn } from './repo';
import { retireOrgLogInTxn } from '../tlog/index';

const SEGMENT_MAX = 10_000;
const BATCH = 10_000;

/** Drops the retention lock whoever holds it (a restored snapshot carries the lock of the process that made it). */
export async function clearRetentionLock(): Promise<void> {
  await transact(() => void retentionLock().removeSync('lock'));
}

/**
 * Runs `fn` holding the data directory's retention lock: one retention pass at a time (server cron, CLI, org
 * deletion), and no evacuation or purge while a backup copies cold segments. Throws `busy` after `waitMs`.
 */
export async function withRetentionLock<T>(waitMs: number, busy: ApiError, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + waitMs;
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (;;) {
    const now = Date.now();
    const got = await transact(() => {
      const cur = retentionLock().get('lock');
      if (cur && cur.at > now - 6 * 3600_000 && alive(cur.pid)) return false;
      retentionLock().putSync('lock', { pid: process.pid, at: now });
      return true;
    });
    if (got) break;
    if (Date.now() > deadline) throw busy;
    await Bun.sleep(50);
  }
  try {
    return await fn();
  } finally {
    await transact(() => {
      if (retentionLock().get('lock')?.pid === process.pid) retentionLock().removeSync('lock');
    });
  }
}

async function setStorage(
  t: string,
  o: string,
  change: Partial<{ evacuated_through_seq: number; purged_through_seq: number }>,
  also?: () => void,
) {
  await transact(() => {
    also?.();
    const cur = storage().get([t, o]) ?? { evacuated_through_seq: 0, purged_through_seq: 0 };
    storage().putSync([t, o], { ...cur, ...change });
  });
}

/** Rewrites the manifest without events at or below `through`, then deletes the files it no longer lists. */
function trimCold(t: string, o: string, through: number): void {
  const m = readManifest(t, o, true);
  const keep: Segment[] = [];
  const drop: string[] = [];
  for (const s of m.segments) {
    if (s.to_seq <= through) drop.push(s.file);
    else if (s.from_seq <= through) {
      const rest = segmentEvents(t, o, s).filter((e) => e.seq > through);
      keep.push(writeSegment(t, o, through + 1, s.to_seq, rest));
      drop.push(s.file);
    } else keep.push(s);
  }
  if (!drop.length) return;
  writeManifest(t, o, keep);
  for (const f of drop) if (!keep.some((k) => k.file === f)) removeSegmentFile(t, o, f);
}

/**
 * Finishes a pass that was interrupted: segments at or below purged_through_seq are trimmed,
 * segments above evacuated_through_seq (written, manifest updated, hot rows not yet removed) are
 * completed, and files the manifest does not list are removed.
 */
async function reconcile(t: string, o: string): Promise<void> {
  const st = storageOf(t, o);
  trimCold(t, o, st.purged_through_seq);
  const m = readManifest(t, o, true);
  const coldTop = m.segments.length ? m.segments[m.segments.length - 1]!.to_seq : 0;
  if (coldTop > st.evacuated_through_seq) {
    await setStorage(t, o, { evacuated_through_seq: coldTop }, () => {
      for (let s = st.evacuated_through_seq + 1; s <= coldTop; s++) evictInTxn(t, o, s);
    });
  }
  removeOrphans(t, o, m);
}

/**
 * Purges the oldest events whose ingested_at is before `cutoffMs`, hot and cold, in batches; the
 * LMDB state moves first, then the cold files follow (reconcile completes a crash in between).
 * A hole is purged only when an older-than-cutoff row follows it, so purging hides no deletion.
 */
async function purgeOrg(t: string, o: string, cutoffMs: number): Promise<number> {
  const top = lastSeq(t, o);
  let purged = 0;
  let through = storageOf(t, o).purged_through_seq;
  let s = through + 1;
  let done = false;
  while (!done) {
    const rows: AuditRow[] = [];
    for (; s <= top && rows.length < BATCH; s++) {
      const row = getRow(t, o, s);
      if (!row) continue;
      if (Date.parse(row.ingested_at) >= cutoffMs) {
        done = true;
        break;
      }
      rows.push(row);
    }
    if (s > top) done = true;
    if (!rows.length) break;
    through = rows[rows.length - 1]!.seq;
    const evac = storageOf(t, o).evacuated_through_seq;
    await setStorage(t, o, { purged_through_seq: through, evacuated_through_seq: Math.max(evac, through) }, () => {
      for (const r of rows) {
        unindexInTxn(t, r);
        if (r.seq > evac) evictInTxn(t, o, r.seq);
      }
    });
    purged += rows.length;
  }
  trimCold(t, o, storageOf(t, o).purged_through_seq);
  return purged;
}

/** Moves hot rows ingested before `cutoffMs` into cold segments of at most SEGMENT_MAX events. */
async function evacuateOrg(t: string, o: string, cutoffMs: number): Promise<number> {
  let moved = 0;
  for (;;) {
    const from = storageOf(t, o).evacuated_through_seq + 1;
    const rows: AuditRow[] = [];
    for (const { value } of events().range({ start: [t, o, from], end: prefixEnd([t, o]), limit: SEGMENT_MAX })) {
      if (Date.parse(value.ingested_at) >= cutoffMs) break;
      rows.push(value);
    }
    if (!rows.length) return moved;
    const to = rows[rows.length - 1]!.seq;
    const seg = writeSegment(t, o, from, to, rows.map(toEventOut));
    writeManifest(t, o, [...readManifest(t, o, true).segments, seg]);
    await setStorage(t, o, { evacuated_through_seq: to }, () => {
      for (const r of rows) evictInTxn(t, o, r.seq);
    });
    moved += rows.length;
    if (rows.length < SEGMENT_MAX) return moved;
  }
}

async function retainOrg(org: OrgRow, asOf: number) {
  const t = org.tenant_id;
  const o = org.organization_id;
  await reconcile(t, o);
  const audit_purged = await purgeOrg(t, o, asOf - effectiveRetentionDays(org) * DAY_MS);
  const audit_evacuated = await evacuateOrg(t, o, asOf - config().auditHotDays * DAY_MS);
  return { audit_evacuated, audit_purged };
}

/**
 * The audit part of `svc retention run [--as-of]` and the daily cron: for every org, events older
 * than SVC_AUDIT_HOT_DAYS (as of `asOf`) go to cold segments and events past the org's retention
 * are purged from hot and cold storage. Also drops idempotency records older than 24 hours.
 */
export async function runAuditRetention(asOf: Date): Promise<{ audit_evacuated: number; audit_purged: number }> {
  return withRetentionLock(
    10 * 60_000,
    new ApiError('retention_busy', 'Another audit retention pass is still running; retry shortly'),
    async () => {
      const total = { audit_evacuated: 0, audit_purged: 0 };
      for (const tenant of listTenants()) {
        for (const { value: org } of orgs().getRange({
          start: [tenant.tenant_id],
          end: prefixEnd([tenant.tenant_id]),
        })) {
          try {
            const r = await retainOrg(org as OrgRow, asOf.getTime());
            total.audit_evacuated += r.audit_evacuated;
            total.audit_purged += r.audit_purged;
          } catch (e) {
            // One org's broken storage must not stop the pass for the others; integrity reports it.
            log('error', 'audit retention failed for an org', {
              tenant_id: tenant.tenant_id,
              error: String((e as Error).message),
            });
          }
        }
      }
      await sweepIdempotency(Date.now());
      return total;
    },
  );
}

export type DeletedOrg = { organization_id: string; deleted: true };

/**
 * DELETE /v1/audit/orgs/{id}: only when no event was accepted in the last 24 hours and all signed
 * history has aged out of retention (what is left of it is purged here, as the retention pass would); else 409
 * org_not_deletable. The org itself goes in one transaction, in which `also` runs.
 */
export async function deleteOrg(tenantId: string, orgId: string, also?: AlsoInTxn<DeletedOrg>): Promise<DeletedOrg> {
  const now = Date.now();
  const org = getOrg(tenantId, orgId);
  const head = heads().get([tenantId, orgId]);
  const lastAt = Math.max(lastAcceptedMs(tenantId, orgId), head ? Date.parse(head.last_ingested_at) : 0);
  if (lastAt > now - DAY_MS) throw new ApiError('org_not_deletable', 'Events were accepted in the last 24 hours');
  const stored = (head?.last_seq ?? 0) > storageOf(tenantId, orgId).purged_through_seq;
  const retentionMs = effectiveRetentionDays(org) * DAY_MS;
  if (stored && lastAt + retentionMs >= now)
    throw new ApiError('org_not_deletable', 'Signed history has not aged out of retention');
  const out: DeletedOrg = { organization_id: orgId, deleted: true };
  // Not a fault: the org can be deleted once the running pass ends.
  await withRetentionLock(
    10_000,
    new ApiError('org_not_deletable', 'An audit retention pass is running; retry shortly'),
    async () => {
      if (stored) await purgeOrg(tenantId, orgId, now - retentionMs);
      await transact(() => {
        orgs().removeSync([tenantId, orgId]);
        bumpEpochInTxn(ORGS_EPOCH);
        heads().removeSync([tenantId, orgId]);
        storage().removeSync([tenantId, orgId]);
        retireOrgLogInTxn(tenantId, orgId);
        also?.(out);
      });
      removeColdDir(tenantId, orgId);
    },
  );
  return out;
}
