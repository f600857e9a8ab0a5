// Owns the synchronous link from a writing thread to PostgreSQL: a write transaction holds LMDB's write lock while
// its change set commits, so the thread blocks (Atomics.wait) on a helper thread that runs the statement, and
// reads the reply with receiveMessageOnPort. Also builds the Replicator each kind of process writes with.
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { SERVICE_ENV_FILE } from '../config';
import { ApiError } from '../errors';
import { log } from '../log';
import { StreamConflict, type Entry, type Replicator } from '../store/capture';
import { replicateStore } from '../store/env';

type Request =
  | { op: 'commit'; pos: number; body: Uint8Array; lease: boolean }
  | { op: 'since'; after: number; limit: number }
  | { op: 'ping' };
export type LinkRequest = Request & { id: number };
export type LinkReply =
  | { id: number; ok: true; entries?: Entry[] }
  | { id: number; ok: false; why: 'conflict' | 'fenced' | 'unavailable'; message?: string };

/** How long a commit may block its thread before the write is answered 503 (the outcome then stays unknown). */
const COMMIT_WAIT_MS = 3000;
/** After a failure, how often a transaction may probe PostgreSQL again instead of failing at once. */
const PROBE_EVERY_MS = 250;
/** Entries fetched per request when catching up. */
const CHUNK = 500;

export const unavailable = (message = 'PostgreSQL cannot commit this write now; retry shortly'): ApiError =>
  new ApiError('replication_unavailable', message).withHeaders({ 'retry-after': '1' });

/** An operator command's refusal when PostgreSQL does not answer: it names the setting to check and where it lives. */
export const operatorUnreachable = (why: string): ApiError =>
  unavailable(
    `cannot reach PostgreSQL at SVC_REPLICATION_URL (${why}; with the systemd unit it is set in ${SERVICE_ENV_FILE}): nothing was changed; retry once it answers`,
  );

export type Link = {
  commit(pos: number, body: Uint8Array, lease: boolean): void;
  since(after: number): Entry[];
  /** False while PostgreSQL was found unreachable less than PROBE_EVERY_MS ago (then probed again). */
  ready(): boolean;
  close(): void;
};

/**
 * Starts the helper thread for this thread; `url` of PostgreSQL, `node` this node's id; `refuse` makes the error a
 * write is refused with while PostgreSQL does not answer.
 */
export function openLink(url: string, node: string, refuse: (why: string) => ApiError = () => unavailable()): Link {
  const { port1, port2 } = new MessageChannel();
  const flag = new SharedArrayBuffer(4);
  const signal = new Int32Array(flag);
  const worker = new Worker(new URL('./link-thread.ts', import.meta.url), {
    workerData: { port: port2, flag, url, node },
    transferList: [port2 as never],
  });
  worker.unref();
  let nextId = 0;
  let downAt = 0;
  let probedAt = 0;

  const call = (req: Request, waitMs: number): LinkReply => {
    const id = ++nextId;
    const deadline = Date.now() + waitMs;
    let seen = Atomics.load(signal, 0);
    port1.postMessage({ ...req, id });
    for (;;) {
      const got = receiveMessageOnPort(port1 as MessagePort);
      if (got) {
        const reply = got.message as LinkReply;
        if (reply.id === id) return reply;
        continue; // the late answer to a request that timed out
      }
      const left = deadline - Date.now();
      if (left <= 0) return { id, ok: false, why: 'unavailable', message: 'PostgreSQL did not answer in time' };
      Atomics.wait(signal, 0, seen, left);
      seen = Atomics.load(signal, 0);
    }
  };
  const failed = (r: LinkReply & { ok: false }): never => {
    downAt = probedAt = Date.now();
    log('warn', 'replication commit failed', { why: r.why, error: r.message });
    throw refuse(r.message ?? r.why);
  };
  return {
    commit(pos, body, lease) {
      const r = call({ op: 'commit', pos, body, lease }, COMMIT_WAIT_MS);
      if (r.ok) {
        downAt = 0;
        return;
      }
      if (r.why === 'conflict') throw new StreamConflict(pos);
      if (r.why === 'fenced')
        throw new ApiError('not_primary', 'This node no longer holds the lease').withHeaders({ 'retry-after': '1' });
      failed(r);
    },
    since(after) {
      const out: Entry[] = [];
      for (;;) {
        const r = call({ op: 'since', after, limit: CHUNK }, COMMIT_WAIT_MS);
        if (!r.ok) return failed(r);
        out.push(...r.entries!);
        if (r.entries!.length < CHUNK) return out;
        after = r.entries!.at(-1)!.pos;
      }
    },
    ready() {
      if (!downAt) return true;
      if (Date.now() - probedAt < PROBE_EVERY_MS) return false;
      probedAt = Date.now();
      if (call({ op: 'ping' }, 1000).ok) downAt = 0;
      return !downAt;
    },
    close() {
      port1.close();
      void worker.terminate();
    },
  };
}

/**
 * For how long an operator command or the server's main thread runs a transaction again after losing its position:
 * against a primary under full load an attempt wins about one time in three (measured), so this is never reached
 * unless the stream is stuck.
 */
const RETRY_MS = 15_000;

/**
 * The writer of the primary: every commit is fenced by the lease. `admit` refuses at once (no blocking wait)
 * while PostgreSQL is known unreachable; after a conflict the transaction first applies what it missed.
 * `retryMs`: 0 on the writer thread (capture.ts Replicator).
 */
export function primaryReplicator(link: Link, isPrimary: () => boolean = () => true, retryMs = RETRY_MS): Replicator {
  return {
    retryMs,
    admit() {
      if (!isPrimary())
        throw new ApiError('not_primary', 'This node is a standby; send writes to the primary').withHeaders({
          'retry-after': '1',
        });
      if (!link.ready()) throw unavailable();
    },
    pending: (at, behind) => (behind ? link.since(at) : []),
    commit: (pos, body) => link.commit(pos, body, true),
  };
}

/**
 * Operator commands (CLI, console) on any node: each transaction first applies everything the stream holds
 * beyond this node's store, so it is computed on the latest state, and takes the next position without the
 * lease (a position taken meanwhile makes it run again). The primary applies these entries like a standby.
 */
export function operatorReplicator(link: Link): Replicator {
  return {
    retryMs: RETRY_MS,
    admit() {
      if (!link.ready()) throw operatorUnreachable('it did not answer just now');
    },
    pending: (at) => link.since(at),
    commit: (pos, body) => link.commit(pos, body, false),
  };
}

/** A writer thread of the primary (store/thread boot): its store commits through its own link, fenced by the lease. */
export function replicateThread(rc: { url: string; nodeId: string }): void {
  replicateStore(primaryReplicator(openLink(rc.url, rc.nodeId), undefined, 0));
}

/** An operator process (CLI, console): its store's writes go through the stream from any node. */
export function replicateOperator(rc: { url: string; nodeId: string }): void {
  replicateStore(operatorReplicator(openLink(rc.url, rc.nodeId, operatorUnreachable)));
}
