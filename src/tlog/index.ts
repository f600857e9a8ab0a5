// Owns the transparency logs' public surface: all that the other areas, the composition (server, boot, migrations,
// CLI, console, operator actions) and the background jobs reach of src/tlog/ (test/unit/layers.test.ts holds them to it).
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
export {
  appendOrgLeafInTxn,
  appendTenantLeafInTxn,
  flushLogsInTxn,
  originOf,
  publicHostOf,
  retireOrgLogInTxn,
} from './append';
export { orgLogReport, type LogReport } from './integrity';
export { tenantLogReport, tenantLogReportForOperator } from './tenant-integrity';
export {
  appendOperatorEntryInTxn,
  decodeEntryCursor,
  indexOperatorEntries,
  latestOperatorEntries,
  operatorEntries,
  operatorLogPage,
  tenantActivityPage,
  verifyOperatorLog,
} from './operator-log';
export { eachLeaf, leavesToRuns } from './leaf-runs';
export { migrateLogs } from './migrate';
export type { HeadBlock } from './proofs';

// What the background jobs of src/workers/ run over the logs: the integrator (checkpoints of every log, the head
// log's leaves) and the head publisher (cosignatures, time-stamp tokens).
export { checkpoints, headLeaves, integrated, leafHashOf, logs, MIN_STORED_LEVEL, nodes } from './repo';
export { integratedSize, sha } from './logs';
export { cacheLatestCheckpoints, rememberCheckpoint } from './checkpoints';
export { nodeReader } from './subtrees';
export {
  cacheLatestHead,
  headConsistency,
  storePublishedHead,
  unpublishedHead,
  type PublishedHeadRow,
} from './heads';
export { requestTimestamp } from './tsa-client';
