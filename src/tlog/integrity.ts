// Owns the log integrity check (docs/transparency-logs.md#integrity-scans): every leaf recomputed from its record's row, compared with the
// stored leaf, and the roots recomputed against every stored checkpoint. Reports log_verified, first_bad_leaf,
// tail_verified and the checkpoint it checked against.
import { equalBytes, toHex } from '../verify/primitives';
import { leafHash, nodeHash } from '../verify/merkle';
import { verifyNote } from '../verify/note';
import { verifyBytes } from '../crypto/ed25519';
import { recordTable } from '../records/table';
import { leafHashOf } from './repo';
import { leavesIn } from './leaf-runs';
import { appendedSize, orgLog, sha, type LogRow } from './logs';
import { checkpointsOf } from './checkpoints';

/**
 * What the row of leaf `index` says: its signed bytes rebuilt from its columns, 'unavailable' when the row
 * is legitimately gone (purged by audit retention: the stored leaf stands in), or null when it is missing.
 */
export type LeafSource = (index: number, stored: Buffer | undefined) => Uint8Array | 'unavailable' | null;

export type LogReport = {
  log_verified: boolean;
  first_bad_leaf: number | null;
  tail_verified: boolean;
  checkpoint: { tree_size: number; root_hash: string } | null;
  tree_size: number;
  checkpoints_checked: number;
  problems: string[];
};

const EMPTY: LogReport = {
  log_verified: true,
  first_bad_leaf: null,
  tail_verified: true,
  checkpoint: null,
  tree_size: 0,
  checkpoints_checked: 0,
  problems: [],
};

/** Scans a log: O(n) row reads, O(log n) memory (roots folded from a stack of perfect subtrees). */
export function checkLog(log: LogRow | undefined, source: LeafSource, onProgress?: (done: number) => void): LogReport {
  if (!log) return { ...EMPTY, problems: [] };
  const cps = checkpointsOf(log.num);
  const latest = cps[cps.length - 1];
  const n = Math.max(appendedSize(log.num), latest?.tree_size ?? 0);
  const problems: string[] = [];
  let firstBad: number | null = null;
  let tailOk = true;
  const bad = (i: number, why: string) => {
    if (firstBad === null || i < firstBad) firstBad = i;
    if (problems.length < 20) problems.push(`leaf ${i}: ${why}`);
  };
  const stack: Array<{ h: Uint8Array; size: number }> = [];
  const rootNow = (): Uint8Array => {
    let r = stack[stack.length - 1]!.h;
    for (let k = stack.length - 2; k >= 0; k--) r = nodeHash(sha, stack[k]!.h, r);
    return r;
  };
  let cpAt = 0;
  let lastGoodCp = 0;
  let rootsOk = true;
  const it = leavesIn(log.num, 0, n);
  let next = it.next();
  for (let i = 0; i < n; i++) {
    let stored: Buffer | undefined;
    if (!next.done && next.value[0] === i) {
      stored = next.value[1];
      next = it.next();
    }
    const data = source(i, stored);
    let h: Uint8Array | null = null;
    if (data === 'unavailable') h = stored ? leafHashOf(stored) : null;
    else if (data) h = leafHash(sha, data);
    if (!stored) bad(i, 'stored leaf missing');
    else if (data === null) bad(i, 'record missing');
    else if (h && !equalBytes(h, leafHashOf(stored))) bad(i, 'record does not match the stored leaf');
    if ((!stored || data === null) && latest && i < latest.tree_size) tailOk = false;
    let cur = { h: h ?? new Uint8Array(32), size: 1 };
    while (stack.length && stack[stack.length - 1]!.size === cur.size) {
      const l = stack.pop()!;
      cur = { h: nodeHash(sha, l.h, cur.h), size: cur.size * 2 };
    }
    stack.push(cur);
    while (cpAt < cps.length && cps[cpAt]!.tree_size === i + 1) {
      if (!equalBytes(rootNow(), cps[cpAt]!.root)) {
        if (rootsOk) problems.push(`checkpoint ${cps[cpAt]!.tree_size}: root does not match the records`);
        // Without a leaf-level disagreement the stored leaves were rewritten too: the first range that disagrees.
        if (rootsOk && firstBad === null) firstBad = lastGoodCp;
        rootsOk = false;
      } else if (rootsOk) lastGoodCp = i + 1;
      cpAt++;
    }
    if (onProgress && i % 65536 === 0) onProgress(i / n);
  }
  // A checkpoint above the leaves found cannot be checked: the newest records were cut.
  if (cpAt < cps.length) {
    rootsOk = false;
    tailOk = false;
  }
  let sigOk = true;
  if (latest) {
    const key = log.platform
      ? recordTable().tenants.platformPublicKey()
      : recordTable().tenants.publishedKey(log.tenant_id, latest.key_id);
    sigOk = !!key && !!log.origin && verifyNote({ sha256: sha, verify: verifyBytes }, latest.note, log.origin, key);
    if (!sigOk) problems.push('latest checkpoint: signature does not verify with the pinned key');
  }
  return {
    log_verified: firstBad === null && rootsOk && sigOk && tailOk,
    first_bad_leaf: firstBad,
    tail_verified: tailOk,
    checkpoint: latest ? { tree_size: latest.tree_size, root_hash: toHex(latest.root) } : null,
    tree_size: n,
    checkpoints_checked: cpAt,
    problems,
  };
}

/** The org log part of GET /v1/audit/orgs/{id}/integrity; `signedBytesOf(seq)` rebuilds a row's signed bytes. */
export function orgLogReport(
  tenantId: string,
  orgId: string,
  signedBytesOf: (seq: number) => Uint8Array | 'unavailable' | null,
  onProgress?: (done: number) => void,
): LogReport {
  return checkLog(orgLog(tenantId, orgId), (i) => signedBytesOf(i + 1), onProgress);
}
