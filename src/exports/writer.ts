// Owns writing one export file: streamed with backpressure to a temp file, fsync'd, then renamed into place.
import { createWriteStream } from 'node:fs';
import { closeSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { dirname } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { CSV_HEADER, CSV_OPTIONS, csvRecord, ndjsonLine } from './format';
import type { AuditEventOut } from '../audit/service';
import type { ExportFormat } from './model';

const CHUNK_ROWS = 512;

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `events` to `path` in `format` without holding the file in memory: rows are encoded in
 * chunks and each chunk waits for the stream to drain when its buffer is full. Checks `signal`
 * between chunks. Returns the row count and size; the file appears at `path` only when complete.
 */
export async function writeExportFile(path: string, format: ExportFormat, events: AsyncIterable<AuditEventOut>, signal?: AbortSignal): Promise<{ rows: number; bytes: number }> {
  const tmp = `${path}.part`;
  const out = createWriteStream(tmp, { mode: 0o600, highWaterMark: 1 << 20 });
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => {});
  const write = async (s: string) => {
    if (!out.write(s)) await Promise.race([once(out, 'drain'), failed]);
  };
  let rows = 0;
  try {
    if (format === 'csv') await write(CSV_HEADER);
    let batch: AuditEventOut[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const text = format === 'csv' ? stringify(batch.map(csvRecord), CSV_OPTIONS) : batch.map(ndjsonLine).join('');
      batch = [];
      await write(text);
      signal?.throwIfAborted();
    };
    for await (const e of events) {
      batch.push(e);
      rows++;
      if (batch.length === CHUNK_ROWS) await flush();
    }
    await flush();
    out.end();
    await Promise.race([once(out, 'finish'), failed]);
    fsyncPath(tmp);
    renameSync(tmp, path);
    fsyncPath(dirname(path));
    return { rows, bytes: out.bytesWritten };
  } catch (e) {
    out.destroy();
    rmSync(tmp, { force: true });
    throw e;
  }
}
