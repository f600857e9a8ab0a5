// Owns the upgrade of writes that an earlier version accepted but had not applied yet: its durable intake
// queue and audit queue are replayed through the writer in acceptance order, each entry removed in the
// transaction that applies it (so a crash during the replay neither loses nor repeats one).
import { log } from '../log';
import { subDb } from '../store/env';
import { submitInternal } from '../store/writer';
import { AUDIT_EVENT } from '../audit/service';

const INTAKE = 'intake_queue';
const AUDIT = 'audit_pending';
// The enqueue of those versions already wrote these kinds' claims; the appliers must not check them again.
const CLAIMED_AT_ENQUEUE = new Set(['ai.attestation', 'document.anchor', 'trace.seal']);

/** Resolves once every queued entry is applied; returns how many there were. */
export async function replayLegacyQueues(): Promise<number> {
  const intake = [...subDb<{ kind: string; data: Record<string, unknown> }, string>(INTAKE).getRange({})];
  const audit = [...subDb<string, number>(AUDIT).getRange({})];
  if (!intake.length && !audit.length) return 0;
  log('info', 'applying writes queued by an earlier version', { intake: intake.length, audit: audit.length });
  const writes: Array<() => Promise<unknown>> = [
    ...intake.map(
      ({ key, value }) =>
        () =>
          submitInternal(
            value.kind,
            CLAIMED_AT_ENQUEUE.has(value.kind) ? { ...value.data, legacy: true } : value.data,
            { db: INTAKE, key },
          ),
    ),
    ...audit.map(
      ({ key, value }) =>
        () =>
          submitInternal(AUDIT_EVENT, { item: JSON.parse(value), idem: null }, { db: AUDIT, key }),
    ),
  ];
  // In slices, below the writer's in-flight limit; order is kept because the writer applies in submit order.
  for (let i = 0; i < writes.length; i += 500) await Promise.all(writes.slice(i, i + 500).map((w) => w()));
  log('info', 'earlier queued writes applied', { count: writes.length });
  return writes.length;
}
