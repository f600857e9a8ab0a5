// Owns the writer's status record: the server publishes its writer figures once a second so the console
// and `svc doctor`, which run in other processes, can show the write backlog.
import { subDb } from './env';
import { submitInternal, type WriterStats } from './writer';
import type { Applier } from './writer-core';

export type WriterStatus = WriterStats & { at: number; pid: number };
const db = () => subDb<WriterStatus, string>('runtime_status');

export const WRITER_STATUS = 'writer.status';
/** The writer's applier for the status record. */
export const publishStatusApplier: Applier<WriterStatus, null> = {
  prepare: (s) => ({
    apply() {
      db().putSync('writer', s);
      return null;
    },
  }),
};

/** Hands the figures to the writer (the main thread opens no write transaction of its own while serving). */
export function publishWriterStatus(stats: WriterStats): Promise<null> {
  return submitInternal<WriterStatus, null>(WRITER_STATUS, { ...stats, at: Date.now(), pid: process.pid });
}

/** The last published figures; null when no server published any within `freshMs`. */
export function readWriterStatus(freshMs = 5000): WriterStatus | null {
  const s = db().get('writer');
  return s && Date.now() - s.at <= freshMs ? s : null;
}
