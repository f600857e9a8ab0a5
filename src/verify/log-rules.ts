// Owns the rules for a record's `log` block inside a proof document (docs/verification.md#12-the-transparency-log):
// which log it must be in (the tenant's `<host>/<domain>` or the org's `<host>/<domain>/audit/<org_id>`), and its
// `head` handed to head-rules.ts (a missing or pending block is a `log.status` line, never a silently shorter report).
import { checkLogBlock, type ExpectedOrigin, type LogResult } from './log-block';
import { queueHead } from './head-rules';
import { hexBytes } from './records';
import { toHex } from './primitives';
import { short, type Ctx } from './report';

/** The log a block must belong to and how the reader calls it. */
export type LogTarget = { origin: ExpectedOrigin; what: string; domain: string | null };

const domainOf = (v: unknown): string | null =>
  typeof v === 'string' && v && !v.includes('/') ? v.toLowerCase() : null;
/** `<host>/<rest>`: the host part is never empty and holds no slash. */
const afterHost = (origin: string): string | null => {
  const i = origin.indexOf('/');
  return i > 0 ? origin.slice(i + 1) : null;
};

/** docs/transparency-logs.md#origin: a tenant log's origin is `<public host>/<domain>`; without a known domain, any single-domain origin (never an org log). */
export function tenantLog(domain: unknown): LogTarget {
  const d = domainOf(domain);
  return {
    what: "the tenant's log",
    domain: d,
    origin: {
      expected: `<host>/${d ?? '<domain>'}`,
      test: (o) => {
        const rest = afterHost(o);
        return rest !== null && !!rest && !rest.includes('/') && (d === null || rest.toLowerCase() === d);
      },
    },
  };
}

/** docs/transparency-logs.md#origin: an org log's origin is `<public host>/<domain>/audit/<org_id>`. */
export function orgLog(domain: unknown, orgId: unknown): LogTarget {
  const d = domainOf(domain);
  const suffix = `/audit/${String(orgId)}`;
  return {
    what: "the organization's audit log",
    domain: d,
    origin: {
      expected: `<host>/${d ?? '<domain>'}${suffix}`,
      test: (o) => {
        if (typeof orgId !== 'string' || !o.endsWith(suffix)) return false;
        const rest = afterHost(o.slice(0, -suffix.length));
        return rest !== null && !!rest && !rest.includes('/') && (d === null || rest.toLowerCase() === d);
      },
    },
  };
}

/**
 * The record's `log` block: leaf hash over its signed bytes, inclusion, the checkpoint of the expected log and its
 * signature by the record's key or a published one; then its head (head-rules.ts). Absent and pending blocks are
 * `log.status` lines. `keep` makes this block's checkpoint the report's (the proof's own record, a seal).
 */
export function verifyLog(
  x: Ctx,
  part: string,
  leaf: Uint8Array | null,
  log: unknown,
  recordKey: unknown,
  target: LogTarget,
  keep: boolean,
): LogResult {
  const own = hexBytes(recordKey, 32);
  const res = checkLogBlock(x.p, leaf ?? new Uint8Array(0), log, own ? [own, ...x.keys] : x.keys, target.origin);
  if (res.status === 'checked') {
    if (!leaf)
      x.c.add(part, 'log.leaf_hash', false, 'the signed bytes are missing or not hex: the leaf cannot be recomputed');
    for (const s of res.steps) x.c.add(part, s.check, s.ok, s.detail);
    const cp = res.checkpoint;
    if (res.ok && leaf && cp && (keep || !x.checkpoint || cp.treeSize > x.checkpoint.tree_size)) {
      x.checkpoint = {
        origin: cp.origin,
        tree_size: cp.treeSize,
        root_hash: toHex(cp.root),
        key_id: cp.keyId,
        note_key_id: cp.noteKeyId,
        public_key: toHex(cp.publicKey),
        note: cp.note,
      };
    }
  }
  queueHead(x, part, res, log, target.what, keep, !!leaf);
  return res;
}

/** A short name of a log result for details: "pending", "absent", "leaf 12 of 40". */
export const logState = (r: LogResult): string =>
  r.status === 'checked' ? `leaf ${short(r.leafIndex)} of ${short(r.treeSize)}` : r.status;
