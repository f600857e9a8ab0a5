// Owns the CSV encoding thread of an export: csv-stringify runs here, beside the thread that reads the events.
import { parentPort } from 'node:worker_threads';
import { stringify } from 'csv-stringify/sync';
import { CSV_OPTIONS } from './format';

// Batches arrive and are answered in order; an encoding error is answered as such, never dropped.
parentPort!.on('message', (m: { records: Array<Array<string | number>> }) => {
  try {
    parentPort!.postMessage({ text: stringify(m.records, CSV_OPTIONS) });
  } catch (e) {
    parentPort!.postMessage({ error: String((e as Error).message) });
  }
});
