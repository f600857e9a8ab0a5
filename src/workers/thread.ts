// Owns background worker threads: the main-thread supervisor (start, wake, restart after a crash, drain
// and stop) and the thread-side boot and drain loop shared by the intake and audit writer threads.
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { config, loadConfig, setConfig } from '../config';
import { flushLogs, log } from '../log';
import { closeStore, openStore } from '../store/env';

export type Supervised = { start(): void; wake(): void; stop(): Promise<void> };

type BatchListener = (thread: string, size: number) => void;
const batchListeners = new Set<BatchListener>();
/** Called with the size of every batch a supervised thread reports (`{batch: n}` in its message); metrics use it. */
export function onThreadBatch(l: BatchListener): () => void {
  batchListeners.add(l);
  return () => batchListeners.delete(l);
}

/**
 * Main thread: runs the thread module at `url` with this process's configuration. `wake` posts at most one
 * message per tick (a message per item would cost more than the item); an unexpected exit restarts the
 * thread with backoff (its queue is durable); `stop` lets it drain, forced after 30 s.
 */
export function superviseThread(name: string, url: URL, onMessage: (m: any) => void): Supervised {
  let worker: Worker | null = null;
  let stopping: Promise<void> | null = null;
  let restarts = 0;
  let wakePosted = false;
  const self: Supervised = {
    start() {
      if (worker) return;
      stopping = null;
      const w = new Worker(url, { workerData: { env: { ...process.env }, dataDir: config().dataDir } });
      worker = w;
      w.on('message', (m) => {
        restarts = 0;
        if (typeof m?.batch === 'number') for (const l of batchListeners) l(name, m.batch);
        onMessage(m);
      });
      w.on('error', (e: Error) => log('error', `${name} thread failed`, { error: String(e.message) }));
      w.on('exit', () => {
        if (worker !== w) return;
        worker = null;
        if (!stopping) setTimeout(() => self.start(), Math.min(5000, 100 * 2 ** restarts++)).unref();
      });
    },
    wake() {
      if (wakePosted || !worker) return;
      wakePosted = true;
      queueMicrotask(() => {
        wakePosted = false;
        worker?.postMessage('wake');
      });
    },
    stop() {
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
    },
  };
  return self;
}

/** Thread side: the configuration and store of the supervising process. */
export function bootThread(): void {
  const cfg = setConfig(loadConfig(workerData.env, { dataDir: workerData.dataDir }));
  openStore(cfg.dataDir);
}

/** Posts a message to the supervising main thread. */
export const tellMain = (m: unknown): void => parentPort!.postMessage(m);

/**
 * Thread side: calls `drain` until it returns 0, then sleeps until woken (or 200 ms). A failed batch is
 * retried with backoff. On 'stop' it exits once the queue is empty, so acknowledged work is applied.
 */
export async function runDrainLoop(name: string, drain: () => Promise<number>): Promise<never> {
  let stopping = false;
  let wakeUp: (() => void) | null = null;
  parentPort!.on('message', (m) => {
    if (m === 'stop') stopping = true;
    wakeUp?.();
  });
  let failures = 0;
  for (;;) {
    let n = 0;
    try {
      n = await drain();
      failures = 0;
    } catch (e) {
      failures++;
      log('error', `${name} batch failed`, { error: String((e as Error).message) });
      await Bun.sleep(Math.min(5000, 50 * 2 ** failures));
      continue;
    }
    if (n > 0) continue;
    if (stopping) break;
    await new Promise<void>((r) => {
      wakeUp = r;
      setTimeout(r, 200);
    });
    wakeUp = null;
  }
  await closeStore();
  flushLogs();
  process.exit(0);
}
