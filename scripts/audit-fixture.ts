// Builds large audit orgs in-process through the real audit append path (seq, signing, indexes), for the
// benchmarks and the slow tests: much faster than sending the events over HTTPS.
import { canonicalJson } from '../src/crypto/canonical';
import { ulid } from '../src/crypto/ids';
import { transact } from '../src/store/env';
import { flushAuditHeadsInTxn, prepareAuditEvent } from '../src/audit/append';
import { flushLogsInTxn } from '../src/tlog/append';
import type { IngestItem } from '../src/audit/model';
import { wireRecordTable } from '../src/boot/record-kinds';

export type FixtureOptions = {
  /** occurred_at of event n; default: spread evenly over the last `days` (30) days. */
  days?: number;
  actorId?: (n: number) => string;
  metadata?: (n: number) => Record<string, unknown>;
  /** Progress lines on stderr every 200,000 events. */
  progress?: boolean;
};

/** Appends `count` signed events to an existing org (the store must be open; no server on the data dir). */
export async function appendAuditFixture(
  tenantId: string,
  org: string,
  count: number,
  opts: FixtureOptions = {},
): Promise<void> {
  // A new org log takes its tenant's domain through the record table, as in the writer thread.
  wireRecordTable();
  const span = (opts.days ?? 30) * 86400_000;
  const start = Date.now() - span;
  const actorId = opts.actorId ?? ((n) => `user-${n % 1000}`);
  const metadata = opts.metadata ?? ((n) => ({ n }));
  const BATCH = 5000;
  for (let b = 0; b < count; b += BATCH) {
    const prepared: Array<ReturnType<typeof prepareAuditEvent>> = [];
    for (let n = b; n < Math.min(count, b + BATCH); n++) {
      const occurred = start + Math.floor((n / count) * span);
      const actor = actorId(n);
      const item: IngestItem = {
        tenant_id: tenantId,
        event_id: `aevt_${ulid()}`,
        org_id: org,
        ingested_at: new Date(occurred + 1000).toISOString(),
        occurred_at: new Date(occurred).toISOString(),
        occurred_ms: occurred,
        action: `area${n % 20}.op`,
        actor_json: canonicalJson({ type: 'user', id: actor, name: 'Bench User' }),
        targets_json: canonicalJson([{ type: 'doc', id: `doc-${n % 10000}` }]),
        context_json: canonicalJson({ location: '10.0.0.1', user_agent: 'bench/1.0' }),
        metadata_json: canonicalJson(metadata(n)),
        actor_id: actor,
        target_ids: [`doc-${n % 10000}`],
      };
      prepared.push(prepareAuditEvent(item));
    }
    await transact(() => {
      for (const p of prepared) p.apply();
      flushAuditHeadsInTxn();
      flushLogsInTxn();
    });
    for (const p of prepared) p.done?.();
    if (opts.progress && (b / BATCH) % 40 === 0) process.stderr.write(`  built ${b + prepared.length} events\n`);
  }
}
