// Owns the Health screen: write backlog, writer throughput, ingest sparkline, exports, streams, disk, certificate.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lastSeq } from '../../src/audit/service';
import type { Config } from '../../src/config';
import { certificateValidity } from '../../src/crypto/certificate';
import { diskSpace } from '../../src/store/disk-space';
import { readWriterStatus } from '../../src/store/writer-status';
import { allStreams } from '../../src/streams/service';
import { streamOut } from '../../src/streams/model';
import { getTenant } from '../../src/tenants/service';
import type { App, View } from '../app';
import { bytes, cell, count, duration, sparkline, when } from '../widgets/format';
import { Table } from '../widgets/table';
import { box, esc, type Area } from '../widgets/ui';
import { diskUse, LedgerRate, oldestExport } from './health-data';
import { exportJobCounts } from '../../src/exports/service';

type Stream = ReturnType<typeof streamOut> & { tenant: string; lag: number };
const DISK_EVERY_MS = 10_000;
const DAY = 86400_000;

const line = (label: string, text: string) => `{bold}${esc(cell(label, 16))}{/bold}${esc(cell(text, 64).trimEnd())}`;

export function healthView(_app: App, parent: unknown, size: Area, cfg: Config): View {
  const { dataDir } = cfg;
  const root = box(parent, size);
  const top = box(root, { top: 0, left: 0, width: size.width, height: 10 });
  const streams = new Table<Stream>(
    root,
    { top: 10, left: 0, width: size.width, height: size.height - 10 },
    {
      title: 'Audit streams',
      id: (s) => s.id,
      empty: 'no audit streams',
      columns: [
        { title: 'TENANT', width: 12, value: (s) => s.tenant },
        { title: 'ORG', width: 14, value: (s) => s.organization_id },
        { title: 'STATE', width: 8, value: (s) => s.state.toUpperCase() },
        { title: 'LAG', width: 8, value: (s) => `${count(s.lag)} ev`, align: 'right' },
        { title: 'LAST DELIVERY', width: 16, value: (s) => when(s.last_delivered_at) },
        { title: 'LAST ERROR', width: 14, value: (s) => s.last_error ?? '-' },
      ],
    },
  );
  const rate = new LedgerRate();
  let disk: { at: number; used: number; fs: ReturnType<typeof diskSpace> } | null = null;

  function certificate(): string {
    if (!cfg.tls) return 'TLS off (SVC_TLS=off: a proxy terminates TLS)';
    const file = cfg.tlsCert ?? join(dataDir, 'tls', 'cert.pem');
    const validity = existsSync(file) ? certificateValidity(readFileSync(file)) : null;
    if (!validity) return `no certificate at ${file}`;
    const exp = new Date(validity.notAfter).toISOString();
    const left = validity.notAfter - Date.now();
    const state =
      left < 0
        ? 'EXPIRED'
        : left < 30 * DAY
          ? `EXPIRES SOON, ${duration(left)} left`
          : `${Math.floor(left / DAY)} d left`;
    return `expires ${when(exp)} UTC (${state})`;
  }

  const view: View = {
    name: 'Health',
    box: root,
    hints: 'refreshes every second  / filter streams  Tab next screen  ? help  q quit',
    help: [
      'Health (live, read from the data directory the server writes)',
      '  Worker: ledger rows written per second, from the growth of the ledger time index',
      '  Ingest: ledger rows per second by ingested_at over the last minute',
      '  Write backlog: writes accepted and waiting for their durable commit (published by the server each second)',
      '  Export jobs: jobs by state; the age of the oldest one not done yet',
      '  Streams: LAG = audit events of the org not yet acknowledged by the receiver',
    ],
    filterTable: () => streams as Table<unknown>,
    refresh() {
      const now = Date.now();
      rate.sample(now);
      if (!disk || now - disk.at > DISK_EVERY_MS) disk = { at: now, used: diskUse(dataDir), fs: diskSpace(dataDir) };
      const per = rate.perSecond(now);
      const written = rate.writtenPerSecond();
      const ws = readWriterStatus();
      const fs = disk.fs;
      const exp = oldestExport(now);
      const jobs = exportJobCounts();
      top.setContent(
        [
          line(
            'Write backlog',
            ws
              ? `${count(ws.in_flight)} writes in flight, oldest waiting ${duration(ws.oldest_ms)}; last batch ${count(ws.last_batch)}`
              : 'no server running on this data dir',
          ),
          line(
            'Worker',
            written === null ? 'measuring...' : `${count(Math.round(written))} ledger rows/s written (last 5 s)`,
          ),
          line('Ingest, 60 s', sparkline(per)),
          line(
            '',
            `now ${count(per[per.length - 2] ?? 0)}/s  peak ${count(Math.max(...per))}/s  ${count(per.reduce((a, b) => a + b, 0))} rows this minute`,
          ),
          line(
            'Export jobs',
            `${jobs.running} running, ${jobs.pending} queued${exp ? ` (oldest ${duration(exp.ageMs)})` : ''}; ${jobs.ready} ready, ${jobs.failed} failed`,
          ),
          line(
            'Disk',
            `data dir ${bytes(disk.used)}${fs ? `; filesystem ${bytes(fs.free)} free of ${bytes(fs.size)}` : ''}`,
          ),
          line('Certificate', certificate()),
          line('Data dir', dataDir),
        ].join('\n'),
      );
      streams.setRows(
        allStreams().map((r) => ({
          ...streamOut(r),
          tenant: getTenant(r.tenant_id)?.name ?? r.tenant_id,
          lag: Math.max(0, lastSeq(r.tenant_id, r.org_id) - r.cursor_seq),
        })),
      );
    },
    key: (_ch, key) => streams.handleKey(key),
  };
  return view;
}
