// Owns the data directory's format version: stored in the `meta` sub-database, refused when newer than this build.
import type { Database } from 'lmdb';
import type { RootDatabase } from 'lmdb';

/**
 * The format this build writes. Raise it together with a new step in src/migrations/index.ts (a unit test
 * checks that the last step leads here).
 */
export const FORMAT_VERSION = 3;
/** A data directory written before versions were recorded. */
const UNVERSIONED = 1;
const KEY = 'format_version';

let meta: Database<number, string> | null = null;

/**
 * Called by openStore right after opening: a new, empty environment is stamped with FORMAT_VERSION; one from
 * a newer build is refused with a one-line Error (nothing is written to it).
 */
export function checkFormat(root: RootDatabase): void {
  const fresh = (root.getStats() as { entryCount: number }).entryCount === 0;
  let stored: number | undefined;
  try {
    meta = root.openDB<number, string>({ name: 'meta', encoding: 'msgpack' });
    stored = meta.get(KEY);
  } catch {
    meta = null; // a read-only environment written before versions were recorded has no `meta` database
  }
  if (stored === undefined && fresh && meta) meta.putSync(KEY, FORMAT_VERSION);
  const v = stored ?? (fresh ? FORMAT_VERSION : UNVERSIONED);
  if (v > FORMAT_VERSION) {
    throw new Error(
      `data directory format ${v} is newer than this build supports (${FORMAT_VERSION}): run a newer proof-ledger, or restore a backup made by this version`,
    );
  }
}

/** The stored format version of the open store. */
export function formatVersion(): number {
  return meta?.get(KEY) ?? UNVERSIONED;
}

/** Records that the store is now at `v` (durable when resolved). */
export async function setFormatVersion(v: number): Promise<void> {
  if (!meta) throw new Error('store not open');
  await meta.put(KEY, v);
}

export function forgetFormat(): void {
  meta = null;
}
