// Owns writing one export file: streamed with backpressure to a temp file, fsync'd, then renamed into place.
import { closeSync, createWriteStream, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { dirname } from 'node:path';
import type { AuditEventOut } from '../audit/service';
import { CsvEncoder } from './csv-encoder';
import { CSV_HEADER, csvRecord, ndjsonLine } from './format';
import type { ExportFormat } from './model';

const CHUNK_ROWS = 512;
// CSV batches handed to the encoding thread and not yet written: bounds memory while both threads work.
const MAX_IN_FLIGHT = 4;

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `events` to `path` in `format` without holding the file in memory: rows go out in chunks
 * (CSV chunks are encoded by csv-stringify on a second thread while the next rows are read) and a
 * chunk waits for the file stream to drain when its buffer is full. Checks `signal` and calls
 * `onChunk` between chunks. Returns the row count and size; the file appears at `path` only when complete.
 */
export async function writeExportFile(
  path: string,
  format: ExportFormat,
  events: AsyncIterable<AuditEventOut>,
  opts: { signal?: AbortSignal; onChunk?: (rows: number) => void } = {},
): Promise<{ rows: number; bytes: number }> {
  const { signal, onChunk } = opts;
  const tmp = `${path}.part`;
  const out = createWriteStream(tmp, { mode: 0o600, highWaterMark: 1 << 20 });
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => {});
  const write = async (s: string) => {
    if (!out.write(s)) await Promise.race([once(out, 'drain'), failed]);
  };
  const encoder = format === 'csv' ? new CsvEncoder() : null;
  const inFlight: Promise<string>[] = [];
  let rows = 0;
  try {
    if (format === 'csv') await write(CSV_HEADER);
    let batch: AuditEventOut[] = [];
    const flush = async (final: boolean) => {
      if (batch.length) {
        if (encoder) inFlight.push(encoder.encode(batch.map(csvRecord)));
        else await write(batch.map(ndjsonLine).join(''));
        batch = [];
      }
      while (inFlight.length && (final || inFlight.length >= MAX_IN_FLIGHT)) await write(await inFlight.shift()!);
      signal?.throwIfAborted();
      onChunk?.(rows);
    };
    for await (const e of events) {
      batch.push(e);
      rows++;
      if (batch.length === CHUNK_ROWS) await flush(false);
    }
    await flush(true);
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
  } finally {
    await Promise.allSettled(inFlight);
    await encoder?.close();
  }
}
