// Owns the export job runner: one export at a time, oldest first; resumes queued and interrupted jobs at start.
import { log } from '../log';
import {
  nextPendingExport,
  onExportQueued,
  removeExpiredExports,
  requeueInterrupted,
  runExport,
} from '../exports/service';

let running = false;
let wakeUp: (() => void) | null = null;
let abort: AbortController | null = null;
let loop: Promise<void> | null = null;
let unsubscribe: (() => void) | null = null;

const IDLE_MS = 60_000;

async function run(): Promise<void> {
  await requeueInterrupted();
  while (running) {
    const id = nextPendingExport();
    if (!id) {
      await new Promise<void>((r) => {
        const t = setTimeout(r, IDLE_MS);
        wakeUp = () => {
          clearTimeout(t);
          r();
        };
      });
      wakeUp = null;
      continue;
    }
    abort = new AbortController();
    const t0 = performance.now();
    try {
      const r = await runExport(id, abort.signal);
      if (r)
        log('info', 'export finished', {
          export_id: id,
          status: r.status,
          rows: r.row_count,
          ms: Math.round(performance.now() - t0),
        });
    } catch (e) {
      // A store failure while recording the outcome: wait, then the job (still queued) is tried again.
      log('error', 'export run failed', { export_id: id, error: String((e as Error).message) });
      await Bun.sleep(5000);
    }
    abort = null;
  }
}

export function startExportWorker(): void {
  if (running) return;
  running = true;
  unsubscribe = onExportQueued(() => wakeUp?.());
  loop = run().catch((e) => log('error', 'export worker stopped', { error: String((e as Error).message) }));
}

/** Stops the runner; a job in progress is aborted and stays queued for the next start. */
export async function stopExportWorker(): Promise<void> {
  running = false;
  unsubscribe?.();
  abort?.abort();
  wakeUp?.();
  await loop;
}

/** The clean-up job: files of exports past their 24 h download window. */
export const cleanExports = () => removeExpiredExports();
