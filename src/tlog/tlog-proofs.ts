// Owns the C2SP tlog-proof texts the logs serve (docs/verification.md#19-tlog-proof): a record's, on the same checkpoint
// as its JSON proof's `log` block and its receipt, and a log checkpoint's in its head, on the published head note with
// its cosignature lines.
import { formatTlogProof } from '../verify/tlog-proof';
import { checkpointInHead } from './head-proofs';
import { auditPath, requireAnchor, type RecordLeaf } from './proofs';

/** A record's tlog-proof (text/plain): index = its leaf index, its audit path, the checkpoint note. 409 leaf_pending before. */
export function recordTlogProof(rec: RecordLeaf): string {
  const a = requireAnchor(rec);
  return formatTlogProof(a.leafIndex, auditPath(a.log.num, a.leafIndex, a.size), a.cp.note);
}

/** A log checkpoint's tlog-proof in its head (?origin=O&size=S): head leaf index, path, the published head note. */
export function checkpointTlogProof(q: { origin?: string; size?: string }): string {
  const { index, log, head } = checkpointInHead(q);
  return formatTlogProof(index, auditPath(log.num, index, head.tree_size), head.note);
}
