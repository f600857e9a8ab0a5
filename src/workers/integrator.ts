// Owns the integrator, behind the write path: it extends each log's stored perfect subtrees over newly
// appended leaves and signs a checkpoint every SVC_CHECKPOINT_LEAVES new leaves or SVC_CHECKPOINT_SECONDS
// after the first unsigned one, whichever comes first (the head log: SVC_HEAD_SECONDS after its first unsigned
// leaf), and appends every checkpoint it signs, but the head's own, to the head log in the transaction that stores
// it (docs/transparency-logs.md#head-checkpoints-and-publication). Never on an acknowledgement's path.
import { config, publicUrl, runtime } from '../config';
import { log } from '../log';
import { refreshReads, transact } from '../store/env';
import { subtreeRoot } from '../verify/merkle';
import { sha256Raw } from '../crypto/hash';
import { checkpointBody, formatNote, noteKeyId } from '../verify/note';
import { recordTable } from '../records/table';
import {
  originOf,
  publicHostOf,
  checkpoints,
  headLeaves,
  integrated,
  leafHashOf,
  logs,
  MIN_STORED_LEVEL,
  nodes,
  type CheckpointRow,
  type LogRow,
  appendPlatformLeavesInTxn,
  eachLeaf,
  allLogs,
  appendedSize,
  integratedSize,
  sha,
  cacheLatestCheckpoints,
  latestCheckpoint,
  rememberCheckpoint,
  nodeReader,
} from '../tlog/index';
import { headLeafData } from '../verify/head';

const utf8 = new TextEncoder();
/** Leaves integrated per write transaction: bounds the time one step holds the main thread. */
const CHUNK = 16384;

export type NewCheckpoint = {
  tenant_id: string;
  org_id: string | null;
  tree_size: number;
  root_hash: Buffer;
  note: string;
  key_id: string;
  issued_at: string;
};
const listeners = new Set<(c: NewCheckpoint) => void>();
/** Called after each checkpoint is stored (streams deliver org checkpoints). */
export function onCheckpoint(fn: (c: NewCheckpoint) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

type NodeWrite = [level: number, index: number, hash: Uint8Array];

const nodeInput = Buffer.alloc(65);
/**
 * RFC 6962 interior node SHA-256(0x01 || left || right), as verify/merkle's nodeHash but built in a reused
 * buffer: the integrator computes about one per appended leaf (tests hold its trees equal to independent code).
 */
function nodeHashOf(left: Uint8Array, right: Uint8Array): Buffer {
  nodeInput[0] = 1;
  nodeInput.set(left, 1);
  nodeInput.set(right, 33);
  return sha256Raw(nodeInput);
}

/**
 * The stored nodes (levels >= MIN_STORED_LEVEL) of every perfect subtree completed by leaves [from, to),
 * computed, not written. The left sibling of a node being completed is always the last node completed at its
 * level: kept in `last`, read (or computed from its leaves) after a restart.
 */
function extend(num: number, from: number, to: number): NodeWrite[] {
  const last: Array<{ index: number; hash: Uint8Array } | undefined> = [];
  const stored = nodeReader(num);
  const left = (level: number, index: number): Uint8Array => {
    const l = last[level];
    return l && l.index === index ? l.hash : stored(level, index);
  };
  const out: NodeWrite[] = [];
  let i = from;
  eachLeaf(num, from, to, (leafIndex, entry) => {
    if (leafIndex !== i) throw new Error(`log ${num}: leaf ${i} missing`);
    let h: Uint8Array = leafHashOf(entry);
    let index = i;
    let level = 0;
    while (index % 2 === 1) {
      h = nodeHashOf(left(level, index - 1), h);
      level++;
      index = (index - 1) / 2;
      if (level >= MIN_STORED_LEVEL) out.push([level, index, h]);
    }
    // Only a node with an even index is ever a left sibling, and the loop ends on one.
    last[level] = { index, hash: h };
    i++;
  });
  if (i !== to) throw new Error(`log ${num}: leaves ${i} to ${to - 1} missing`);
  return out;
}

const asBuffer = (h: Uint8Array): Buffer => Buffer.from(h.buffer, h.byteOffset, h.byteLength);

/** Inside a transaction: the computed nodes and the new integrated size. */
function storeNodesInTxn(num: number, out: NodeWrite[], size: number): void {
  for (const [level, index, h] of out) nodes.putInTxn(num, level, index, asBuffer(h));
  integrated().putSync(num, size);
}

/** A long backlog (after the migration, or a long stop) is integrated in committed steps before signing. */
async function catchUp(num: number, from: number, to: number): Promise<number> {
  let at = from;
  while (to - at > CHUNK) {
    const end = at + CHUNK;
    const out = extend(num, at, end);
    await transact(() => storeNodesInTxn(num, out, end));
    at = end;
  }
  return at;
}

/** The origin, fixed on the log's first integration when the public URL was not known at its creation. */
async function ensureOrigin(row: LogRow): Promise<string | null> {
  if (row.origin) return row.origin;
  if (!config().publicUrl && runtime.port === null) return null;
  const origin = originOf(publicHostOf(publicUrl()), row.domain, row.org_id);
  await transact(() => {
    const cur = logs().get(row.num)!;
    if (!cur.origin) logs().putSync(row.num, { ...cur, origin });
  });
  return logs().get(row.num)!.origin;
}

type Due = { row: LogRow; origin: string; size: number; out: NodeWrite[]; cp: CheckpointRow };

/**
 * Signs the checkpoint of the first `size` leaves with the tenant's current key (a platform log: the platform key);
 * `out` overlays the store.
 */
function signed(row: LogRow, origin: string, size: number, out: NodeWrite[]): CheckpointRow {
  const pending = new Map(out.map(([level, index, h]) => [`${level}/${index}`, h]));
  const stored = nodeReader(row.num);
  const root = Buffer.from(
    size === 0
      ? sha(new Uint8Array(0))
      : subtreeRoot(sha, (level, index) => pending.get(`${level}/${index}`) ?? stored(level, index), 0, size),
  );
  const signer = row.platform ? recordTable().tenants.platformSigner() : recordTable().tenants.signer(row.tenant_id);
  const body = checkpointBody(origin, size, root);
  const note = formatNote(body, origin, noteKeyId(sha, origin, signer.public_key), signer.sign(utf8.encode(body)));
  return { note, root, key_id: signer.key_id, issued_at: new Date().toISOString() };
}

// When the first leaf not covered by a checkpoint was seen, per log (the 5 s clock).
const waitingSince = new Map<number, number>();

/**
 * One pass over every log: integrate what was appended and sign where due, all in ONE write transaction
 * (a commit competes with the writers for LMDB's write lock and an fsync). `force` signs whatever waits.
 */
export async function integrateAll(force = false): Promise<number> {
  refreshReads();
  const cfg = config();
  const due: Due[] = [];
  for (const row of allLogs()) {
    const n = appendedSize(row.num);
    const cpSize = latestCheckpoint(row.num)?.tree_size ?? 0;
    if (n <= cpSize) {
      waitingSince.delete(row.num);
      continue;
    }
    const since = waitingSince.get(row.num) ?? Date.now();
    waitingSince.set(row.num, since);
    // docs/transparency-logs.md#head-checkpoints-and-publication: a head checkpoint at most every SVC_HEAD_SECONDS, whatever the number of waiting head leaves.
    const dueNow =
      row.platform === 'head'
        ? Date.now() - since >= cfg.headSeconds * 1000
        : n - cpSize >= cfg.checkpointLeaves || Date.now() - since >= cfg.checkpointSeconds * 1000;
    if (!force && !dueNow) continue;
    const origin = await ensureOrigin(row);
    if (!origin) continue;
    const from = await catchUp(row.num, integratedSize(row.num), n);
    const out = extend(row.num, from, n);
    due.push({ row, origin, size: n, out, cp: signed(row, origin, n, out) });
  }
  if (!due.length) return 0;
  await transact(() => {
    // In signing order: the head leaf of every checkpoint signed here, but the head's own and those of a sandbox
    // tenant's logs, which never enter the head (docs/verification.md#sandbox-records).
    const covered = due.filter(
      (d) => d.row.platform !== 'head' && !(!d.row.platform && recordTable().tenants.sandbox(d.row.tenant_id)),
    );
    const first = appendPlatformLeavesInTxn(
      'head',
      covered.map((d) => headLeafData(sha, { origin: d.origin, treeSize: d.size, root: d.cp.root })),
    );
    covered.forEach((d, i) => headLeaves().putSync([d.row.num, d.size], first + i));
    for (const d of due) {
      storeNodesInTxn(d.row.num, d.out, d.size);
      checkpoints().putSync([d.row.num, d.size], d.cp);
    }
  });
  for (const d of due) {
    waitingSince.delete(d.row.num);
    rememberCheckpoint(d.row.num, { ...d.cp, tree_size: d.size });
    for (const l of listeners) {
      try {
        l({
          tenant_id: d.row.tenant_id,
          org_id: d.row.org_id,
          tree_size: d.size,
          root_hash: d.cp.root,
          note: d.cp.note,
          key_id: d.cp.key_id,
          issued_at: d.cp.issued_at,
        });
      } catch (e) {
        log('error', 'checkpoint listener failed', { error: String((e as Error).message) });
      }
    }
  }
  return due.length;
}

let timer: ReturnType<typeof setInterval> | null = null;
let running: Promise<unknown> | null = null;

function tick(): void {
  if (running) return;
  running = integrateAll()
    .catch((e) => log('error', 'log integration failed', { error: String((e as Error).message) }))
    .finally(() => {
      running = null;
    });
}

/** Starts the integrator (server boot); it ticks often enough that a record is signed about 5 s after it lands. */
export function startIntegrator(): void {
  if (timer) return;
  cacheLatestCheckpoints(true);
  timer = setInterval(tick, Math.min(250, config().checkpointSeconds * 100));
}

/** Stops the integrator after its current pass. */
export async function stopIntegrator(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  await running;
  cacheLatestCheckpoints(false);
}
