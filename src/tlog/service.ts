// Owns the transparency logs' public API, used by the other areas, backup, metrics and the scripts.
export { allLogs, appendedSize, migratedLeafIndex, orgLog, tenantLog, type CheckpointRow, type LogRow } from './logs';
export { latestCheckpoint, orgCheckpoint } from './checkpoints';
export { coverOf, orgSubtreeRoots, rootAt, subtreeRootsOf, type SubtreeRoot } from './subtrees';
export { checkpointOut, consistencyOut, inclusionOut, logBlockFor, type InclusionQuery, type LogBlock } from './proofs';
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
