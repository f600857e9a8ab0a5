// Owns the COSE Receipts the logs serve (docs/verification.md#18-cose-receipts): a record's receipt of inclusion in its
// log, built on the checkpoint of its JSON proof's `log` block, and a log checkpoint's receipt of inclusion in its head.
// One Ed25519 signature per checkpoint, made on the first request and remembered: it is deterministic, so every node
// (a standby too) makes the same bytes, and nothing is written on a read.
import { keySigner, type Signer } from '../signing/keys';
import { platformSigner } from '../signing/platform';
import { coseThumbprint, encodeReceipt, receiptProtected, sigStructure } from '../verify/cose';
import { checkpointAt } from './checkpoints';
import { checkpointInHead } from './head-proofs';
import { sha, type CheckpointRow, type LogRow } from './logs';
import { auditPath, proofAnchor, requireAnchor, type RecordLeaf } from './proofs';

type SignedRoot = { protectedBytes: Uint8Array; signature: Uint8Array };
// Checkpoints whose receipt signature was made, oldest first; a few hundred bytes each.
const signedRoots = new Map<string, SignedRoot>();
const MAX_SIGNED = 8192;

/** The key that signed the checkpoint: the platform key for the appliance's own logs, else the tenant key it names. */
function checkpointSigner(log: LogRow, cp: CheckpointRow): Signer {
  const signer = log.platform ? platformSigner() : keySigner(log.tenant_id, cp.key_id);
  if (!signer || signer.key_id !== cp.key_id)
    throw new Error(`the key ${cp.key_id} that signed a checkpoint of log ${log.num} is not held`);
  return signer;
}

/** The receipt's protected header and its signature over the root of the checkpoint of `size` leaves of `log`. */
function signedRoot(log: LogRow, size: number, cp: CheckpointRow): SignedRoot {
  const k = `${log.num}/${size}`;
  const hit = signedRoots.get(k);
  if (hit) return hit;
  if (!log.origin) throw new Error(`log ${log.num} has a checkpoint but no origin`);
  const signer = checkpointSigner(log, cp);
  const protectedBytes = receiptProtected(coseThumbprint(sha, signer.public_key), log.origin);
  const made = { protectedBytes, signature: signer.sign(sigStructure(protectedBytes, cp.root)) };
  signedRoots.set(k, made);
  if (signedRoots.size > MAX_SIGNED) signedRoots.delete(signedRoots.keys().next().value!);
  return made;
}

/** The receipt of leaf `leafIndex` in the checkpoint `cp` of `size` leaves of `log`. */
function receiptAt(log: LogRow, leafIndex: number, size: number, cp: CheckpointRow): Uint8Array {
  const s = signedRoot(log, size, cp);
  return encodeReceipt(s.protectedBytes, size, leafIndex, auditPath(log.num, leafIndex, size), s.signature);
}

/**
 * The COSE Receipt of a record of any kind (application/cose): its inclusion in its log at the checkpoint its JSON
 * proof's `log` block is built on. 409 leaf_pending until a checkpoint covers it.
 */
export function recordReceipt(rec: RecordLeaf): Uint8Array {
  const a = requireAnchor(rec);
  return receiptAt(a.log, a.leafIndex, a.size, a.cp);
}

/**
 * recordReceipt, or null until a checkpoint covers the record: for a caller that answers "not yet" itself (a SCITT
 * registration nearly always comes before its checkpoint, and building the 409 would cost it more than the check).
 */
export function recordReceiptIfCovered(rec: RecordLeaf): Uint8Array | null {
  const a = proofAnchor(rec);
  return a ? receiptAt(a.log, a.leafIndex, a.size, a.cp) : null;
}

/**
 * A record's receipts as a SCITT Transparent Statement carries them (docs/scitt.md#the-transparent-statement): its
 * receipt in its log and, once its head is published, the receipt of that checkpoint in the head (the head's own
 * receipt of the same checkpoint as GET /v1/proof/head/receipt). 409 leaf_pending until a checkpoint covers it.
 */
export function recordReceipts(rec: RecordLeaf): Uint8Array[] {
  const a = requireAnchor(rec);
  const inLog = receiptAt(a.log, a.leafIndex, a.size, a.cp);
  if (!a.head) return [inLog];
  const size = a.head.published.tree_size;
  const cp = checkpointAt(a.head.log.num, size);
  if (!cp) throw new Error(`published head ${size} has no stored checkpoint`);
  return [inLog, receiptAt(a.head.log, a.head.leaf, size, cp)];
}

/**
 * The COSE Receipt of a log checkpoint (?origin=O&size=S) in the earliest published head that contains it (the head
 * of its records' proofs), signed by the platform key. 404 leaf_not_found for no such checkpoint, 409 leaf_pending
 * before that head is published.
 */
export function checkpointReceipt(q: { origin?: string; size?: string }): Uint8Array {
  const { index, log, head } = checkpointInHead(q);
  const cp = checkpointAt(log.num, head.tree_size);
  if (!cp) throw new Error(`published head ${head.tree_size} has no stored checkpoint`);
  return receiptAt(log, index, head.tree_size, cp);
}
