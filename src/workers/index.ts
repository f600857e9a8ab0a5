// Owns background work: the writer thread, periodic counter flushes, and node-cron schedules.
import cron from 'node-cron';
import type { Config } from '../config';
import { log } from '../log';
import { cacheStoredUsage, flushUsage } from '../usage/service';
import { flushLastUsed } from '../api-keys/service';
import { flushVerifications } from '../ledger/service';
import { startWriter, stopWriter, writerStats } from '../store/writer';
import { publishWriterStatus } from '../store/writer-status';
import { runRetention } from './retention';
import { replayLegacyQueues } from './legacy-queues';
import { startStreamDelivery, stopStreamDelivery } from './streams';
import { cleanExports, startExportWorker, stopExportWorker } from './exports';
import { startIntegrator, stopIntegrator } from './integrator';
import { startHeadPublisher, stopHeadPublisher } from './head-publisher';
import { startKeyPool, stopKeyPool } from '../signing/key-pool';

const tasks: Array<{ stop(): unknown }> = [];
const cronJobs: Array<{ name: string; schedule: string; run: () => Promise<unknown> }> = [];
let flushTimer: ReturnType<typeof setInterval> | null = null;
let statusTimer: ReturnType<typeof setInterval> | null = null;
/** Replication starts and stops the workers with the primary role; a standby never started them. */
let started = false;

/** Registers a scheduled job (retention, export clean-up, ...). */
export function schedule(name: string, expression: string, run: () => Promise<unknown>): void {
  cronJobs.push({ name, schedule: expression, run });
}

export async function flushCounters(): Promise<void> {
  await Promise.all([flushUsage(), flushLastUsed(), flushVerifications()]);
}

/** Starts the writer thread and replays what an earlier version left queued, before anything else is accepted. */
export async function startWriterThread(cfg: Config): Promise<void> {
  startWriter(new URL('./writer-thread.ts', import.meta.url), cfg, cfg.writeQueueMax);
  await replayLegacyQueues();
}

export function startWorkers(cfg: Config): void {
  started = true;
  cacheStoredUsage(true);
  startStreamDelivery();
  startExportWorker();
  startIntegrator();
  startHeadPublisher();
  startKeyPool();
  schedule('retention', cfg.retentionCron, () => runRetention());
  schedule('exports-cleanup', '*/10 * * * *', cleanExports);
  flushTimer = setInterval(
    () => flushCounters().catch((e) => log('error', 'counter flush failed', { error: String(e) })),
    250,
  );
  statusTimer = setInterval(
    () => publishWriterStatus(writerStats()).catch((e) => log('error', 'status publish failed', { error: String(e) })),
    1000,
  );
  for (const j of cronJobs) {
    tasks.push(
      cron.schedule(j.schedule, async () => {
        try {
          const r = await j.run();
          log('info', 'scheduled job done', { job: j.name, result: r });
        } catch (e) {
          log('error', 'scheduled job failed', { job: j.name, error: String((e as Error).message) });
        }
      }),
    );
  }
  log('debug', 'workers started', { retention_cron: cfg.retentionCron });
}

export async function stopWorkers(): Promise<void> {
  if (!started) return;
  started = false;
  for (const t of tasks) t.stop();
  tasks.length = 0;
  cronJobs.length = 0;
  if (flushTimer) clearInterval(flushTimer);
  if (statusTimer) clearInterval(statusTimer);
  flushTimer = statusTimer = null;
  stopKeyPool();
  await stopStreamDelivery();
  await stopExportWorker();
  await stopHeadPublisher();
  // What the writer appends after this is integrated (and signed) on the next start.
  await stopIntegrator();
  // Counters go through the writer, so they are handed over before it stops (a deposed primary's are refused).
  await flushCounters().catch((e) => log('error', 'counter flush failed', { error: String((e as Error).message) }));
  cacheStoredUsage(false);
  await stopWriter();
}
