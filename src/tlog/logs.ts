// Owns reading the log registry: which log is a tenant's or an org's, and how many leaves each has appended
// and integrated.
import { sha256Raw } from '../crypto/hash';
import { heads, integrated, logIds, logs, migratedRefs, type CheckpointRow, type LogRow } from './repo';

export const sha = (d: Uint8Array): Uint8Array => sha256Raw(d);
export type { LogRow, CheckpointRow };

export const tenantLog = (tenantId: string): LogRow | undefined => logById(logIds().get([tenantId, '']));
export const orgLog = (tenantId: string, orgId: string): LogRow | undefined => logById(logIds().get([tenantId, orgId]));
const logById = (num: number | undefined): LogRow | undefined => (num === undefined ? undefined : logs().get(num));
export const allLogs = (): LogRow[] => [...logs().getRange({})].map((e) => e.value);

/** Leaves appended to the log so far (durable, possibly not yet integrated or checkpointed). */
export const appendedSize = (num: number): number => heads().get(num) ?? 0;
/** Tree size whose completed subtrees are stored. */
export const integratedSize = (num: number): number => integrated().get(num) ?? 0;

/** Leaf index of a record logged by the first-start migration (its row carries none). */
export const migratedLeafIndex = (num: number, recordId: string): number | undefined =>
  migratedRefs().get([num, recordId.toLowerCase()]);
