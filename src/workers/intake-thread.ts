// Owns the intake worker thread: drains the durable queue in acceptance order on its own core, so hashing,
// signing and appending never hold up the requests being acknowledged on the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import { loadConfig, setConfig } from '../config';
import { log, flushLogs } from '../log';
import { openStore, closeStore } from '../store/env';
import { drainOnce } from './intake';
import './appliers';

const cfg = setConfig(loadConfig(workerData.env, { dataDir: workerData.dataDir }));
openStore(cfg.dataDir);

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
    const r = await drainOnce();
    n = r.applied;
    failures = 0;
    if (n) parentPort!.postMessage({ applied: n, notices: r.notices });
  } catch (e) {
    failures++;
    log('error', 'intake batch failed', { error: String((e as Error).message) });
    await Bun.sleep(Math.min(5000, 50 * 2 ** failures));
    continue;
  }
  if (n === 0) {
    // Stop only once the queue is empty: a graceful shutdown drains what was acknowledged.
    if (stopping) break;
    await new Promise<void>((r) => {
      wakeUp = r;
      setTimeout(r, 200);
    });
    wakeUp = null;
  }
}
await closeStore();
flushLogs();
process.exit(0);
