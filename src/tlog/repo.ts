// Owns the transparency logs' sub-databases and key layouts: the log registry, leaf hashes, perfect-subtree
// nodes, heads and signed checkpoints. Kept compact (binary values, small integer log numbers in keys).
import { putGrowing } from '../store/append-only';
import { subDb } from '../store/env';

/**
 * A log: one per tenant (org_id null) or per audit org, and the appliance's own platform logs (`platform` set,
 * tenant_id '', org_id null, domain = the platform log's name). `origin` is fixed once and never changes.
 */
export type LogRow = {
  num: number;
  tenant_id: string;
  org_id: string | null;
  domain: string;
  origin: string | null;
  created_at: string;
  platform?: PlatformLogName;
};
/** docs/transparency-logs.md#platform-logs-the-head-log-and-the-operator-log: the head log (over every checkpoint the appliance signs) and the operator log (operator commands). */
export type PlatformLogName = 'head' | 'operator';
export type CheckpointRow = { note: string; root: Buffer; key_id: string; issued_at: string };

/** logNum -> registry row. */
export const logs = () => subDb<LogRow, number>('tlog_logs');
/** [tenant_id, org_id or ''] -> logNum; a platform log is ['', its name]. */
export const logIds = () => subDb<number, [string, string]>('tlog_log_ids');
const nodeDb = () => subDb<Buffer, [number, number, number]>('tlog_nodes', { encoding: 'binary' });
/**
 * Subtrees of fewer than 2^MIN_STORED_LEVEL leaves are not stored: they are computed from their (at most 8)
 * leaves when read, which keeps the integrator to one write per 16 leaves instead of one per leaf. Data
 * directories written before kept them; they are not read.
 */
export const MIN_STORED_LEVEL = 4;
/**
 * The 32-byte root of the perfect subtree (level, index) over leaves [index*2^level, (index+1)*2^level),
 * level >= MIN_STORED_LEVEL, keyed [logNum, last leaf it covers, level]: nodes are completed in that order,
 * so each write appends (MDB_APPEND keeps pages full) instead of splitting pages in half.
 */
export const nodes = {
  get: (num: number, level: number, index: number): Buffer | undefined =>
    nodeDb().get([num, (index + 1) * 2 ** level - 1, level]),
  /** Inside a write transaction. */
  putInTxn: (num: number, level: number, index: number, hash: Buffer): void =>
    putGrowing(nodeDb(), [num, (index + 1) * 2 ** level - 1, level], hash),
};
/** logNum -> number of leaves appended; written only by the appenders, inside the write transaction. */
export const heads = () => subDb<number, number>('tlog_heads');
/** logNum -> tree size whose completed subtrees are stored in `nodes`; written only by the integrator. */
export const integrated = () => subDb<number, number>('tlog_integrated');
/** [logNum, tree_size] -> the signed checkpoint; every one is kept. */
export const checkpoints = () => subDb<CheckpointRow, [number, number]>('tlog_checkpoints');
/** [logNum, record id] -> leaf_index, for records logged by the first-start migration (their rows cannot be changed). */
export const migratedRefs = () => subDb<number, [number, string]>('tlog_migrated_refs');
/**
 * [logNum, leaf_index] -> the leaf data of a platform log's leaf (tenant and org leaves are rebuilt from their
 * records instead): what tiles' entry bundles serve and what the operator log is recomputed from.
 */
export const leafData = () => subDb<Buffer, [number, number]>('tlog_leaf_data', { encoding: 'binary' });
/**
 * [tenant_id, leaf_index] -> true: the operator-log entries whose target names that tenant (a tenant's activity,
 * docs/api.md#tenant-administration), written in the transaction that appends the entry.
 */
export const operatorLeavesByTenant = () => subDb<true, [string, number]>('tlog_operator_by_tenant');
/** [logNum, tree_size] -> the head leaf index of that signed checkpoint (docs/transparency-logs.md#head-leaves: every one is a head leaf). */
export const headLeaves = () => subDb<number, [number, number]>('tlog_head_leaves');
/** A published head: the platform-signed note followed by the witnesses' cosignature lines, and its timestamps. */
export type PublishedHeadRow = {
  note: string;
  root: Buffer;
  cosignatures: Array<{ witness: string; key_id: string; time: number }>;
  timestamps: Array<{ token: string; gen_time: string; tsa: string }>;
  issued_at: string;
  published_at: string;
};
/** tree_size -> the published head of that size; every one is kept (unpublished heads are only in tlog_checkpoints). */
export const publishedHeads = () => subDb<PublishedHeadRow, number>('tlog_head_published');
/** 'migration' -> progress of the first-start migration (resumable); 'clock' -> the last clock skew measured. */
export const meta = () => subDb<unknown, string>('tlog_meta');

export const leafHashOf = (v: Buffer): Buffer => v.subarray(0, 32);

const HEX_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  HEX_VALUE['0123456789abcdef'.charCodeAt(i)] = i;
  HEX_VALUE['0123456789ABCDEF'.charCodeAt(i)] = i;
}

/** The 16 bytes of a UUID written at `ref[from..]` (8-4-4-4-12 hex digits), or false when it is not one. */
function writeUuid(out: Buffer, at: number, ref: string, from: number): boolean {
  if (ref.length - from !== 36) return false;
  let o = at;
  for (let i = from; i < ref.length; ) {
    if (i - from === 8 || i - from === 13 || i - from === 18 || i - from === 23) {
      if (ref.charCodeAt(i++) !== 45) return false;
      continue;
    }
    const hi = HEX_VALUE[ref.charCodeAt(i)] ?? -1;
    const lo = HEX_VALUE[ref.charCodeAt(i + 1)] ?? -1;
    if (hi < 0 || lo < 0) return false;
    out[o++] = (hi << 4) | lo;
    i += 2;
  }
  return true;
}

/**
 * A stored leaf (kept in runs, leaf-runs.ts): the 32-byte leaf hash, then (tenant logs) the record reference:
 * one kind byte ('e' ledger event or seal, 'a' AI attestation, 'd' document) and the id (16 raw bytes for a
 * UUID). Encodes a record reference `<kind>:<id>` (kind one of e, a, d) after the leaf hash: a UUID as its 16 raw
 * bytes (written in place: this runs once per appended record), any other id as UTF-8.
 */
export function encodeLeaf(hash: Uint8Array, ref: string | null): Buffer {
  if (!ref) return Buffer.from(hash);
  const out = Buffer.allocUnsafe(49);
  out.set(hash, 0);
  out[32] = ref.charCodeAt(0);
  if (writeUuid(out, 33, ref, 2)) return out;
  return Buffer.concat([hash, Buffer.from([ref.charCodeAt(0)]), Buffer.from(ref.slice(2).toLowerCase(), 'utf8')]);
}

/** The record reference stored with a tenant leaf, or null (org leaves carry none). */
export function decodeRef(v: Buffer): { kind: string; id: string } | null {
  if (v.length <= 33) return null;
  const kind = String.fromCharCode(v[32]!);
  const raw = v.subarray(33);
  if (raw.length === 16) {
    const h = raw.toString('hex');
    return { kind, id: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}` };
  }
  return { kind, id: raw.toString('utf8') };
}
