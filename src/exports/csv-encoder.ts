// Owns handing CSV records to the encoding threads and getting the text back in order.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

type Waiter = { resolve: (t: string) => void; reject: (e: Error) => void };

/**
 * csv-stringify costs more than reading the events, so an export spreads its batches over up to
 * two encoding threads (round robin). Each thread answers its batches in the order it got them, and
 * the caller awaits the promises in the order it sent them, so the text comes back in seq order.
 */
export class CsvEncoder {
  private readonly threads: Array<{ worker: Worker; waiting: Waiter[] }> = [];
  private next = 0;
  private failed: Error | null = null;

  constructor(count = Math.min(2, Math.max(1, availableParallelism() - 1))) {
    for (let i = 0; i < count; i++) {
      const t = { worker: new Worker(new URL('./csv-thread.ts', import.meta.url)), waiting: [] as Waiter[] };
      t.worker.on('message', (m: { text?: string; error?: string }) => {
        const w = t.waiting.shift();
        if (!w) return;
        if (m.error !== undefined) w.reject(new Error(`CSV encoding failed: ${m.error}`));
        else w.resolve(m.text!);
      });
      t.worker.on('error', (e) => this.fail(e as Error));
      t.worker.on('exit', () => this.fail(new Error('CSV encoding thread exited')));
      this.threads.push(t);
    }
  }

  private fail(e: Error): void {
    this.failed ??= e;
    for (const t of this.threads) for (const w of t.waiting.splice(0)) w.reject(e);
  }

  encode(records: Array<Array<string | number>>): Promise<string> {
    if (this.failed) return Promise.reject(this.failed);
    const t = this.threads[this.next++ % this.threads.length]!;
    return new Promise((resolve, reject) => {
      t.waiting.push({ resolve, reject });
      t.worker.postMessage({ records });
    });
  }

  async close(): Promise<void> {
    this.failed ??= new Error('closed');
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }
}
