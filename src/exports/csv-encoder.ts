// Owns handing CSV records to the encoding thread and getting the text back in order.
import { Worker } from 'node:worker_threads';

/**
 * One encoding thread per export: encode() queues a batch of records and resolves to its CSV text;
 * the thread answers in the order batches were sent, so results are written in seq order.
 */
export class CsvEncoder {
  private readonly worker = new Worker(new URL('./csv-thread.ts', import.meta.url));
  private readonly waiting: Array<{ resolve: (t: string) => void; reject: (e: Error) => void }> = [];
  private failed: Error | null = null;

  constructor() {
    this.worker.on('message', (m: { text?: string; error?: string }) => {
      const w = this.waiting.shift();
      if (!w) return;
      if (m.error !== undefined) w.reject(new Error(`CSV encoding failed: ${m.error}`));
      else w.resolve(m.text!);
    });
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', () => this.fail(new Error('CSV encoding thread exited')));
  }

  private fail(e: Error): void {
    this.failed ??= e;
    for (const w of this.waiting.splice(0)) w.reject(e);
  }

  encode(records: Array<Array<string | number>>): Promise<string> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.worker.postMessage({ records });
    });
  }

  async close(): Promise<void> {
    this.failed ??= new Error('closed');
    await this.worker.terminate();
  }
}
