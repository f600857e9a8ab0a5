// Owns audit ingest: validation, idempotency (docs/api.md#idempotency) and the hand-over to the writer behind the 201.
import { ApiError } from '../errors';
import { canonicalJson } from '../crypto/canonical';
import { sha256Hex } from '../crypto/hash';
import { ulid } from '../crypto/ids';
import { transact } from '../store/env';
import type { TenantRow } from '../tenants/service';
import { log } from '../log';
import { submit } from '../store/writer';
import { AUDIT_EVENT, type AuditWrite, type AuditWriteResult } from './append';
import type { IdemRow, IngestItem } from './model';
import { checkIdempotencyKey, checkIngestBody } from './ingest-input';
import { findOrg } from './orgs';
import { idem, idemExpiry } from './repo';
import { IDEM_TTL_MS, idemLive } from '../idempotency';

type Listener = (touched: Array<[tenantId: string, orgId: string]>) => void;
const listeners = new Set<Listener>();
/** Called after each written audit event with its (tenant, org) pair (streams wake up on it). */
export function onAuditApplied(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function notifyApplied(tenantId: string, orgId: string): void {
  for (const l of listeners) {
    try {
      l([[tenantId, orgId]]);
    } catch (e) {
      log('error', 'audit applied listener failed', { error: String((e as Error).message) });
    }
  }
}

// Acceptances not yet visible in audit_heads (still being written): the org delete rule needs them too.
const lastAccepted = new Map<string, number>();
export const lastAcceptedMs = (tenantId: string, orgId: string): number =>
  lastAccepted.get(`${tenantId}\u0000${orgId}`) ?? 0;

function conflict(rec: IdemRow, bodyHash: string): ApiError {
  if (rec.body_hash === bodyHash)
    return new ApiError('duplicate_event', 'This Idempotency-Key was already used for this event', {
      event_id: rec.event_id,
    });
  return new ApiError('idempotency_key_reuse_mismatch', 'This Idempotency-Key was already used with a different body');
}

/**
 * POST /v1/audit/events after auth, scope, rate limit and payment checks. Answers only once the signed
 * row and its idempotency record are fsync'd in one commit; the writer assigns seq and signs.
 */
export async function ingestAuditEvent(tenant: TenantRow, idempotencyKey: string | null, body: unknown) {
  const key = checkIdempotencyKey(idempotencyKey);
  const now = Date.now();
  const f = checkIngestBody(body, now);
  const t = tenant.tenant_id;
  const org = findOrg(t, f.org_id);
  if (!org) throw new ApiError('org_not_found', `No audit organization ${f.org_id}`);
  const actor_json = canonicalJson(f.actor);
  const targets_json = canonicalJson(f.targets);
  const context_json = canonicalJson(f.context);
  const metadata_json = canonicalJson(f.metadata);
  // The request as the service understood it, canonical, so key order and unknown fields do not matter.
  const bodyHash = sha256Hex(
    `{"action":${JSON.stringify(f.action)},"actor":${actor_json},"context":${context_json},"metadata":${metadata_json},"occurred_at":${JSON.stringify(f.occurred_at)},"organization_id":${JSON.stringify(f.org_id)},"targets":${targets_json}}`,
  );
  const existing = idem().get([t, key]);
  if (existing && idemLive(existing.at, now)) throw conflict(existing, bodyHash);
  if (org.archived) throw new ApiError('org_archived', 'The organization is archived; it accepts no new events');
  const event_id = `aevt_${ulid()}`;
  const ingested_at = new Date(now).toISOString();
  const item: IngestItem = {
    tenant_id: t,
    event_id,
    org_id: f.org_id,
    ingested_at,
    occurred_at: f.occurred_at ?? ingested_at,
    occurred_ms: f.occurred_ms,
    action: f.action,
    actor_json,
    targets_json,
    context_json,
    metadata_json,
    actor_id: f.actor.id,
    target_ids: [...new Set(f.targets.map((x) => x.id))],
  };
  const record: IdemRow = { event_id, body_hash: bodyHash, org_id: f.org_id, at: now };
  lastAccepted.set(`${t}\u0000${f.org_id}`, now);
  const r = await submit<AuditWrite, AuditWriteResult>(AUDIT_EVENT, { item, idem: { key, record } });
  if (r.conflict) throw conflict(r.conflict, bodyHash);
  notifyApplied(t, f.org_id);
  return { event_id, status: 'accepted' as const };
}

/** Drops idempotency records older than 24 hours (retention pass); returns how many. */
export async function sweepIdempotency(now: number): Promise<number> {
  const cutoff = now - IDEM_TTL_MS;
  let n = 0;
  for (;;) {
    const batch = [...idemExpiry().getKeys({ end: [cutoff], limit: 5000 })] as Array<[number, string, string]>;
    if (!batch.length) return n;
    await transact(() => {
      for (const [at, t, key] of batch) {
        const cur = idem().get([t, key]);
        if (cur && cur.at === at) idem().removeSync([t, key]);
        idemExpiry().removeSync([at, t, key]);
      }
    });
    n += batch.length;
  }
}
