// Owns audit streams (docs/webhooks.md): create with its checks, list, delete, pause/resume, and the delivery bookkeeping.
import { config } from '../config';
import { ApiError } from '../errors';
import { secretToken, uuidv7 } from '../crypto/ids';
import { open as unseal, seal } from '../crypto/keywrap';
import { masterKey } from '../store/master-key';
import { transact, updateRow, type AlsoInTxn } from '../store/env';
import { planOf } from '../plans/plans';
import { storeAnswerInTxn, type IdemClaim } from '../route-kit/idempotent';
import type { TenantRow } from '../tenants/service';
import { getOrg, lastSeq } from '../audit/service';
import { checkDestination, parseEndpoint } from './destination';
import { checkStreamType, encodeStreamCursor, PAUSE_AFTER_MS, streamOut, type StreamRow } from './model';
import { orgRange, streamKey, streams } from './repo';
import { SECRET_PREFIX } from './signature';

type Listener = (row: StreamRow | null, key: [string, string, string]) => void;
const listeners = new Set<Listener>();
/** Called after a stream is created, changed by the API, or deleted (row null): the delivery worker follows it. */
export function onStreamChanged(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
const changed = (row: StreamRow | null, key: [string, string, string]) => {
  for (const l of listeners) l(row, key);
};

const aad = (id: string) => `audit-stream:${id}`;
/** The stream's signing secret in clear, for signing a delivery. */
export const streamSecret = (r: StreamRow): string =>
  unseal(masterKey(config().masterKeyFile), r.secret_sealed, aad(r.id)).toString('utf8');

/**
 * POST /v1/audit/orgs/{id}/streams. Order: org (404), type, url syntax and scheme, destination
 * (literal address or DNS answers), org_archived, then the plan's limit, checked in the
 * transaction that inserts so that concurrent creates cannot exceed it.
 */
export async function createStream(tenant: TenantRow, orgId: string, body: unknown, claim: IdemClaim | null = null) {
  const t = tenant.tenant_id;
  const org = getOrg(t, orgId);
  checkStreamType(body);
  const url = parseEndpoint((body as Record<string, unknown>).url);
  await checkDestination(url, { onCreate: true });
  if (org.archived) throw new ApiError('org_archived', 'The organization is archived; it accepts no new streams');
  const limit = planOf(tenant.plan).streams_per_org;
  const id = uuidv7();
  const secret = secretToken(SECRET_PREFIX);
  const row: StreamRow = {
    id,
    tenant_id: t,
    org_id: orgId,
    type: 'webhook',
    endpoint: url.href,
    state: 'active',
    cursor_seq: 0,
    secret_sealed: seal(masterKey(config().masterKeyFile), Buffer.from(secret, 'utf8'), aad(id)),
    created_at: new Date().toISOString(),
    failures: 0,
    failing_since: null,
    next_attempt_at: null,
    last_attempt_at: null,
    last_delivered_at: null,
    last_error: null,
    delivered_events: 0,
  };
  const out = await transact(() => {
    if (limit !== null && orgStreams(t, orgId).length >= limit) return null;
    // docs/webhooks.md#creating-a-stream: the stream starts at the org's current sequence; history is not replayed.
    row.cursor_seq = lastSeq(t, orgId);
    streams().putSync(streamKey(row), row);
    const { type, endpoint, state, cursor_seq, created_at } = streamOut(row);
    // The one answer that shows the secret; a replay of this create answers it again (docs/api.md#idempotency).
    const answer = {
      id,
      type,
      endpoint,
      state,
      cursor_seq,
      signing_secret: secret,
      created_at,
      organization_id: orgId,
    };
    if (claim) storeAnswerInTxn(claim, { status: 201, body: answer });
    return answer;
  });
  if (!out)
    throw new ApiError('too_many_streams', `The ${tenant.plan} plan allows ${limit} stream(s) per organization`);
  changed(row, streamKey(row));
  return out;
}

/** GET /v1/audit/orgs/{id}/streams: up to `limit` streams after the stream id `after`, and the cursor of the next page. */
export function listStreams(tenantId: string, orgId: string, limit: number, after: string | null) {
  getOrg(tenantId, orgId);
  const range = orgRange(tenantId, orgId);
  const rows: StreamRow[] = [];
  for (const { value } of streams().getRange({
    ...range,
    start: after === null ? range.start : [tenantId, orgId, after + '\u0000'],
  })) {
    if (orphaned(value)) continue;
    rows.push(value);
    if (rows.length > limit) break;
  }
  const page = rows.slice(0, limit);
  return {
    streams: page.map(streamOut),
    next_cursor: rows.length > limit ? encodeStreamCursor(page[page.length - 1]!.id) : null,
  };
}

function getStream(tenantId: string, orgId: string, streamId: string): StreamRow {
  const r = streams().get([tenantId, orgId, streamId]);
  if (!r || orphaned(r)) throw new ApiError('not_found', 'No such stream');
  return r;
}

export type DeletedStream = { id: string; deleted: true };

/** Deletes a stream; `also` runs in the same transaction. */
export async function deleteStream(
  tenantId: string,
  orgId: string,
  streamId: string,
  also?: AlsoInTxn<DeletedStream>,
): Promise<DeletedStream> {
  getOrg(tenantId, orgId);
  const key = streamKey(getStream(tenantId, orgId, streamId));
  const out: DeletedStream = { id: streamId, deleted: true };
  // Another request may have deleted it since it was read: only the one that removes it is answered (and logged).
  const removed = await transact(() => {
    if (!streams().removeSync(key)) return false;
    also?.(out);
    return true;
  });
  if (!removed) throw new ApiError('not_found', 'No such stream');
  changed(null, key);
  return out;
}

/** Pause stops deliveries (the cursor stays); resume clears the failure state and delivers at once. */
export async function setPaused(tenantId: string, orgId: string, streamId: string, paused: boolean) {
  getOrg(tenantId, orgId);
  const key = streamKey(getStream(tenantId, orgId, streamId));
  const next = await updateStream(key, () =>
    paused
      ? { state: 'paused', next_attempt_at: null }
      : { state: 'active', failures: 0, failing_since: null, next_attempt_at: null },
  );
  if (!next) throw new ApiError('not_found', 'No such stream');
  changed(next, key);
  return streamOut(next);
}

const updateStream = (
  key: [string, string, string],
  change: (cur: StreamRow) => Partial<StreamRow>,
): Promise<StreamRow | null> => updateRow(streams(), key, change);

// ---- used by the delivery worker ----

export const streamRow = (key: [string, string, string]): StreamRow | undefined => streams().get(key);

/** Every stream of every tenant (the worker's start-up scan; a stream count is small). */
export function allStreams(): StreamRow[] {
  return [...streams().getRange({})].map(({ value }) => value as StreamRow);
}

/** A stream outlives its org only by mistake: the org was deleted (and maybe created again since). */
function orphaned(r: StreamRow): boolean {
  try {
    return getOrg(r.tenant_id, r.org_id).created_at > r.created_at;
  } catch (e) {
    if ((e as ApiError).code === 'not_found') return true;
    throw e;
  }
}

/**
 * Removes a stream whose org has been deleted: a re-created org with the same id starts again at
 * seq 1, and must not inherit a cursor or a receiver. Returns true when it was removed.
 */
export async function dropIfOrgGone(key: [string, string, string]): Promise<boolean> {
  const r = streams().get(key);
  if (!r || !orphaned(r)) return false;
  await transact(() => streams().removeSync(key));
  changed(null, key);
  return true;
}

/** Streams of one org (the portal's log_streams view). */
export function orgStreams(tenantId: string, orgId: string) {
  return [...streams().getRange(orgRange(tenantId, orgId))]
    .map(({ value }) => value as StreamRow)
    .filter((r) => !orphaned(r))
    .map(streamOut);
}

/**
 * After a 2xx: moves the cursor to the batch's last seq, durably, before the next batch is read.
 * Only forward, and only while the stream exists: a restart resumes right after the acknowledged batch.
 */
export function recordDelivered(
  key: [string, string, string],
  throughSeq: number,
  count: number,
): Promise<StreamRow | null> {
  const now = new Date().toISOString();
  return updateStream(key, (cur) => ({
    cursor_seq: Math.max(cur.cursor_seq, throughSeq),
    delivered_events: cur.delivered_events + count,
    state: cur.state === 'paused' ? 'paused' : 'active',
    failures: 0,
    failing_since: null,
    next_attempt_at: null,
    last_attempt_at: now,
    last_delivered_at: now,
    last_error: null,
  }));
}

/** After a failed attempt: state failing, next attempt at `retryAt`; paused once it has failed for PAUSE_AFTER_MS. */
export function recordFailure(
  key: [string, string, string],
  error: string,
  retryAt: number,
): Promise<StreamRow | null> {
  const now = Date.now();
  return updateStream(key, (cur) => {
    const since = cur.failing_since ?? new Date(now).toISOString();
    const pause = cur.state === 'paused' || now - Date.parse(since) >= PAUSE_AFTER_MS;
    return {
      state: pause ? 'paused' : 'failing',
      failures: cur.failures + 1,
      failing_since: since,
      last_error: error.slice(0, 200),
      last_attempt_at: new Date(now).toISOString(),
      next_attempt_at: pause ? null : new Date(retryAt).toISOString(),
    };
  });
}

export { deliver, dropAgent } from './delivery';
