// Owns the writer's applier table: every kind of accepted write and the area function that applies it,
// built explicitly in one place (the writer thread imports this; areas register nothing themselves).
import { aiAttestationApplier, AI_ATTESTATION } from '../ai/service';
import { auditEventApplier, AUDIT_EVENT, flushAuditHeadsInTxn } from '../audit/service';
import { documentAnchorApplier, DOCUMENT_ANCHOR } from '../documents/service';
import {
  flushActiveCountsInTxn,
  ledgerEventApplier,
  LEDGER_EVENT,
  LEDGER_VERIFICATION,
  prepareSystemEvent,
  verificationApplier,
} from '../ledger/service';
import { KEYS_LAST_USED, lastUsedApplier } from '../api-keys/service';
import {
  countUsageInTxn,
  flushUsageInTxn,
  USAGE_FLUSH,
  usageFlushApplier,
  type Charged,
  type Resource,
} from '../usage/service';
import { publishStatusApplier, WRITER_STATUS } from '../store/writer-status';
import { traceSealApplier, TRACE_SEAL } from '../traces/service';
import { statementApplier, STATEMENT_REGISTER } from '../scitt/service';
import { flushLogsInTxn } from '../tlog/index';
import type { Applier, ApplierTable } from '../store/writer-core';
import { FORWARDED, forwardedApplier } from '../replication/forward';

/**
 * A record kind whose items carry the quota unit of `resource` they were charged (usage chargeWrite): the unit is
 * counted in the item's own transaction when `created` says the record was stored, so the two are durable together.
 * Counted by the writer right after the item's apply (Applier `applied`): no wrapper around each prepared item.
 */
function countingUsage<D, R>(
  a: Applier<D, R>,
  resource: Resource,
  created: (r: R) => boolean,
): Applier<D & Charged, R> {
  return {
    prepare: (data) => a.prepare(data),
    applied(data, r) {
      if (created(r)) countUsageInTxn(data, resource);
    },
  };
}

const own: ApplierTable = {
  // Every ledger ingest counts (docs/operations.md#counting-and-limits), also one answered as another writer's replay.
  [LEDGER_EVENT]: countingUsage(ledgerEventApplier, 'events_per_month', () => true),
  [AI_ATTESTATION]: countingUsage(aiAttestationApplier, 'ai_attestations_per_month', (r) => !r.duplicate),
  [DOCUMENT_ANCHOR]: countingUsage(documentAnchorApplier, 'events_per_month', (r) => !r.existing),
  [STATEMENT_REGISTER]: countingUsage(statementApplier, 'events_per_month', (r) => r.created),
  // The seal's ledger event is made by the ledger (which imports traces' gate and item index, not the reverse).
  [TRACE_SEAL]: traceSealApplier(prepareSystemEvent),
  [AUDIT_EVENT]: auditEventApplier,
  [LEDGER_VERIFICATION]: verificationApplier,
  [USAGE_FLUSH]: usageFlushApplier,
  [KEYS_LAST_USED]: lastUsedApplier,
  [WRITER_STATUS]: publishStatusApplier,
};
// Replication: the counters a standby's reads made, applied by the primary's writer with the same appliers.
export const appliers: ApplierTable = Object.freeze({ ...own, [FORWARDED]: forwardedApplier(own) });

/** What runs in each writer transaction after its items: totals gathered by the appliers, written once. */
export const afterItems: ReadonlyArray<() => void> = Object.freeze([
  flushActiveCountsInTxn,
  flushAuditHeadsInTxn,
  flushLogsInTxn,
  flushUsageInTxn,
]);
