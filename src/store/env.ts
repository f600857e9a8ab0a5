// Owns the LMDB environment: opening it, named sub-databases, and every write transaction.
import { open, type Database, type RootDatabase } from 'lmdb';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkFormat, forgetFormat } from './format';
import { ApiError } from '../errors';
import { clusterState, Diverged, forgetCluster, NotReplicated, type ClusterState } from './cluster';
import {
  captureDb,
  capturing,
  runReplicated,
  startCapture,
  stopCapture,
  StreamConflict,
  type Replicator,
} from './capture';

/** Named sub-databases an environment may hold: over 50 are in use, so 64 left too little room for new areas. */
const MAX_DBS = 128;
let root: RootDatabase | null = null;
let readOnly = false;
const dbs = new Map<string, Database>();
/** The options each sub-database was opened with (replication carries them to other nodes). */
const dbOpts = new Map<string, { dupSort?: boolean; encoding?: 'msgpack' | 'binary' | 'string' }>();

/** What a read-only store answers for a sub-database that was never written: nothing. */
const EMPTY = Object.freeze({
  get: () => undefined,
  doesExist: () => false,
  getCount: () => 0,
  getRange: () => [] as never[],
  getKeys: () => [] as never[],
  getValues: () => [] as never[],
}) as unknown as Database;

/** The temporary directory the open store was opened through (openStore `untouched`), removed on close. */
let aside: string | null = null;
/**
 * Set when the open store belongs to a replicated cluster but was opened without replication: every write is
 * refused with it before anything is written (docs/operations.md "Operator commands on a replicated node").
 */
let localWrites: Error | null = null;

/** What the open store records of its cluster (cluster.ts), null for a single node: alike with or without replication. */
export const storeCluster = (): ClusterState | null => clusterState(env());

/** The refusal every write of this store meets (a cluster's directory opened without SVC_REPLICATION_URL), or null. */
export const localWriteRefusal = (): Error | null => localWrites;

/**
 * A private temporary directory holding a symbolic link to `dbDir`/data.mdb, through which LMDB opens that file
 * read-only and keeps its lock file (lock.mdb) there: nothing is written into `dbDir` (a backup being checked,
 * possibly on read-only or WORM media). lmdb-js offers no MDB_NOLOCK, and as root a read-only mode stops nothing.
 */
function openingAside(dbDir: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-readonly-'));
  symlinkSync(resolve(dbDir, 'data.mdb'), join(dir, 'data.mdb'));
  return dir;
}

/**
 * Opens (once per process) the environment at DATA/db. overlappingSync is off so that a resolved
 * put() means fsync'd, not merely committed: an answered 201 survives a kill -9 or power loss.
 * `untouched` (with readOnly) opens it without writing anything into DATA/db, not even LMDB's lock file.
 * `replicated` (SVC_REPLICATION_URL set): PostgreSQL holds every change before LMDB commits it, so each commit
 * flushes the data once and leaves the meta page to the next flush (MDB_NOMETASYNC). LMDB stays consistent; a
 * machine crash may undo the last transaction, whose change set (with the applied position it carried) the node
 * applies again from the stream at start. Measured (scripts/bench-replication.ts): one flush instead of two is
 * about a tenth of a replicated batch's time.
 */
export function openStore(
  dataDir: string,
  opts: { readOnly?: boolean; untouched?: boolean; replicated?: boolean } = {},
): RootDatabase {
  if (root) return root;
  let path = join(dataDir, 'db');
  const through = opts.readOnly && opts.untouched ? openingAside(path) : null;
  if (through) path = through;
  else mkdirSync(path, { recursive: true });
  let opened: RootDatabase | undefined;
  try {
    opened = open({
      path,
      overlappingSync: false,
      maxDbs: MAX_DBS,
      mapSize: 64 * 1024 ** 3,
      noMemInit: true,
      noMetaSync: !!opts.replicated,
      readOnly: opts.readOnly,
    });
    checkFormat(opened);
  } catch (e) {
    void opened?.close();
    if (through) rmSync(through, { recursive: true, force: true });
    throw e;
  }
  root = opened;
  readOnly = !!opts.readOnly;
  aside = through;
  const cluster = readOnly || opts.replicated ? null : clusterState(opened);
  // A diverged node is told so first: it must be rebuilt, whatever its settings.
  localWrites = cluster ? (cluster.diverged ? new Diverged(cluster.diverged) : new NotReplicated(cluster)) : null;
  return root;
}

function env(): RootDatabase {
  if (!root) throw new Error('store not open');
  return root;
}

/**
 * The append-only record databases keep their msgpack record shapes once per database (not in every value).
 * Decided here by name, not by the caller, so every handle on such a database (there is one per name and
 * process, whoever opens it first) decodes the same way. Values written before still decode.
 */
const SHARED_STRUCTURES = new Set([
  'ledger_events',
  'ledger_verifications',
  'ai_attestations',
  'documents',
  'audit_events',
]);

/** A named sub-database with ordered-binary keys (arrays sort element-wise) and msgpack values. */
export function subDb<V = any, K extends import('lmdb').Key = import('lmdb').Key>(
  name: string,
  opts: { dupSort?: boolean; encoding?: 'msgpack' | 'binary' | 'string' } = {},
): Database<V, K> {
  let d = dbs.get(name);
  if (!d) {
    d =
      env().openDB({
        name,
        keyEncoding: 'ordered-binary',
        encoding: opts.encoding ?? 'msgpack',
        dupSort: opts.dupSort,
        ...(SHARED_STRUCTURES.has(name) ? { sharedStructuresKey: Symbol.for('structures') } : {}),
      }) ?? (readOnly ? EMPTY : undefined);
    if (!d) throw new Error(`sub-database ${name} could not be opened`);
    if (capturing()) captureDb(name, opts, d);
    else if (localWrites) refuseWritesOf(d, localWrites);
    dbs.set(name, d);
    dbOpts.set(name, opts);
  }
  return d as unknown as Database<V, K>;
}

/** Makes every write method of `d` throw `err` (reads are untouched). */
function refuseWritesOf(d: Database, err: Error): void {
  const x = d as unknown as Record<string, unknown>;
  const sync = () => {
    throw err;
  };
  for (const m of ['putSync', 'removeSync', 'clearSync']) x[m] = sync;
  for (const m of ['put', 'remove', 'clearAsync', 'ifNoExists']) x[m] = () => Promise.reject(err);
}

/**
 * What a caller adds to the write transaction of a service's change, given the change's result: it runs inside that
 * transaction, so both commit together or neither does (an operator action's log entry, a create's stored answer).
 */
export type AlsoInTxn<R> = (result: R) => void;

/**
 * The functions handed to transact() before the next write transaction starts: they run one after the other in
 * that one transaction, then what they deferred (txnState) is written, then the transaction commits.
 */
type Group = { fns: Array<() => unknown>; results: unknown[]; errors: Map<number, unknown>; done: Promise<unknown> };
let queued: Group | null = null;
/** The state each key keeps while a group runs, and how it is written at the group's end (txnState). */
let states: Map<object, { state: unknown; end: (s: never) => void }> | null = null;

function runGroup(g: Group): void {
  if (queued === g) queued = null;
  states = new Map();
  try {
    g.fns.forEach((fn, i) => {
      try {
        const r = fn();
        // The transaction commits when the last function returns: work it would wait for would land outside it.
        if (r instanceof Promise) throw new TypeError('transact() takes a synchronous function');
        g.results[i] = r;
      } catch (e) {
        g.errors.set(i, e);
      }
    });
    for (const { state, end } of states.values()) end(state as never);
  } finally {
    states = null;
  }
}

/**
 * Runs `fn` inside the next batched, durable write transaction (shared with concurrent puts and the other functions
 * handed to transact meanwhile). Reads inside `fn` see the transaction's own writes, but for what a function deferred
 * to the transaction's end (txnState). Resolves to fn's result once fsync'd; rejects with what fn threw (what fn
 * wrote before it threw is committed, as with every function of a batched transaction).
 */
export function transact<T>(fn: () => T): Promise<T> {
  if (localWrites) return Promise.reject(localWrites);
  if (capturing()) return transactReplicated(fn);
  const g = queued;
  if (g) {
    const i = g.fns.push(fn) - 1;
    return g.done.then(() => answer<T>(g, i));
  }
  const next: Group = { fns: [fn], results: [], errors: new Map(), done: Promise.resolve() };
  queued = next;
  try {
    // Inside a synchronous write transaction lmdb-js runs the callback at once (and returns its result).
    next.done = Promise.resolve(env().transaction(() => runGroup(next)));
  } catch (e) {
    if (queued === next) queued = null;
    return Promise.reject(e);
  }
  return next.done.then(() => answer<T>(next, 0));
}

function answer<T>(g: Group, i: number): T {
  if (g.errors.has(i)) throw g.errors.get(i);
  return g.results[i] as T;
}

/**
 * Inside a function run by transact(): the state `key` keeps in this write transaction, made by `start` at its first
 * use; `end` writes it after the transaction's last function, before the commit. Null in any other transaction
 * (transactSync, a replicated one): the caller writes at once. A log appended to by many functions of one
 * transaction thus writes its head and its leaves once (docs/architecture.md "Operator actions").
 */
export function txnState<S>(key: object, start: () => S, end: (s: S) => void): S | null {
  if (!states) return null;
  let s = states.get(key);
  if (!s) states.set(key, (s = { state: start(), end: end as (s: never) => void }));
  return s.state as S;
}

/**
 * Replicated form of transact: a synchronous transaction (it must hold LMDB's write lock while PostgreSQL commits),
 * run again after catching up when another node took its stream position first (capture.ts runReplicated).
 */
async function transactReplicated<T>(fn: () => T): Promise<T> {
  try {
    return runReplicated(fn);
  } catch (e) {
    if (!(e instanceof StreamConflict)) throw e;
    throw new ApiError('replication_unavailable', 'The replicated stream moved on; retry').withHeaders({
      'retry-after': '1',
    });
  }
}

/**
 * Replication on: from now on every write of this thread's store is committed to `r`'s stream first (see capture.ts).
 * Sub-databases opened before are switched over too.
 */
export function replicateStore(r: Replicator): void {
  startCapture(
    env(),
    r,
    (name, opts) => subDb(name, opts),
    (name) => {
      dbs.delete(name);
      dbOpts.delete(name);
    },
  );
  for (const [name, d] of dbs) captureDb(name, dbOpts.get(name) ?? {}, d);
}

/**
 * Runs `fn` in a write transaction of its own on this thread and commits it durably before returning (the
 * thread blocks for the fsync). All or nothing: when `fn` throws, none of its writes is committed.
 */
export function transactSync<T>(fn: () => T): T {
  if (localWrites) throw localWrites;
  if (capturing()) return runReplicated(fn);
  return env().transactionSync(fn) as T;
}

/**
 * Read-modify-write of one row in one durable transaction: merges `change(current)` into the row at
 * `key` and writes it back; `also` runs in the same transaction with the new row. Resolves to the new
 * row, or null when there is no row at `key` (nothing is written).
 */
export function updateRow<V extends object, K extends import('lmdb').Key>(
  db: Database<V, K>,
  key: K,
  change: (cur: V) => Partial<V>,
  also?: (next: V) => void,
): Promise<V | null> {
  return transact(() => {
    const cur = db.get(key);
    if (cur === undefined) return null;
    const next = { ...cur, ...change(cur) };
    db.putSync(key, next);
    also?.(next);
    return next;
  });
}

/** Resolves once every write issued so far is durable. */
export function flushed(): Promise<void> {
  return env().flushed as unknown as Promise<void>;
}

/** Lets readers see commits made by other processes (CLI, console) right away. */
export function refreshReads(): void {
  env().resetReadTxn();
}

/**
 * Writes a consistent, compacted copy of the environment as `dir`/data.mdb (LMDB's mdb_env_copy2 with
 * MDB_CP_COMPACT: one read transaction, so writers carry on meanwhile). `dir` must exist and hold no data.mdb.
 */
export function backupStore(dir: string): Promise<void> {
  return env().backup(dir, true);
}

/** Runs `fn` on the closed environment directory `dbDir` (e.g. a backup), opened read-only and untouched. */
async function readClosed<T>(dbDir: string, fn: (other: RootDatabase) => T): Promise<T> {
  // Opened aside: a backup holds only the files of its manifest, so no lock file is left in it.
  const through = openingAside(dbDir);
  try {
    const other = open({ path: through, readOnly: true, maxDbs: MAX_DBS });
    try {
      return fn(other);
    } finally {
      await other.close();
    }
  } finally {
    rmSync(through, { recursive: true, force: true });
  }
}

/** Entry counts of the named sub-databases of a closed environment directory (e.g. a backup). */
export function entryCounts(dbDir: string, names: string[]): Promise<Record<string, number>> {
  return readClosed(dbDir, (other) => {
    const out: Record<string, number> = {};
    for (const n of names) out[n] = other.openDB({ name: n, create: false } as never)?.getCount() ?? 0;
    return out;
  });
}

/** What the closed store in data directory `dataDir` (e.g. a backup) records of its cluster (cluster.ts). */
export async function clusterStateAt(dataDir: string): Promise<ClusterState | null> {
  const dbDir = join(dataDir, 'db');
  // No store there: nothing to say (the caller's own checks name what is missing).
  return existsSync(join(dbDir, 'data.mdb')) ? readClosed(dbDir, clusterState) : null;
}

/** `svc restore --standalone`: the closed store in `dataDir` forgets the cluster it belonged to (cluster.ts). */
export async function leaveClusterAt(dataDir: string): Promise<void> {
  const other = open({ path: join(dataDir, 'db'), maxDbs: MAX_DBS });
  try {
    forgetCluster(other);
  } finally {
    await other.close();
  }
}

/** Size of the memory map and the bytes of it in use (up to the last written page), for metrics and `svc doctor`. */
export function storeStats(): { mapSize: number; usedBytes: number } {
  const s = env().getStats() as { mapSize: number; lastPageNumber: number; pageSize: number };
  return { mapSize: s.mapSize, usedBytes: (s.lastPageNumber + 1) * s.pageSize };
}

export async function closeStore(): Promise<void> {
  if (!root) return;
  const r = root;
  root = null;
  // Functions already queued still run in their transaction before the close completes; new ones wait for a store.
  queued = null;
  dbs.clear();
  dbOpts.clear();
  localWrites = null;
  stopCapture();
  forgetFormat();
  await r.close();
  if (aside) rmSync(aside, { recursive: true, force: true });
  aside = null;
}
