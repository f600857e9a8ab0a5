// Owns the ledger area's public API, used by its routes, the CLI, the console and other areas (traces).
export { checkIdempotencyKey, ingestEvent, type IngestInput, type IngestResult } from './ingest';
export { appendLedgerRowInTxn, buildLedgerRow, flushActiveCountsInTxn, ledgerEventApplier, LEDGER_EVENT, type LedgerQueueItem } from './append';
export { allLedgerRows, countLedgerRows, findLedgerRow, getEvent, isSealed, listEvents, retentionOf } from './query';
export { eventProof, flushVerifications, ledgerRowChecks, LEDGER_VERIFICATION, recentVerifications, signedBytesMatch, verificationApplier, verifyEvent } from './verify';
export type { LedgerRow } from './repo';
