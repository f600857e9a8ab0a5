// Owns the rules for a record's `log.head` inside a proof document (DECISIONS 11): every verified log block's head is
// checked with checkHeadBlock against the verifier's trust (policy, TSA roots, else the platform key file), its steps
// become report lines of the record, pending and absent heads SKIP lines, and the proof's own record (or the seal)
// gives the report's head summary: existed_no_later_than, witnessed_by.
import { isPlainObject } from '../crypto/json-value';
import { checkHeadBlock, type HeadResult, type HeadStep, type HeadTrust } from './head';
import type { LogResult } from './log-block';
import { fromBase64Url } from './primitives';
import type { Ctx, ReportHead, VerifyOptions } from './report';

/** What the verifier asked for when it gave a policy or TSA roots: a complete head (pending is then a failure). */
const REQUIRED = "the verifier's witness policy or TSA roots require witnessed, time-stamped evidence, which";

/** A head to check once the synchronous rules are done (tokens verify on WebCrypto, which is asynchronous). */
export type QueuedHead = { item: string; checkpoint: string; head: unknown; keep: boolean };

/** The report's name of each head step (`head_*`, so that a line names the head step it belongs to). */
export const HEAD_CHECK: Record<HeadStep['check'], string> = {
  head_shape: 'head',
  head_leaf: 'head_leaf',
  head_inclusion: 'head_inclusion',
  head_checkpoint: 'head_checkpoint',
  head_origin: 'head_origin',
  head_signature: 'head_signature',
  cosignature: 'head_cosignature',
  quorum: 'head_quorum',
  outside_trust: 'head_trust',
  timestamp: 'head_timestamp',
};

/**
 * After a log block was checked: a verified block's head is queued (checked by checkHeads), a block without one is a
 * SKIP line. A log block that did not verify has no checkpoint to anchor: its head is not looked at.
 */
export function queueHead(x: Ctx, item: string, res: LogResult, log: unknown, keep: boolean): void {
  if (res.status !== 'checked') {
    if (x.headRequired)
      x.c.add(
        item,
        'head',
        false,
        `${res.status}: no checkpoint of the record's log is shown, so no head can meet ${REQUIRED}`,
      );
    return;
  }
  if (!res.ok || !res.checkpoint || !isPlainObject(log)) return;
  // A null head is no head: under a policy it must fail like an absent one, never pass unlooked at.
  if (log.head === undefined || log.head === null) {
    const words =
      "absent: the log block carries no head, so nothing outside the issuer's own log vouches for this checkpoint";
    if (x.headRequired) x.c.add(item, 'head', false, `${words}; ${REQUIRED} is not met`);
    else x.c.skip(item, 'head', words);
    return;
  }
  x.heads.push({ item, checkpoint: res.checkpoint.note, head: log.head, keep });
}

/** The platform key of a GET /.well-known/svc-platform-key answer, when one was given. */
function platformKeyOf(opts: VerifyOptions): Uint8Array[] {
  const k =
    isPlainObject(opts.platformKey) && typeof opts.platformKey.public_key === 'string'
      ? fromBase64Url(opts.platformKey.public_key)
      : null;
  return k?.length === 32 ? [k] : [];
}

/** Checks every queued head in document order and writes its lines; the kept record's head becomes the report's. */
export async function checkHeads(x: Ctx, opts: VerifyOptions): Promise<void> {
  const trust: HeadTrust = { policy: opts.policy, tsaAnchors: opts.tsaAnchors, platformKeys: platformKeyOf(opts) };
  for (const q of x.heads) {
    const r = await checkHeadBlock(x.p, q.checkpoint, q.head, trust);
    if (r.status === 'pending') {
      const words =
        'pending: no published head covers this checkpoint yet, so no witness or time-stamping authority vouches for it';
      if (x.headRequired) x.c.add(q.item, 'head', false, `${words}; ${REQUIRED} is not met`);
      else x.c.skip(q.item, 'head', words);
      if (q.keep) x.head = { status: 'pending' };
      continue;
    }
    if (r.status !== 'checked') continue;
    for (const s of r.steps) {
      if (s.skipped) x.c.skip(q.item, HEAD_CHECK[s.check], s.detail);
      else x.c.add(q.item, HEAD_CHECK[s.check], s.ok, s.detail);
    }
    if (q.keep) x.head = reportHeadOf(r);
  }
}

/** A checked head as a report states it (the proof pages, `svc verify`, the console and the trace PDF word it alike). */
export function reportHeadOf(r: HeadResult & { status: 'checked' }): ReportHead {
  const first = r.stamps[0];
  return {
    status: 'checked',
    ok: r.ok,
    origin: r.head?.origin ?? null,
    tree_size: r.head?.treeSize ?? null,
    root_hash: r.head?.rootHex ?? null,
    existed_no_later_than: r.existedNoLaterThan,
    according_to: first ? first.tsa : null,
    witnessed_by: r.witnessedBy,
    cosigners_named: r.cosignersNamed,
    outside_trust: r.outsideTrust,
  };
}
