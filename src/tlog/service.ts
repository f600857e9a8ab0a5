// Owns the transparency logs' public API, used by the other areas, backup, metrics and the scripts.
export { allLogs, appendedSize, migratedLeafIndex, orgLog, tenantLog, type CheckpointRow, type LogRow } from './logs';
export { latestCheckpoint, orgCheckpoint } from './checkpoints';
export { coverOf, orgSubtreeRoots, rootAt, subtreeRootsOf, type SubtreeRoot } from './subtrees';
export {
  checkpointOut,
  consistencyOut,
  inclusionOut,
  logBlockFor,
  proofAnchor,
  retryAfterSeconds,
  type InclusionQuery,
  type LogBlock,
  type ProofAnchor,
  type RecordLeaf,
} from './proofs';
export { checkpointReceipt, recordReceipt, recordReceiptIfCovered, recordReceipts } from './receipts';
export { checkpointTlogProof, recordTlogProof } from './tlog-proofs';
export { withHeadVerifierKey, withNoteVerifierKeys } from './public-keys';
export {
  appendPlatformLeavesInTxn,
  ensurePlatformLogs,
  platformLeafData,
  platformLog,
  platformLogNumInTxn,
  type PlatformLogName,
} from './platform';
export { clockSkew, latestPublishedHead, type ClockSkew } from './heads';
export { publishedWitnessPolicy } from './witness-policy';
