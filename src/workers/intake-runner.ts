// Owns the intake thread from the main thread: start, wake on enqueue, relay notices and stats, stop.
import { Worker } from 'node:worker_threads';
import { config } from '../config';
import { log } from '../log';
import { onEnqueue } from '../store/queue';
import { deliverNotices, type Notice } from './intake';

export const intakeStats = { applied: 0, perSecond: [] as number[] };
let worker: Worker | null = null;
let stopping: Promise<void> | null = null;
let restarts = 0;
let wakePending = false;
let unsubscribe: (() => void) | null = null;

function countApplied(n: number): void {
  intakeStats.applied += n;
  const sec = Math.floor(Date.now() / 1000);
  const ps = intakeStats.perSecond as number[] & { sec?: number };
  if (ps.sec === sec) ps[ps.length - 1]! += n;
  else {
    ps.push(n);
    ps.sec = sec;
    if (ps.length > 60) ps.shift();
  }
}

/** Starts the intake thread; it first applies whatever a previous run left on the queue. */
export function startIntake(): void {
  if (worker) return;
  stopping = null;
  const w = new Worker(new URL('./intake-thread.ts', import.meta.url), { workerData: { env: { ...process.env }, dataDir: config().dataDir } });
  worker = w;
  // One wake-up message per event turn, however many items were enqueued in it.
  unsubscribe ??= onEnqueue(() => {
    if (wakePending) return;
    wakePending = true;
    setImmediate(() => {
      wakePending = false;
      worker?.postMessage('wake');
    });
  });
  w.on('message', (m: { applied: number; notices: Notice[] }) => {
    restarts = 0;
    countApplied(m.applied);
    deliverNotices(m.notices);
  });
  w.on('error', (e) => log('error', 'intake thread failed', { error: String(e.message) }));
  w.on('exit', () => {
    if (worker !== w) return;
    worker = null;
    // An unexpected exit: start again after a pause; queued items are durable.
    if (!stopping) setTimeout(startIntake, Math.min(5000, 100 * 2 ** restarts++)).unref();
  });
}

/** Graceful shutdown: the thread drains the queue, then exits (forced after 30 s). */
export function stopIntake(): Promise<void> {
  const w = worker;
  if (!w) return Promise.resolve();
  return (stopping ??= new Promise<void>((resolve) => {
    const timer = setTimeout(() => w.terminate(), 30_000);
    w.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    w.postMessage('stop');
  }));
}
