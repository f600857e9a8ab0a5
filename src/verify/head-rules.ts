// Owns the rules for a record's `log.head` inside a proof document (docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens): every
// verified log block's head is checked with checkHeadBlock under the verifier's trust, its steps become checks of the
// record under their own names, pending and absent heads `head.status`, and the proof's own record (or the seal)
// gives the result's existed_no_later_than and witnessed_by.
import { isPlainObject } from '../crypto/json-value';
import { checkHeadBlock, type HeadResult, type HeadTrust } from './head';
import type { LogResult } from './log-block';
import { fromBase64Url } from './primitives';
import type { Ctx, ReportHead, VerifyOptions } from './report';

/** What the verifier asked for when it gave a policy or TSA roots: a complete head (pending is then a failure). */
const REQUIRED = "the verifier's witness policy or TSA roots require witnessed, time-stamped evidence, which";

/** A missing or pending block: a failure when the verifier asked for complete evidence, else a SKIP line. */
function notThere(x: Ctx, part: string, check: string, words: string): void {
  if (x.headRequired) x.c.add(part, check, false, `${words}; ${REQUIRED} is not met`);
  else x.c.skip(part, check, words);
}

/**
 * After a log block was checked: a pending or absent block is `log.status`; a verified block's head is queued (checked
 * by checkHeads), a missing one is `head.status`. A log block that did not verify anchors nothing: its head is not
 * looked at. `complete` (docs/verification.md#the-result) is decided here from the blocks' shape alone.
 */
export function queueHead(
  x: Ctx,
  part: string,
  res: LogResult,
  log: unknown,
  what: string,
  keep: boolean,
  leafOk: boolean,
): void {
  const head = isPlainObject(log) ? log.head : undefined;
  // docs/verification.md#sandbox-records: a sandbox record's checkpoints never enter the head, so its log block,
  // headless, is its complete evidence.
  const headless = x.sandbox && isPlainObject(log) && !('head' in log);
  if (res.status !== 'checked' || (!headless && (!isPlainObject(head) || head.status === 'pending')))
    x.incomplete = true;
  if (res.status === 'absent')
    return notThere(
      x,
      part,
      'log.status',
      `absent: the document carries no log block, so this record's place in ${what} is not checked`,
    );
  if (res.status === 'pending')
    return notThere(
      x,
      part,
      'log.status',
      `pending: the document says no signed checkpoint of ${what} covers this record yet, so its inclusion is not checked`,
    );
  if (!res.ok || !res.checkpoint || !leafOk) return;
  if (headless)
    return notThere(
      x,
      part,
      'head.status',
      "absent: a sandbox record, whose tenant's checkpoints never enter the head; nothing outside the issuer's own log vouches for it",
    );
  if (head === undefined || head === null)
    return notThere(
      x,
      part,
      'head.status',
      "absent: the log block carries no head, so nothing outside the issuer's own log vouches for this checkpoint",
    );
  x.heads.push({ part, checkpoint: res.checkpoint.note, head, keep });
}

/** The platform key of a GET /.well-known/svc-platform-key answer, when one was given and is a 32-byte key. */
export function platformKeyOf(opts: VerifyOptions): Uint8Array | undefined {
  const k =
    isPlainObject(opts.platformKey) && typeof opts.platformKey.public_key === 'string'
      ? fromBase64Url(opts.platformKey.public_key)
      : null;
  return k?.length === 32 ? k : undefined;
}

/** Checks every queued head in document order and writes its checks; the kept record's head becomes the report's. */
export async function checkHeads(x: Ctx, opts: VerifyOptions): Promise<void> {
  const now = (opts.now ?? new Date()).getTime() / 1000;
  const trust: HeadTrust = { policy: opts.policy, tsaAnchors: opts.tsaAnchors, platformKey: platformKeyOf(opts), now };
  for (const q of x.heads) {
    const r = await checkHeadBlock(x.p, q.checkpoint, q.head, trust);
    if (r.status === 'pending') {
      notThere(
        x,
        q.part,
        'head.status',
        'pending: no published head covers this checkpoint yet, so no witness or time-stamping authority vouches for it',
      );
      if (q.keep) x.head = { status: 'pending' };
      continue;
    }
    if (r.status !== 'checked') continue;
    for (const s of r.steps) {
      if (s.skipped) x.c.skip(q.part, s.check, s.detail);
      else x.c.add(q.part, s.check, s.ok, s.detail);
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
    outside_trust: { policy: r.outsideTrust.policy, platform_key: r.outsideTrust.platformKey, tsa: r.outsideTrust.tsa },
  };
}
