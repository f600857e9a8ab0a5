// Owns audit exports (docs/portal-and-exports.md#exports): queue a job, build its file from hot and cold storage, status, download, expiry.
import { mkdirSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { config } from '../config';
import { ApiError } from '../errors';
import { uuidv7 } from '../crypto/ids';
import { transact, updateRow, type AlsoInTxn } from '../store/env';
import { storeAnswerInTxn, type IdemClaim } from '../route-kit/idempotent';
import { releaseMappedPages } from '../store/residency';
import type { TenantRow } from '../tenants/service';
import { checkFilters, getOrg, streamAuditEvents } from '../audit/service';
import { checkExportBody, DOWNLOAD_TTL_S, type ExportRow } from './model';
import { exportJobs, fileExpiry, pendingJobs } from './repo';
import { checkDownload, downloadUrl } from './url';
import { writeExportFile } from './writer';
import { orgCheckpoint } from '../tlog/index';

const listeners = new Set<() => void>();
/** Called when a job is queued (the export worker wakes up). */
export function onExportQueued(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

// Rows read between hand-backs of mapped pages (about 4 MB of rows, more with kernel fault-around) and between collections.
const RELEASE_EVERY_ROWS = 2_048;
const GC_EVERY_ROWS = 50_000;

export const exportsDir = (): string => join(config().dataDir, 'exports');
const extOf = (r: Pick<ExportRow, 'format'>) => (r.format === 'csv' ? 'csv' : 'ndjson');
const fileOf = (r: Pick<ExportRow, 'id' | 'format'>) => join(exportsDir(), `${r.id}.${extOf(r)}`);

/** The job as the API shows it; download_url only while ready and its file is kept. */
export function exportOut(r: ExportRow) {
  const out: Record<string, unknown> = {
    id: r.id,
    status: r.status,
    format: r.format,
    organization_id: r.org_id,
    filters: r.filters,
    row_count: r.row_count,
    error: r.error,
    created_at: r.created_at,
    completed_at: r.completed_at,
    checkpoint: r.checkpoint ?? null,
  };
  if (r.status === 'ready' && r.expires_at !== null) {
    // Once the window has closed and the file is gone, the job stays readable without a URL.
    if (r.file_removed) out.file_removed = true;
    else out.download_url = downloadUrl(r.id, r.expires_at);
    out.download_expires_at = new Date(r.expires_at * 1000).toISOString();
    out.bytes = r.bytes;
  }
  return out;
}

/** POST /v1/audit/exports: validation, org (404, org_archived), then the job and its queue entry in one commit. */
export async function createExport(tenant: TenantRow, body: unknown, claim: IdemClaim | null = null) {
  const { orgId, format, filters } = checkExportBody(body);
  const org = getOrg(tenant.tenant_id, orgId);
  if (org.archived) throw new ApiError('org_archived', 'The organization is archived; it accepts no new exports');
  const row: ExportRow = {
    id: uuidv7(),
    tenant_id: tenant.tenant_id,
    org_id: orgId,
    format,
    filters,
    status: 'pending',
    row_count: null,
    error: null,
    created_at: new Date().toISOString(),
    started_at: null,
    completed_at: null,
    expires_at: null,
    bytes: null,
    file_removed: false,
  };
  const out = { id: row.id, status: row.status, format: row.format, created_at: row.created_at };
  await transact(() => {
    exportJobs().putSync(row.id, row);
    pendingJobs().putSync(row.id, 1);
    if (claim) storeAnswerInTxn(claim, { status: 202, body: out });
  });
  for (const l of listeners) l();
  return out;
}

/** GET /v1/audit/exports/{id}: another tenant's job is not visible (404 not_found). */
export function getExport(tenantId: string, id: string) {
  const r = exportJobs().get(id);
  if (!r || r.tenant_id !== tenantId) throw new ApiError('not_found', 'No such export');
  return exportOut(r);
}

/**
 * GET /v1/audit/exports/{id}/download: no API key; the URL's signature over id and expiry is the
 * credential. 403 when it does not match (tampered) or has expired.
 */
export function downloadFile(id: string, url: string): { path: string; format: ExportRow['format']; name: string } {
  const verdict = checkDownload(id, url);
  if (verdict === 'tampered') throw new ApiError('invalid_download_signature', 'The download URL is not valid');
  if (verdict === 'expired')
    throw new ApiError('download_expired', 'The download URL has expired; request a new export');
  const r = exportJobs().get(id);
  if (r?.status !== 'ready' || r.file_removed)
    throw new ApiError('not_found', 'The export file is no longer available');
  const safeOrg = r.org_id.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64);
  return { path: fileOf(r), format: r.format, name: `audit-${safeOrg}-${r.id}.${extOf(r)}` };
}

const updateJob = (
  id: string,
  change: (cur: ExportRow) => Partial<ExportRow>,
  also?: (next: ExportRow) => void,
): Promise<ExportRow | null> => updateRow(exportJobs(), id, change, also);

// ---- used by the export worker ----

/** The oldest queued job, or undefined. */
/** Export jobs by status (console health screen); job rows are few, so they are counted directly. */
export function exportJobCounts(): Record<ExportRow['status'], number> {
  const counts = { pending: 0, running: 0, ready: 0, failed: 0 } as Record<ExportRow['status'], number>;
  for (const { value } of exportJobs().getRange({}))
    counts[(value as ExportRow).status] = (counts[(value as ExportRow).status] ?? 0) + 1;
  return counts;
}

/** Files of ready exports whose download window is still open (a backup copies them). */
export function liveExportFiles(nowS = Math.floor(Date.now() / 1000)): string[] {
  const out: string[] = [];
  for (const { value } of exportJobs().getRange({})) {
    const r = value as ExportRow;
    if (r.status === 'ready' && !r.file_removed && (r.expires_at ?? 0) > nowS) out.push(fileOf(r));
  }
  return out;
}

export function nextPendingExport(): string | undefined {
  for (const { key } of pendingJobs().getRange({ limit: 1 })) return key as string;
  return undefined;
}

/**
 * Runs one job: streams the org's matching events (hot, then cold segments, seq order) into
 * DATA/exports/<id>.<ext> and marks it ready with row_count and a 24 h download window, or failed
 * with the error. An abort (shutdown) leaves it queued, to start again on the next run.
 */
export async function runExport(id: string, signal?: AbortSignal): Promise<ExportRow | null> {
  const job = await updateJob(id, () => ({
    status: 'running',
    started_at: new Date().toISOString(),
    error: null,
    row_count: null,
  }));
  if (!job) {
    await transact(() => pendingJobs().removeSync(id));
    return null;
  }
  mkdirSync(exportsDir(), { recursive: true, mode: 0o700 });
  try {
    const filters = checkFilters(job.filters);
    // A large export reads gigabytes through the LMDB map: hand the mapped pages back as it goes, so the
    // process's RSS stays that of the rows in flight (the pages stay in the page cache), and collect the
    // garbage of the rows already written rather than let the heap grow to the allocator's comfort.
    const dataFile = realpathSync(join(config().dataDir, 'db', 'data.mdb'));
    let released = 0;
    let collected = 0;
    const onChunk = (rows: number) => {
      if (rows - released >= RELEASE_EVERY_ROWS) {
        released = rows;
        releaseMappedPages(dataFile);
      }
      if (rows - collected >= GC_EVERY_ROWS) {
        collected = rows;
        Bun.gc(true);
      }
    };
    const events = streamAuditEvents(job.tenant_id, job.org_id, filters);
    const { rows, bytes } = await writeExportFile(fileOf(job), job.format, events, { signal, onChunk });
    releaseMappedPages(dataFile);
    const done = new Date();
    const expires = Math.floor(done.getTime() / 1000) + DOWNLOAD_TTL_S;
    const checkpoint = orgCheckpoint(job.tenant_id, job.org_id);
    return await updateJob(
      id,
      () => ({
        status: 'ready',
        row_count: rows,
        bytes,
        completed_at: done.toISOString(),
        expires_at: expires,
        checkpoint,
      }),
      () => {
        pendingJobs().removeSync(id);
        fileExpiry().putSync([expires, id], 1);
      },
    );
  } catch (e) {
    if (signal?.aborted) {
      await updateJob(id, () => ({ status: 'pending', started_at: null }));
      return null;
    }
    const error =
      e instanceof ApiError ? `${e.code}: ${e.message}` : `export failed: ${(e as Error).message}`.slice(0, 300);
    return updateJob(
      id,
      () => ({ status: 'failed', error, completed_at: new Date().toISOString() }),
      () => pendingJobs().removeSync(id),
    );
  }
}

/** After a crash: jobs left running go back to pending (their partial files are removed when they rerun). */
export async function requeueInterrupted(): Promise<void> {
  const ids = [...pendingJobs().getKeys({})] as string[];
  await transact(() => {
    for (const id of ids) {
      const r = exportJobs().get(id);
      if (r?.status === 'running') exportJobs().putSync(id, { ...r, status: 'pending', started_at: null });
    }
  });
}

/**
 * Files in the exports directory no job needs: partial files of jobs that are not running, and files of jobs
 * already marked file_removed (a removal that stopped between its commit and the file's deletion).
 */
function strayFiles(): string[] {
  try {
    return readdirSync(exportsDir()).flatMap((f) => {
      const job = exportJobs().get(f.split('.')[0]!);
      const stray = f.endsWith('.part') ? job?.status !== 'running' : job?.file_removed === true;
      return stray ? [join(exportsDir(), f)] : [];
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    return [];
  }
}

/**
 * Removes the files of exports whose download window has closed as of `nowS` (the job stays, with file_removed),
 * and stray files (strayFiles). The jobs are marked in one transaction, in which `also` runs with the number
 * removed, and their files deleted after it: a file is never served once its job is marked, and a deletion cut
 * short is finished by the next run. Returns the number removed.
 */
export async function removeExpiredExports(
  nowS = Math.floor(Date.now() / 1000),
  also?: AlsoInTxn<number>,
): Promise<number> {
  const due = [...fileExpiry().getKeys({ end: [nowS + 1] })] as Array<[number, string]>;
  const strays = strayFiles();
  const removed = due.length + strays.length;
  const files =
    due.length || also
      ? await transact(() => {
          const marked: string[] = [];
          for (const [exp, id] of due) {
            fileExpiry().removeSync([exp, id]);
            const cur = exportJobs().get(id);
            if (!cur) continue;
            exportJobs().putSync(id, { ...cur, file_removed: true });
            marked.push(fileOf(cur));
          }
          also?.(removed);
          return marked;
        })
      : [];
  for (const f of [...files, ...strays]) rmSync(f, { force: true });
  return removed;
}
