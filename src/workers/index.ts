// Owns background work: the intake worker, periodic counter flushes, and node-cron schedules.
import cron from 'node-cron';
import { config } from '../config';
import { log } from '../log';
import { flushUsage } from '../usage/service';
import { flushLastUsed } from '../keys/service';
import { startIntake, stopIntake } from './intake-runner';
import { runRetention } from './retention';
import './appliers';
import { startAuditWriter, stopAuditWriter } from '../audit/writer';
import { startStreamDelivery, stopStreamDelivery } from './streams';
import { cleanExports, startExportWorker, stopExportWorker } from './exports';
import { startIntegrator, stopIntegrator } from '../tlog/integrator';

const tasks: Array<{ stop(): unknown }> = [];
const cronJobs: Array<{ name: string; schedule: string; run: () => Promise<unknown> }> = [];
let flushTimer: ReturnType<typeof setInterval> | null = null;

/** Registers a scheduled job (retention, export clean-up, ...). */
export function schedule(name: string, expression: string, run: () => Promise<unknown>): void {
  cronJobs.push({ name, schedule: expression, run });
}

export async function flushCounters(): Promise<void> {
  await Promise.all([flushUsage(), flushLastUsed()]);
}

export function startWorkers(): void {
  startIntake();
  startAuditWriter();
  startStreamDelivery();
  startExportWorker();
  startIntegrator();
  schedule('retention', config().retentionCron, () => runRetention());
  schedule('exports-cleanup', '*/10 * * * *', cleanExports);
  flushTimer = setInterval(() => flushCounters().catch((e) => log('error', 'counter flush failed', { error: String(e) })), 250);
  for (const j of cronJobs) {
    tasks.push(cron.schedule(j.schedule, async () => {
      try {
        const r = await j.run();
        log('info', 'scheduled job done', { job: j.name, result: r });
      } catch (e) {
        log('error', 'scheduled job failed', { job: j.name, error: String((e as Error).message) });
      }
    }));
  }
  log('debug', 'workers started', { retention_cron: config().retentionCron });
}

export async function stopWorkers(): Promise<void> {
  for (const t of tasks) t.stop();
  if (flushTimer) clearInterval(flushTimer);
  await stopStreamDelivery();
  await stopExportWorker();
  await stopIntake();
  await stopAuditWriter();
  // After the writers have drained: what they appended last gets integrated (and signed) on the next start.
  await stopIntegrator();
  await flushCounters();
}
