// Owns the check of a record's `log` block (docs/verification.md#12-the-transparency-log) and of consistency between two checkpoints: leaf hash,
// inclusion, the checkpoint note and its signature, and the consistency answer. Pure: primitives are parameters.
import { leafHash, verifyConsistency, verifyInclusion } from './merkle';
import { parseCheckpoint, parseNote, verifyNote, noteKeyId, type Checkpoint } from './note';
import { equalBytes, toHex, type Primitives } from './primitives';
import { hexBytes, keyIdOf } from './records';

/** One check of a log block, named as every report names it. */
export type LogStep = {
  check: 'log.shape' | 'log.leaf_hash' | 'log.inclusion' | 'log.checkpoint' | 'log.origin' | 'log.signature';
  ok: boolean;
  detail: string;
};

/** What a verified (or refused) checkpoint note says, and which of the candidate keys signed it. */
export type OpenedCheckpoint = Checkpoint & { note: string; noteKeyId: string; keyId: string; publicKey: Uint8Array };

export type LogResult =
  | { status: 'absent' }
  | { status: 'pending' }
  | {
      status: 'checked';
      ok: boolean;
      steps: LogStep[];
      leafIndex: number | null;
      treeSize: number | null;
      rootHex: string | null;
      checkpoint: OpenedCheckpoint | null;
    };

/** Which log a checkpoint must belong to: an exact origin, an origin suffix, or a rule with its description. */
export type ExpectedOrigin = string | { suffix: string } | { test: (origin: string) => boolean; expected: string };

const asKeys = (k: Uint8Array | readonly Uint8Array[]): readonly Uint8Array[] => (k instanceof Uint8Array ? [k] : k);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * Reads a checkpoint note and finds the candidate key that signed it under key name = its origin (the note key id
 * derivation of note.ts). `error` says why not when no key verifies or the note is not a checkpoint.
 */
export function openCheckpoint(
  p: Primitives,
  note: unknown,
  publicKeys: Uint8Array | readonly Uint8Array[],
): { checkpoint: OpenedCheckpoint | null; parsed: Checkpoint | null; error: string | null } {
  const parsedNote = typeof note === 'string' ? parseNote(note) : null;
  if (!parsedNote) return { checkpoint: null, parsed: null, error: 'the checkpoint is not a signed note' };
  const cp = parseCheckpoint(parsedNote.body);
  if (!cp)
    return {
      checkpoint: null,
      parsed: null,
      error: 'the note body is not a three-line checkpoint (origin, tree size, base64 root)',
    };
  for (const key of asKeys(publicKeys)) {
    if (key.length === 32 && verifyNote(p, note as string, cp.origin, key)) {
      return {
        checkpoint: {
          ...cp,
          note: note as string,
          noteKeyId: toHex(noteKeyId(p.sha256, cp.origin, key)),
          keyId: keyIdOf(p.sha256, key),
          publicKey: key,
        },
        parsed: cp,
        error: null,
      };
    }
  }
  const named = parsedNote.signatures.filter((s) => s.name === cp.origin).map((s) => toHex(s.keyId));
  return {
    checkpoint: null,
    parsed: cp,
    error: named.length
      ? `no signature by a known key of this log (note key id ${named.join(', ')}; known keys give ${
          asKeys(publicKeys)
            .map((k) => toHex(noteKeyId(p.sha256, cp.origin, k)))
            .join(', ') || 'none'
        })`
      : `no signature under key name ${cp.origin}`,
  };
}

/**
 * docs/verification.md#12-the-transparency-log: the `log` block of a record proof. leaf hash = SHA-256(0x00 || leafData) where leafData is the
 * record's signed bytes; the audit path proves it at leaf_index in the tree of tree_size leaves with root_hash;
 * the checkpoint note is a C2SP checkpoint of that same size and root; and it is signed under key name = its
 * origin by one of `publicKeys` (the record's key, plus the tenant's other published keys across a rotation).
 * `{status: "pending"}` is not a failure: no checkpoint covers the record yet.
 */
export function checkLogBlock(
  p: Primitives,
  leafData: Uint8Array,
  log: unknown,
  publicKeys: Uint8Array | readonly Uint8Array[],
  expectedOrigin?: ExpectedOrigin,
): LogResult {
  if (log === undefined || log === null) return { status: 'absent' };
  if (isObj(log) && log.status === 'pending') return { status: 'pending' };
  const steps: LogStep[] = [];
  const done = (checkpoint: OpenedCheckpoint | null, l: Record<string, unknown>): LogResult => ({
    status: 'checked',
    ok: steps.every((s) => s.ok),
    steps,
    checkpoint,
    leafIndex: isIndex(l.leaf_index) ? l.leaf_index : null,
    treeSize: isIndex(l.tree_size) ? l.tree_size : null,
    rootHex: typeof l.root_hash === 'string' ? l.root_hash : null,
  });
  const l = isObj(log) ? log : {};
  const path = Array.isArray(l.audit_path) ? l.audit_path.map((h) => hexBytes(h, 32)) : null;
  const statedLeaf = hexBytes(l.leaf_hash, 32);
  const root = hexBytes(l.root_hash, 32);
  const shapeOk =
    isIndex(l.leaf_index) &&
    isIndex(l.tree_size) &&
    l.leaf_index < l.tree_size &&
    !!statedLeaf &&
    !!root &&
    !!path &&
    path.every((h) => h !== null) &&
    typeof l.checkpoint === 'string';
  if (!shapeOk) {
    steps.push({
      check: 'log.shape',
      ok: false,
      detail: 'the log block is not {leaf_index < tree_size, leaf_hash, audit_path: [hex], root_hash, checkpoint}',
    });
    return done(null, l);
  }
  const index = l.leaf_index as number;
  const size = l.tree_size as number;
  const computed = leafHash(p.sha256, leafData);
  const leafOk = equalBytes(computed, statedLeaf!);
  steps.push({
    check: 'log.leaf_hash',
    ok: leafOk,
    detail: leafOk
      ? 'leaf_hash = SHA-256(0x00 || signed bytes)'
      : `SHA-256(0x00 || signed bytes) is ${toHex(computed)}, the block says ${String(l.leaf_hash)}`,
  });
  const inc = verifyInclusion(p.sha256, index, size, computed, path as Uint8Array[], root!);
  steps.push({
    check: 'log.inclusion',
    ok: inc,
    detail: inc
      ? `leaf ${index} is in the tree of ${size} leaves with root ${String(l.root_hash)} (${path!.length} path hashes)`
      : `the audit path does not lead from leaf ${index} to root_hash in a tree of ${size} leaves`,
  });
  const opened = openCheckpoint(p, l.checkpoint, publicKeys);
  const cp = opened.parsed;
  if (!cp) {
    steps.push({ check: 'log.checkpoint', ok: false, detail: opened.error ?? 'unreadable checkpoint' });
    return done(null, l);
  }
  const same = cp.treeSize === size && equalBytes(cp.root, root!);
  steps.push({
    check: 'log.checkpoint',
    ok: same,
    detail: same
      ? `checkpoint ${cp.origin} at tree size ${cp.treeSize} has this root`
      : `the checkpoint says tree size ${cp.treeSize} and root ${toHex(cp.root)}, the block ${size} and ${String(l.root_hash)}`,
  });
  if (expectedOrigin !== undefined) {
    const ok =
      typeof expectedOrigin === 'string'
        ? cp.origin === expectedOrigin
        : 'suffix' in expectedOrigin
          ? cp.origin.endsWith(expectedOrigin.suffix)
          : expectedOrigin.test(cp.origin);
    const expected =
      typeof expectedOrigin === 'string'
        ? expectedOrigin
        : 'suffix' in expectedOrigin
          ? `…${expectedOrigin.suffix}`
          : expectedOrigin.expected;
    steps.push({
      check: 'log.origin',
      ok,
      detail: ok ? `origin ${cp.origin}` : `origin ${cp.origin} is not the expected log (${expected})`,
    });
  }
  const c = opened.checkpoint;
  steps.push({
    check: 'log.signature',
    ok: !!c,
    detail: c
      ? `signed note verifies with key ${c.keyId} (note key id ${c.noteKeyId}) under key name ${cp.origin}`
      : (opened.error ?? 'the checkpoint signature does not verify'),
  });
  return done(c, l);
}

/** GET /v1/proof/log/{domain}/consistency answer (docs/verification.md#14-svc-verify---checkpoint-did-the-log-only-grow). */
export type ConsistencyAnswer = {
  first: number;
  second: number;
  consistency_path: string[];
  first_root: string;
  second_root: string;
};

/**
 * True (reason null) when `answer` proves that the tree of `older` is a prefix of the tree of `newer`: the sizes
 * asked for, the two roots equal to the two checkpoints' roots, and the RFC 6962 consistency path verifying.
 */
export function checkConsistencyAnswer(
  p: Primitives,
  older: Checkpoint,
  newer: Checkpoint,
  answer: unknown,
): { ok: boolean; reason: string | null } {
  const a = isObj(answer) ? answer : {};
  if (a.first !== older.treeSize || a.second !== newer.treeSize)
    return {
      ok: false,
      reason: `the consistency answer is for sizes ${String(a.first)} -> ${String(a.second)}, not ${older.treeSize} -> ${newer.treeSize}`,
    };
  const path = Array.isArray(a.consistency_path) ? a.consistency_path.map((h) => hexBytes(h, 32)) : null;
  if (!path || path.some((h) => h === null))
    return { ok: false, reason: 'the consistency path is not a list of 32-byte hex hashes' };
  const r1 = hexBytes(a.first_root, 32);
  const r2 = hexBytes(a.second_root, 32);
  if (!r1 || !equalBytes(r1, older.root))
    return {
      ok: false,
      reason: `the log's root at size ${older.treeSize} is ${String(a.first_root)}, not the checkpoint's ${toHex(older.root)}: the log was rewritten (fork)`,
    };
  if (!r2 || !equalBytes(r2, newer.root))
    return {
      ok: false,
      reason: `the log's root at size ${newer.treeSize} is ${String(a.second_root)}, not the checkpoint's ${toHex(newer.root)}: the log was rewritten (fork)`,
    };
  const ok = verifyConsistency(p.sha256, older.treeSize, newer.treeSize, path as Uint8Array[], older.root, newer.root);
  return ok
    ? { ok, reason: null }
    : {
        ok,
        reason: `the consistency proof from ${older.treeSize} to ${newer.treeSize} does not verify: the two checkpoints are not one growing log (fork)`,
      };
}
