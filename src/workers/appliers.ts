// Owns the writer's applier table: every kind of accepted write and the area function that applies it,
// built explicitly in one place (the writer thread imports this; areas register nothing themselves).
import { aiAttestationApplier, AI_ATTESTATION } from '../ai/service';
import { auditEventApplier, AUDIT_EVENT, flushAuditHeadsInTxn } from '../audit/service';
import { documentAnchorApplier, DOCUMENT_ANCHOR } from '../documents/service';
import { flushActiveCountsInTxn, ledgerEventApplier, LEDGER_EVENT, LEDGER_VERIFICATION, prepareSystemEvent, verificationApplier } from '../ledger/service';
import { KEYS_LAST_USED, lastUsedApplier } from '../keys/service';
import { USAGE_FLUSH, usageFlushApplier } from '../usage/service';
import { publishStatusApplier, WRITER_STATUS } from '../store/writer-status';
import { traceSealApplier, TRACE_SEAL } from '../traces/service';
import { flushLogsInTxn } from '../tlog/append';
import type { ApplierTable } from '../store/writer-core';

export const appliers: ApplierTable = Object.freeze({
  [LEDGER_EVENT]: ledgerEventApplier,
  [AI_ATTESTATION]: aiAttestationApplier,
  [DOCUMENT_ANCHOR]: documentAnchorApplier,
  // The seal's ledger event is made by the ledger (which imports traces' gate and item index, not the reverse).
  [TRACE_SEAL]: traceSealApplier(prepareSystemEvent),
  [AUDIT_EVENT]: auditEventApplier,
  [LEDGER_VERIFICATION]: verificationApplier,
  [USAGE_FLUSH]: usageFlushApplier,
  [KEYS_LAST_USED]: lastUsedApplier,
  [WRITER_STATUS]: publishStatusApplier,
});

/** What runs in each writer transaction after its items: totals gathered by the appliers, written once. */
export const afterItems: ReadonlyArray<() => void> = Object.freeze([flushActiveCountsInTxn, flushAuditHeadsInTxn, flushLogsInTxn]);
