// A kill -9 in the middle of an export: the job is requeued on restart and finishes with a complete file.
import { afterAll, describe, expect, it } from 'bun:test';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { call, cleanup, newTenant, startServer, tempDir, until, type Server } from '../helpers';
import { loadConfig, setConfig } from '../../src/config';
import { closeStore, openStore } from '../../src/store/env';
import { getTenant } from '../../src/tenants/service';
import { appendAuditFixture } from '../../scripts/audit-fixture';
import { createOrg } from '../../src/audit/service';
import { exportJobCounts, getExport, nextPendingExport } from '../../src/exports/service';

// About 55 MB of CSV: the export runs for about 1.5 s on a 2-core machine, so the kill lands in the middle of it.
// Roomy metadata rather than more events keeps the in-process build (signing each event) short.
const EVENTS = 40_000;
const NOTE = `comma, "quote" ${'lorem ipsum '.repeat(80)}`;
const dir = tempDir();
const servers: Server[] = [];
afterAll(async () => {
  for (const s of servers) if (s.proc.exitCode === null && !s.proc.killed) await s.stop();
  cleanup(dir);
});

/** Opens the data dir's store in this process (no server may be running on it). */
function openStoreHere(): void {
  setConfig(loadConfig({ ...process.env, SVC_DATA_DIR: dir, SVC_LOG_LEVEL: 'warn' }));
  openStore(dir);
}

/** Fills the org with signed events in-process through the audit applier (as scripts/bench-audit.ts does); faster than HTTPS. */
async function buildOrg(tenantId: string, org: string, count: number): Promise<void> {
  openStoreHere();
  await createOrg(getTenant(tenantId)!, { organization_id: org });
  await appendAuditFixture(tenantId, org, count, { days: 1, metadata: (n) => ({ n, note: NOTE }) });
  await closeStore();
}

describe('kill -9 during an export', () => {
  it('requeues the job on restart; it finishes with the right row_count and a complete file, none left running', async () => {
    const t = await newTenant(dir, 'export-crash.test', 'audit:read,audit:write', 'enterprise');
    await buildOrg(t.tenantId, 'big', EVENTS);

    let s = await startServer({ dataDir: dir });
    servers.push(s);
    const created = await call(s, 'POST', '/v1/audit/exports', {
      key: t.key,
      body: { organization_id: 'big', format: 'csv' },
    });
    expect(created.status).toBe(202);
    const id = created.body.id as string;
    await until(
      async () => (await call(s, 'GET', `/v1/audit/exports/${id}`, { key: t.key })).body.status === 'running',
      10000,
      5,
    );
    // The job is marked running before its file is opened: wait for the first megabyte, so the kill lands mid-write.
    const part = join(dir, 'exports', `${id}.csv.part`);
    await until(() => (statSync(part, { throwIfNoEntry: false })?.size ?? 0) > 1 << 20, 10000, 5);
    s.proc.kill('SIGKILL');
    await s.proc.exited;

    // The kill landed mid-export: a partial file, no finished one, and the job stored as running and still queued.
    expect(readdirSync(join(dir, 'exports'))).toEqual([`${id}.csv.part`]);
    openStoreHere();
    expect(getExport(t.tenantId, id).status).toBe('running');
    expect(nextPendingExport()).toBe(id);
    await closeStore();

    s = await startServer({ dataDir: dir });
    servers.push(s);
    await until(async () => (await call(s, 'GET', '/healthz')).status === 200);
    const job = await until(
      async () => {
        const r = await call(s, 'GET', `/v1/audit/exports/${id}`, { key: t.key });
        return r.body.status === 'ready' || r.body.status === 'failed' ? r.body : null;
      },
      30000,
      50,
    );
    expect(job).toMatchObject({ id, status: 'ready', row_count: EVENTS, error: null });
    expect((await call(s, 'GET', '/v1/audit/orgs/big', { key: t.key })).body.last_seq).toBe(EVENTS);

    const res = await fetch(job.download_url.replace(/^https:\/\/localhost:\d+/, s.url), {
      tls: { rejectUnauthorized: false },
    } as RequestInit);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(Buffer.byteLength(text)).toBe(job.bytes);
    // No cell holds a line break, so each event is one line after the header.
    expect(text.endsWith('\n')).toBe(true);
    expect(text.split('\n').length - 2).toBe(EVENTS);
    const rows: Record<string, string>[] = parse(text, { columns: true });
    expect(rows.length).toBe(EVENTS);
    // Complete and in order: every seq once, 1..N, and the last row intact.
    expect(rows.every((r, i) => Number(r.seq) === i + 1)).toBe(true);
    expect(JSON.parse(rows[EVENTS - 1]!.metadata!)).toEqual({ n: EVENTS - 1, note: NOTE });
    // The rerun wrote the file from the start and renamed it into place: no partial file is left behind.
    expect(readdirSync(join(dir, 'exports'))).toEqual([`${id}.csv`]);
    expect(existsSync(part)).toBe(false);

    // Nothing stays running or queued in the store.
    await s.stop();
    openStoreHere();
    expect(exportJobCounts()).toEqual({ pending: 0, running: 0, ready: 1, failed: 0 });
    expect(nextPendingExport()).toBeUndefined();
    await closeStore();
  }, 60000);
});
