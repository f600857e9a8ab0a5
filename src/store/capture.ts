// Owns the replication hook of the store: when replication is on, every write transaction runs with its puts and
// removes captured as exact (sub-database, key, value) changes, which are committed as the next entry of the
// replicated stream (the Replicator) inside that same LMDB transaction, before LMDB commits it; entries that
// other nodes committed are applied here in order, with the applied position, in one transaction each batch.
// Single-node mode never loads any of this into a write: env.ts checks one variable.
import type { Database, RootDatabase } from 'lmdb';
import { Packr } from 'msgpackr';
import { Diverged, STATE_DB, type Divergence } from './cluster';

/** One change: put (sub-db, key, value), remove (sub-db, key[, value]), clear (sub-db). */
export type Change = ['p', string, unknown, unknown] | ['r', string, unknown, unknown?] | ['c', string];
/** How a sub-database is opened, carried with its changes so that a node opens it alike before applying. */
export type DbOpts = { dupSort?: boolean; encoding?: 'msgpack' | 'binary' | 'string' };
/** A stream entry: its position and its change set as encodeChanges wrote it. */
export type Entry = { pos: number; body: Uint8Array };

/** The replicated side of a store: PostgreSQL for the appliance, wired by src/replication. */
export type Replicator = {
  /** Throws the error a write must be answered with when this process may not write now (a standby). */
  admit(): void;
  /**
   * Entries after `applied` this transaction must apply before its own work (catching up); [] for none.
   * `behind`: the last commit found its position taken, so the stream is known to be ahead.
   */
  pending(applied: number, behind: boolean): Entry[];
  /**
   * Commits `body` as stream entry `pos`; returns only once it is durable in PostgreSQL. Throws StreamConflict
   * when `pos` is taken (this node is behind), or the error to answer (replication_unavailable) otherwise.
   */
  commit(pos: number, body: Uint8Array): void;
  /**
   * For how many milliseconds a transaction whose position another node took runs again, after catching up, before
   * StreamConflict reaches its caller. 0 for the primary's writer thread: its appliers keep state across a batch,
   * so the batch goes to a fresh thread instead (store/writer-core RESUBMIT).
   */
  retryMs: number;
};

/** The stream already holds an entry at the position this transaction was computed for: catch up, then retry. */
export class StreamConflict extends Error {
  constructor(readonly pos: number) {
    super(`stream position ${pos} is taken`);
  }
}

// Plain maps and arrays, no records: the bytes must decode alike in every node and version.
const packr = new Packr({ useRecords: false, moreTypes: true });

/** Change set bytes: msgpack of [{db: opts}, changes]. */
export function encodeChanges(changes: Change[], opts: Record<string, DbOpts>): Uint8Array {
  return packr.pack([opts, changes]);
}
export function decodeChanges(body: Uint8Array): [Record<string, DbOpts>, Change[]] {
  return packr.unpack(body) as [Record<string, DbOpts>, Change[]];
}

type Originals = Pick<Database, 'get' | 'put' | 'remove' | 'putSync' | 'removeSync' | 'clearSync'>;
type Opener = (name: string, opts: DbOpts) => Database;
/** Drops a sub-database handle from the store's cache (store/env subDb opens it again when next asked). */
type Forget = (name: string) => void;

let replicator: Replicator | null = null;
let root: RootDatabase | null = null;
let opener: Opener | null = null;
let forget: Forget | null = null;
/** Set inside this thread's replicated write transaction; the sub-databases opened in it so far. */
let inTxn = false;
let openedInTxn: string[] = [];
/** The changes of the replicated transaction running on this thread; null outside one. */
let captured: Change[] | null = null;
let usedOpts: Record<string, DbOpts> = {};
/** While applying stream entries, writes go straight to LMDB. */
let applying = false;
/** Set after a conflict: the next transaction first applies what it missed. */
let behind = false;
const originals = new Map<string, Originals>();
/** This node's bookkeeping (cluster.ts STATE_DB): 'applied' (number), 'node' (string), 'diverged' (Divergence). */
let state: Database<any, string> | null = null;

/** True once capture is on for this thread's store (replication configured). */
export const capturing = (): boolean => replicator !== null;

/**
 * Turns capture on for the open store `env`: from now on every write of every sub-database opened through
 * `open` goes through the stream. `open` opens a sub-database once per name (store/env subDb).
 */
export function startCapture(env: RootDatabase, r: Replicator, open: Opener, drop: Forget): void {
  root = env;
  replicator = r;
  opener = open;
  forget = drop;
  state = env.openDB<any, string>({ name: STATE_DB, encoding: 'msgpack' });
  // A thread's first transaction applies whatever it may have missed (a commit whose local half was lost).
  behind = true;
}

/** The divergence this store recorded (cluster.ts), or null: such a node applies and changes nothing more. */
export function divergence(): Divergence | null {
  return (state?.get('diverged') as Divergence | undefined) ?? null;
}

/**
 * The error a write would be refused with now (standby, PostgreSQL unreachable), checked before any work is
 * done for it; null when it may go ahead, and always null in single-node mode.
 */
export function refusal(): Error | null {
  if (!replicator) return null;
  try {
    refuseDiverged();
    replicator.admit();
    return null;
  } catch (e) {
    return e as Error;
  }
}

export function stopCapture(): void {
  replicator = root = opener = forget = state = null;
  originals.clear();
}

/** Milliseconds this thread has spent committing change sets to the stream (encoding and waiting), since start. */
let streamMs = 0;
export const streamMilliseconds = (): number => streamMs;

/**
 * The node id the server running on this store last joined the cluster with (kept in this store only, never
 * replicated), so that the CLI names the node alike without SVC_NODE_ID; undefined before its first start.
 */
export function storeNode(): string | undefined {
  return state?.get('node') as string | undefined;
}
export function rememberNode(id: string): void {
  if (storeNode() !== id) state!.putSync('node', id);
}

/** The last stream position this store holds (0: none). */
export function appliedPosition(): number {
  return state?.get('applied') ?? 0;
}

function record(c: Change, name: string, opts: DbOpts): void {
  captured!.push(c);
  usedOpts[name] = opts;
}

/**
 * Makes `d` (sub-database `name`) write through the stream: inside a replicated transaction its writes are
 * recorded and done; outside one each write becomes a replicated transaction of its own. put and remove are
 * lmdb-js's primitives (its putSync and removeSync call them inside a transaction), so they record; symbol keys
 * (the msgpack structures lmdb-js keeps per database) are this node's encoding detail and are not replicated.
 */
export function captureDb(name: string, opts: DbOpts, d: Database): void {
  if (inTxn) openedInTxn.push(name);
  const o = {
    get: d.get.bind(d),
    put: d.put.bind(d),
    remove: d.remove.bind(d),
    putSync: d.putSync.bind(d),
    removeSync: d.removeSync.bind(d),
    clearSync: d.clearSync.bind(d),
  } as unknown as Record<keyof Originals, (...a: unknown[]) => any>;
  originals.set(name, o as unknown as Originals);
  const x = d as unknown as Record<string, unknown>;
  const primitive =
    (kind: 'p' | 'r', orig: (...a: unknown[]) => unknown) =>
    (k: unknown, ...rest: unknown[]) => {
      if (applying) return orig(k, ...rest);
      if (captured) {
        if (typeof k !== 'symbol')
          record((kind === 'p' ? ['p', name, k, rest[0]] : ['r', name, k, ...rest.slice(0, 1)]) as Change, name, opts);
        return orig(k, ...rest);
      }
      return asPromise(() =>
        runReplicated(() => (x[kind === 'p' ? 'putSync' : 'removeSync'] as (...a: unknown[]) => boolean)(k, ...rest)),
      );
    };
  const sync =
    (orig: (...a: unknown[]) => unknown) =>
    (...a: unknown[]) =>
      captured || applying ? orig(...a) : runReplicated(() => orig(...a));
  x.put = primitive('p', o.put);
  x.remove = primitive('r', o.remove);
  x.putSync = sync(o.putSync);
  x.removeSync = sync(o.removeSync);
  x.clearSync = sync(() => {
    if (captured) record(['c', name], name, opts);
    return o.clearSync();
  });
  x.clearAsync = () => asPromise(() => (x.clearSync as () => void)());
  x.ifNoExists = (k: never, fn: () => void) =>
    asPromise(() =>
      runReplicated(() => {
        if (d.doesExist(k)) return false;
        fn();
        return true;
      }),
    );
}

function asPromise<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(captured ? fn() : runReplicated(fn));
  } catch (e) {
    return Promise.reject(e);
  }
}

/**
 * The transparency logs' leaves (tlog/leaf-runs, and the leaf data of the platform logs: the operator log): each
 * key is written once, at the leaf index its log's head gave it. A stream entry that would put other bytes there
 * means this node gave that index to a change the stream does not hold (written here outside the stream): applying
 * it would overwrite that leaf, so the node refuses it (docs/operations.md "A diverged node").
 */
const LEAF_DBS = new Set(['tlog_leaf_runs', 'tlog_leaf_data']);

function checkLeafPut(o: Originals, name: string, key: unknown, value: unknown, pos: number): void {
  const had = o.get(key as never) as Uint8Array | undefined;
  if (had === undefined || Buffer.from(had).equals(Buffer.from(value as Uint8Array))) return;
  throw new Diverged({
    pos,
    what: `it would overwrite ${name} ${JSON.stringify(key)}, which holds other bytes here`,
    at: new Date().toISOString(),
  });
}

/** Applies decoded changes of stream entry `pos` with this node's sub-database handles, uncaptured. */
function applyBody(body: Uint8Array, pos: number): void {
  const [opts, changes] = decodeChanges(body);
  for (const c of changes) {
    const name = c[1];
    if (!originals.has(name)) opener!(name, opts[name] ?? {});
    const o = originals.get(name)!;
    if (c[0] === 'p' && LEAF_DBS.has(name)) checkLeafPut(o, name, c[2], c[3], pos);
    if (c[0] === 'p') o.putSync(c[2] as never, c[3] as never);
    else if (c[0] === 'r') (o.removeSync as (...a: unknown[]) => boolean)(...c.slice(2));
    else o.clearSync();
  }
}

/**
 * Applies stream `entries` (consecutive, ascending) in one durable transaction with the new applied position;
 * entries at or below the stored position are skipped, so applying twice (a crash in between) is harmless.
 * Returns the applied position afterwards. Throws when an entry would leave a gap.
 */
export function applyEntries(entries: Entry[]): number {
  if (!entries.length) return appliedPosition();
  return inTransaction(() => {
    refuseDiverged();
    let at = appliedPosition();
    applying = true;
    try {
      for (const e of entries) {
        if (e.pos <= at) continue;
        if (e.pos !== at + 1) throw new Error(`stream entry ${e.pos} follows ${at}: gap`);
        applyBody(e.body, e.pos);
        at = e.pos;
      }
    } finally {
      applying = false;
    }
    state!.putSync('applied', at);
    return at;
  }) as number;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs `fn` in a synchronous LMDB write transaction. LMDB closes a sub-database opened inside a write transaction
 * when that transaction aborts (a stream conflict, PostgreSQL unreachable): its handle then fails every later use
 * (EINVAL), so the handles opened in an aborted transaction are dropped and opened again when next used.
 */
function inTransaction<T>(fn: () => T): T {
  inTxn = true;
  openedInTxn = [];
  try {
    return root!.transactionSync(fn) as T;
  } catch (e) {
    for (const name of openedInTxn) {
      originals.delete(name);
      forget!(name);
    }
    // Kept once the refused transaction is gone: every later write, apply and start of this node is refused with it.
    if (e instanceof Diverged && !divergence()) state!.putSync('diverged', e.divergence);
    throw e;
  } finally {
    inTxn = false;
    openedInTxn = [];
  }
}

/**
 * Runs `fn` as one replicated transaction: LMDB's write lock is held throughout, so the transactions of every
 * thread and process on this node take stream positions one after another. Nested calls join the running one.
 * When `fn` wrote nothing, nothing is committed to the stream. When another node took the position first, `fn`
 * runs again on top of that node's commit, for up to the replicator's `retryMs`, so it must only read and write
 * LMDB (every transaction function does).
 */
export function runReplicated<T>(fn: () => T): T {
  if (captured || applying) return fn();
  const until = Date.now() + replicator!.retryMs;
  for (;;) {
    try {
      return runOnce(fn);
    } catch (e) {
      if (!(e instanceof StreamConflict) || Date.now() >= until) throw e;
      // Against a primary under load each attempt is a race with its next batch (one every millisecond or two):
      // attempts follow closely, with a random pause of up to 2 ms so that they do not fall into step with it.
      Atomics.wait(pause, 0, 0, Math.random() * 2);
    }
  }
}

/** Throws when this node diverged: nothing more may be applied or written here. */
function refuseDiverged(): void {
  const d = divergence();
  if (d) throw new Diverged(d);
}

function runOnce<T>(fn: () => T): T {
  const r = replicator!;
  return inTransaction(() => {
    refuseDiverged();
    r.admit();
    let at = appliedPosition();
    const missed = r.pending(at, behind);
    behind = false;
    if (missed.length) {
      applying = true;
      try {
        for (const e of missed) {
          if (e.pos !== at + 1) continue;
          applyBody(e.body, e.pos);
          at = e.pos;
        }
      } finally {
        applying = false;
      }
    }
    captured = [];
    usedOpts = {};
    let result: T;
    let changes: Change[];
    try {
      result = fn();
    } finally {
      changes = captured;
      captured = null;
    }
    if (changes.length) {
      const t0 = performance.now();
      try {
        r.commit(at + 1, encodeChanges(changes, usedOpts));
      } catch (e) {
        if (e instanceof StreamConflict) behind = true;
        throw e;
      } finally {
        streamMs += performance.now() - t0;
      }
      at++;
    }
    if (changes.length || missed.length) state!.putSync('applied', at);
    return result;
  }) as T;
}
