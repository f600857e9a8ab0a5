// Owns reading audit events: row lookup over hot and cold storage, the keyset query plan, streams of rows.
import { ApiError } from '../errors';
import { coldRow } from './cold';
import {
  DAY_MS,
  EVENT_ID,
  FIVE_YEARS_MS,
  type AuditEventOut,
  type AuditRow,
  type QueryFilters,
  type QueryIn,
} from './model';
import { toEventOut } from './event-row';
import { encodeSeqCursor } from './query-input';
import { getOrg, lastSeq, storageOf } from './orgs';
import { logBlockFor, type LogBlock, type RecordLeaf } from '../tlog/index';
import { byAction, byActor, byId, byTarget, byTime, events, heads, ixValue, type IndexDb } from './repo';

/** The row of `seq`, from hot storage or, once evacuated, from its cold segment; undefined when absent or purged. */
export function getRow(tenantId: string, orgId: string, seq: number): AuditRow | undefined {
  const hot = events().get([tenantId, orgId, seq]);
  if (hot) return hot;
  const st = storageOf(tenantId, orgId);
  if (seq <= st.purged_through_seq || seq > st.evacuated_through_seq) return undefined;
  return coldRow(tenantId, orgId, seq);
}

/** The row of an event id of the tenant; throws ApiError not_found (also while it is still queued). */
export function rowById(tenantId: string, id: string): AuditRow {
  const at = EVENT_ID.test(id) ? byId().get([tenantId, id]) : undefined;
  const row = at ? getRow(tenantId, at[0], at[1]) : undefined;
  if (!row) throw new ApiError('not_found', 'No such audit event');
  return row;
}
/** The org-log leaf (seq - 1) of the tenant's audit event: what its receipt and tlog-proof are built on; 404 not_found. */
export function auditLeaf(tenantId: string, id: string): RecordLeaf {
  const row = rowById(tenantId, id);
  return { tenantId, orgId: row.org_id, leafIndex: row.seq - 1, id: row.id };
}

export function getAuditEvent(tenantId: string, id: string): AuditEventOut & { log: LogBlock } {
  const row = rowById(tenantId, id);
  return { ...toEventOut(row), log: logBlockFor(tenantId, { leaf_index: row.seq - 1, id: row.id }, row.org_id) };
}

function matches(r: AuditRow, f: QueryFilters): boolean {
  if (f.actions && !f.actions.includes(r.action)) return false;
  if (f.actor_id !== undefined && r.actor_id !== f.actor_id) return false;
  if (f.target_id !== undefined && !r.target_ids.includes(f.target_id)) return false;
  if (f.range_start !== undefined && r.occurred_ms < f.range_start) return false;
  if (f.range_end !== undefined && r.occurred_ms >= f.range_end) return false;
  return true;
}

type Plan = { seqs: Iterable<number>; estimate: number };
const CAP = 256; // an index range with fewer entries than this is "selective" enough to walk

/** Seqs of one index value strictly between lo and hi, ascending or descending (a bounded range read). */
function indexSeqs(
  db: IndexDb,
  t: string,
  o: string,
  v: string,
  lo: number,
  hi: number,
  desc: boolean,
): Iterable<number> {
  const k = ixValue(v);
  const keys = desc
    ? db.getKeys({ start: [t, o, k, hi - 1], end: [t, o, k, lo], reverse: true })
    : db.getKeys({ start: [t, o, k, lo + 1], end: [t, o, k, hi] });
  return keys.map((key) => (key as unknown[])[3] as number);
}

function estimate(it: Iterable<number>): number {
  let n = 0;
  for (const _ of it) if (++n >= CAP) break;
  return n;
}

/** k-way merge of seq streams into one strictly ordered stream without duplicates. */
function* merge(streams: Iterable<number>[], desc: boolean): Generator<number> {
  const its = streams.map((s) => s[Symbol.iterator]());
  const heads = its.map((it) => it.next());
  for (;;) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i]!;
      if (h.done) continue;
      if (best < 0 || (desc ? h.value > heads[best]!.value : h.value < heads[best]!.value)) best = i;
    }
    if (best < 0) return;
    const v = heads[best]!.value as number;
    yield v;
    for (let i = 0; i < heads.length; i++) if (!heads[i]!.done && heads[i]!.value === v) heads[i] = its[i]!.next();
  }
}

function* countdown(hi: number, lo: number): Generator<number> {
  for (let s = hi - 1; s > lo; s--) yield s;
}
function* countup(lo: number, hi: number): Generator<number> {
  for (let s = lo + 1; s < hi; s++) yield s;
}

/**
 * Chooses the candidate seqs (strictly between lo and hi) for the filters: the most selective of
 * the action, actor and target indexes, or the occurred_at index when its range is small; null when
 * none applies (the caller walks the seqs). Every candidate is still checked against all filters.
 */
function candidates(
  t: string,
  o: string,
  f: QueryFilters,
  lo: number,
  hi: number,
  desc: boolean,
): Iterable<number> | null {
  const plans: Array<() => Plan> = [];
  const ranged = (db: IndexDb, values: string[]) => () => {
    const estimateOf = values.reduce((n, v) => n + estimate(indexSeqs(db, t, o, v, lo, hi, desc)), 0);
    return {
      estimate: estimateOf,
      seqs:
        values.length === 1
          ? indexSeqs(db, t, o, values[0]!, lo, hi, desc)
          : merge(
              values.map((v) => indexSeqs(db, t, o, v, lo, hi, desc)),
              desc,
            ),
    };
  };
  if (f.actor_id !== undefined) plans.push(ranged(byActor(), [f.actor_id]));
  if (f.target_id !== undefined) plans.push(ranged(byTarget(), [f.target_id]));
  if (f.actions) plans.push(ranged(byAction(), f.actions));
  if (f.range_start !== undefined || f.range_end !== undefined) {
    plans.push(() => {
      const start = [t, o, f.range_start ?? -Infinity];
      const end = f.range_end !== undefined ? [t, o, f.range_end] : [t, o + '\u0000'];
      const keys = byTime().getKeys({ start, end, limit: CAP }) as Iterable<unknown[]>;
      let n = 0;
      for (const _ of keys) n++;
      if (n >= CAP) return { estimate: Infinity, seqs: [] };
      const all: number[] = [];
      for (const key of byTime().getKeys({ start, end }) as Iterable<unknown[]>) {
        const s = key[3] as number;
        if (s > lo && s < hi) all.push(s);
      }
      all.sort((a, b) => (desc ? b - a : a - b));
      return { estimate: all.length, seqs: all };
    });
  }
  let best: Plan | null = null;
  for (const p of plans) {
    const c = p();
    if (!best || c.estimate < best.estimate) best = c;
    if (best.estimate === 0) break;
  }
  return best && best.estimate !== Infinity ? best.seqs : null;
}

const SKEW_MS = 60_000; // ingested_at follows seq up to the skew between concurrent requests

/** Smallest seq in lo..hi whose row was ingested after `ms` (hi + 1 when none), by binary search over hot rows. */
function seqIngestedAfter(t: string, o: string, ms: number, lo: number, hi: number): number {
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    let s = mid;
    let row: AuditRow | undefined;
    while (s <= hi && !(row = events().get([t, o, s]))) s++;
    if (!row) hi = mid - 1;
    else if (Date.parse(row.ingested_at) > ms) hi = mid - 1;
    else lo = s + 1;
  }
  return lo;
}

/**
 * Narrows lo..hi (exclusive bounds) for a time range. ingested_at follows seq (up to SKEW_MS), and
 * occurred_at lies within [ingested_at - max_lag_ms, ingested_at + 24 hours] (max_lag_ms: the org's
 * largest backdating so far), so rows ingested after range_end + max_lag_ms or before
 * range_start - 24 hours cannot match. Only hot rows are searched; cold seqs stay in range.
 */
function rangeBounds(t: string, o: string, f: QueryFilters, lo: number, hi: number): [number, number] {
  if (f.range_start === undefined && f.range_end === undefined) return [lo, hi];
  const hotFrom = Math.max(lo, storageOf(t, o).evacuated_through_seq) + 1;
  if (hotFrom >= hi) return [lo, hi];
  if (f.range_end !== undefined) {
    const lag = heads().get([t, o])?.max_lag_ms ?? FIVE_YEARS_MS;
    hi = Math.min(hi, seqIngestedAfter(t, o, f.range_end + lag + SKEW_MS, hotFrom, hi - 1));
  }
  if (f.range_start !== undefined && hotFrom < hi) {
    // When even the first hot row is new enough, the boundary lies in cold storage: keep lo.
    const first = seqIngestedAfter(t, o, f.range_start - DAY_MS - SKEW_MS, hotFrom, hi - 1);
    if (first > hotFrom) lo = Math.max(lo, first - 1);
  }
  return [lo, hi];
}

/**
 * GET /v1/audit/events: newest first (seq descending), keyset-paged on seq. A page reads its
 * candidates from one index range, so its cost follows the limit and the filter's selectivity.
 */
export function queryEvents(tenantId: string, q: QueryIn) {
  getOrg(tenantId, q.orgId);
  const t = tenantId;
  const o = q.orgId;
  const top = lastSeq(t, o);
  const floor = storageOf(t, o).purged_through_seq;
  const hi = q.before === null ? top + 1 : Math.min(q.before, top + 1);
  const f = q.filters;
  // rangeBounds narrows the hot part; in the cold part the walk stops at rows too old to reach range_start.
  const stopBelow = f.range_start !== undefined ? f.range_start - DAY_MS - SKEW_MS : -Infinity;
  const out: AuditRow[] = [];
  let more = false;
  const [lo, bounded] = rangeBounds(t, o, f, floor, hi);
  for (const seq of candidates(t, o, f, lo, bounded, true) ?? countdown(bounded, lo)) {
    const row = getRow(t, o, seq);
    if (!row) continue;
    if (!matches(row, f)) {
      if (Date.parse(row.ingested_at) < stopBelow) break;
      continue;
    }
    if (out.length === q.limit) {
      more = true;
      break;
    }
    out.push(row);
  }
  return { events: out.map(toEventOut), next_cursor: more ? encodeSeqCursor(out[out.length - 1]!.seq) : null };
}

/** Events of the org after `afterSeq`, seq ascending, at most `limit` (webhook streams). */
export function auditEventsAfter(tenantId: string, orgId: string, afterSeq: number, limit: number): AuditEventOut[] {
  const top = lastSeq(tenantId, orgId);
  const floor = storageOf(tenantId, orgId).purged_through_seq;
  const out: AuditEventOut[] = [];
  for (let s = Math.max(afterSeq, floor) + 1; s <= top && out.length < limit; s++) {
    const row = getRow(tenantId, orgId, s);
    if (row) out.push(toEventOut(row));
  }
  return out;
}

/**
 * Every event of the org matching `filters`, hot and cold, in seq order (exports). The upper bound is
 * the last seq when the stream starts; yields to the event loop now and then.
 */
export async function* streamAuditEvents(
  tenantId: string,
  orgId: string,
  filters: QueryFilters = {},
): AsyncGenerator<AuditEventOut> {
  getOrg(tenantId, orgId);
  const top = lastSeq(tenantId, orgId);
  const floor = storageOf(tenantId, orgId).purged_through_seq;
  let n = 0;
  const [lo, hi] = rangeBounds(tenantId, orgId, filters, floor, top + 1);
  for (const seq of candidates(tenantId, orgId, filters, lo, hi, false) ?? countup(lo, hi)) {
    const row = getRow(tenantId, orgId, seq);
    if (row && matches(row, filters)) yield toEventOut(row);
    if (++n % 1000 === 0) await new Promise<void>((r) => setImmediate(r));
  }
}
