// Owns the writer's status record: the server publishes its writer figures once a second so the console
// and `svc doctor`, which run in other processes, can show the write backlog.
import { subDb } from './env';
import type { WriterStats } from './writer';

export type WriterStatus = WriterStats & { at: number; pid: number };
const db = () => subDb<WriterStatus, string>('runtime_status');

export function publishWriterStatus(stats: WriterStats): Promise<boolean> {
  return db().put('writer', { ...stats, at: Date.now(), pid: process.pid });
}

/** The last published figures; null when no server published any within `freshMs`. */
export function readWriterStatus(freshMs = 5000): WriterStatus | null {
  const s = db().get('writer');
  return s && Date.now() - s.at <= freshMs ? s : null;
}
