// Owns the ledger area's public API, used by its routes, the CLI, the console and other areas (traces).
export { ingestEvent, type IngestInput, type IngestResult } from './ingest';
export {
  appendLedgerRowInTxn,
  buildLedgerRow,
  flushActiveCountsInTxn,
  ledgerEventApplier,
  LEDGER_EVENT,
  prepareSystemEvent,
  type LedgerQueueItem,
} from './append';
export { countLedgerRows, findLedgerRow, getEvent, isSealed, listEvents, retentionOf } from './query';
export {
  eventLeaf,
  eventProof,
  flushVerifications,
  LEDGER_VERIFICATION,
  recentVerifications,
  verificationApplier,
  verifyEvent,
} from './verify';
export { runLedgerRetention } from './retention';
export type { LedgerRow } from './repo';
