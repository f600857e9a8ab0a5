// Owns handing back the LMDB map's resident pages after long sequential reads (exports), so RSS reflects real memory.
import { readFileSync } from 'node:fs';
import { log } from '../log';

// Reading N bytes through LMDB's shared, read-only file mapping leaves N bytes of page-cache pages mapped
// into this process (plus kernel fault-around), which RSS counts. madvise(MADV_DONTNEED) on a shared file
// mapping only drops this process's page-table entries: the pages stay in the page cache and the next
// read maps them again. Nothing is discarded and no data can change.
const MADV_DONTNEED = 4;
type Madvise = (addr: bigint, len: bigint, advice: number) => number;
let madvise: Madvise | null | undefined;

function libcMadvise(): Madvise | null {
  if (madvise !== undefined) return madvise;
  madvise = null;
  if (process.platform !== 'linux') return null;
  try {
    const { dlopen, FFIType } = require('bun:ffi') as typeof import('bun:ffi');
    for (const name of ['libc.so.6', 'libc.so', 'libc.musl-x86_64.so.1', 'libc.musl-aarch64.so.1']) {
      try {
        const lib = dlopen(name, { madvise: { args: [FFIType.u64, FFIType.u64, FFIType.i32], returns: FFIType.i32 } });
        madvise = (a, l, adv) => lib.symbols.madvise(a, l, adv) as number;
        break;
      } catch {
        // try the next name
      }
    }
  } catch {
    madvise = null;
  }
  return madvise;
}

/** The address ranges where `file` (an LMDB data file) is mapped into this process. */
function mappings(file: string): Array<[bigint, bigint]> {
  const out: Array<[bigint, bigint]> = [];
  for (const line of readFileSync('/proc/self/maps', 'utf8').split('\n')) {
    if (!line.endsWith(file)) continue;
    const [from, to] = line.slice(0, line.indexOf(' ')).split('-');
    out.push([BigInt(`0x${from}`), BigInt(`0x${to}`)]);
  }
  return out;
}

/**
 * Drops the resident pages of the LMDB data file `dataFile` from this process's mappings. A no-op
 * (returns false) where it is not supported; never throws.
 */
export function releaseMappedPages(dataFile: string): boolean {
  const fn = libcMadvise();
  if (!fn) return false;
  try {
    let ok = true;
    for (const [from, to] of mappings(dataFile)) ok = fn(from, to - from, MADV_DONTNEED) === 0 && ok;
    return ok;
  } catch (e) {
    log('debug', 'releasing mapped pages failed', { error: String((e as Error).message) });
    return false;
  }
}
