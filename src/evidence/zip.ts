// Owns the ZIP encoding of evidence packs (docs/verification.md#22-evidence-packs): fflate, every entry dated the same
// fixed time, so that the same pack made twice, by the API or by `svc evidence export`, is the same bytes.
import { zipSync, type Zippable } from 'fflate';

/**
 * The DOS epoch, 1980-01-01 00:00. A ZIP entry stores its time as local calendar fields, which fflate reads from the
 * Date in the process's time zone: a Date built from local fields gives the same bytes in every time zone.
 */
const FIXED_TIME = new Date(1980, 0, 1, 0, 0, 0);

/**
 * Files under this size are stored, larger ones deflated: each deflate call costs about a millisecond of set-up
 * whatever its input, more than a pack's dozen small files (receipts, tlog-proofs, keys) would save.
 */
const DEFLATE_FROM = 8192;

/**
 * A ZIP holding `files` in the given order (names with `/` are paths), with no time or host in it; a file marked
 * `stored` is never deflated.
 */
export function zipFiles(
  files: ReadonlyArray<readonly [name: string, data: Uint8Array | string, stored?: 'stored']>,
): Uint8Array {
  const entries: Zippable = {};
  for (const [name, data, stored] of files) {
    const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    entries[name] = [bytes, { mtime: FIXED_TIME, level: stored || bytes.length < DEFLATE_FROM ? 0 : 6 }];
  }
  return zipSync(entries);
}
