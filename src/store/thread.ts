// Owns background threads: the main-thread supervisor (start, restart after a crash, drain and stop), which hands
// each thread the resolved Config it boots with (src/boot.ts; threads never re-read the env), and the thread's exit.
import { parentPort, Worker } from 'node:worker_threads';
import type { Config } from '../config';
import { flushLogs, log } from '../log';
import { closeStore } from './env';

export type Supervised = { start(): void; post(m: unknown): void; stop(): Promise<void>; running(): boolean };

/**
 * Main thread: runs the thread module at `url` with `cfg`. An unexpected exit calls `onExit` (so callers
 * can fail what was in flight) and restarts the thread with backoff; `onStart` runs once each thread is started
 * (messages posted from then on reach it); `stop` posts 'stop' and waits for the thread to finish what it holds,
 * forced after 30 s.
 */
export function superviseThread(
  name: string,
  url: URL,
  cfg: Config,
  onMessage: (m: any) => void,
  onExit: () => void = () => {},
  onStart: () => void = () => {},
): Supervised {
  let worker: Worker | null = null;
  let stopping: Promise<void> | null = null;
  let restarts = 0;
  let restartTimer: ReturnType<typeof setTimeout> | null = null;
  const self: Supervised = {
    start() {
      if (worker) return;
      stopping = null;
      const w = new Worker(url, { workerData: { config: cfg } });
      worker = w;
      w.on('message', (m) => {
        restarts = 0;
        onMessage(m);
      });
      w.on('error', (e: Error) => log('error', `${name} thread failed`, { error: String(e.message) }));
      w.on('exit', () => {
        if (worker !== w) return;
        worker = null;
        onExit();
        if (!stopping) {
          restartTimer = setTimeout(
            () => {
              restartTimer = null;
              self.start();
            },
            Math.min(5000, 100 * 2 ** restarts++),
          );
        }
      });
      onStart();
    },
    post(m) {
      worker?.postMessage(m);
    },
    running: () => worker !== null,
    stop() {
      if (restartTimer) clearTimeout(restartTimer);
      restartTimer = null;
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

/** Posts a message to the supervising main thread. */
export const tellMain = (m: unknown): void => parentPort!.postMessage(m);

/** Thread side: closes the store and exits (after 'stop' and once nothing is held). */
export async function exitThread(code = 0): Promise<never> {
  await closeStore();
  flushLogs();
  process.exit(code);
}
