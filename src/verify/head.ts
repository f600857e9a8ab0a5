// Owns the head step of a record proof (DECISIONS 11): the head leaf of a log checkpoint, and the check of a `log.head`
// block from that leaf through the head log, its platform signature, the witnesses' cosignatures and the policy
// quorum, to the RFC 3161 tokens. Pure: primitives are parameters (async only because tokens verify on WebCrypto).
import { checkCosignatures } from './cosignature';
import { openCheckpoint } from './log-block';
import { leafHash, verifyInclusion } from './merkle';
import { parseCheckpoint, parseNote, type Checkpoint } from './note';
import { describeQuorum, quorumMet, type Policy } from './policy';
import { equalBytes, fromBase64, fromHex, toBase64, toHex, type Primitives, type Sha256 } from './primitives';
import { hexBytes } from './records';
import { verifyTimestampToken, type TrustAnchors } from './timestamp';

const utf8 = new TextEncoder();

/**
 * DECISIONS 11: the head leaf data of a checkpoint, the UTF-8 bytes of `svc-head-leaf/v1\n<hex SHA-256 of the origin
 * line without its newline>\n<tree size>\n<base64 root>\n`. The origin is hashed so that the head names no tenant.
 */
export function headLeafData(sha: Sha256, cp: Checkpoint): Uint8Array {
  return utf8.encode(`svc-head-leaf/v1\n${toHex(sha(utf8.encode(cp.origin)))}\n${cp.treeSize}\n${toBase64(cp.root)}\n`);
}

/** The head leaf data of a signed checkpoint note (its body's three lines); null when the note is not a checkpoint. */
export function headLeafOfNote(sha: Sha256, note: string): Uint8Array | null {
  const parsed = parseNote(note);
  const cp = parsed ? parseCheckpoint(parsed.body) : null;
  return cp ? headLeafData(sha, cp) : null;
}

export type HeadStep = {
  check:
    | 'head_shape'
    | 'head_leaf'
    | 'head_inclusion'
    | 'head_checkpoint'
    | 'head_origin'
    | 'head_signature'
    | 'cosignature'
    | 'quorum'
    | 'outside_trust'
    | 'timestamp';
  ok: boolean;
  detail: string;
  /** Not checked for want of a key to check with (no policy, no platform key): shown, never deciding. */
  skipped?: true;
};

/** What the verifier trusts: its own policy and TSA roots; without a policy, the platform key(s) the file carries. */
export type HeadTrust = {
  platformKeys?: Uint8Array | readonly Uint8Array[];
  policy?: Policy;
  tsaAnchors?: TrustAnchors;
};

export type HeadResult =
  | { status: 'absent' }
  | { status: 'pending' }
  | {
      status: 'checked';
      ok: boolean;
      steps: HeadStep[];
      /** Earliest gen_time (RFC 3339) of the tokens that verified, null when none did. */
      existedNoLaterThan: string | null;
      /** Key names of the policy witnesses whose cosignatures verified (empty without a policy). */
      witnessedBy: string[];
      /** Key names of the note's signature lines other than the platform's, as the note states them (checked or not). */
      cosignersNamed: string[];
      /** The tokens that verified: the TSA each names and its time (RFC 3339), earliest first. */
      stamps: Array<{ tsa: string; genTime: string }>;
      /** Whether the verifier's own witness policy / TSA anchors were applied, or only what the file carries. */
      outsideTrust: { policy: boolean; tsa: boolean };
      head: { origin: string; treeSize: number; rootHex: string } | null;
    };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const asKeys = (k: Uint8Array | readonly Uint8Array[] | undefined): readonly Uint8Array[] =>
  k === undefined ? [] : k instanceof Uint8Array ? [k] : k;
/** RFC 3339 in UTC, with fractions of a second only when the token has them. */
const rfc3339 = (d: Date): string => d.toISOString().replace('.000Z', 'Z');

/**
 * DECISIONS 11: checks the `head` block of a record proof's `log` block, given that block's `checkpoint` note:
 * the head leaf is the leaf of that checkpoint's body; the audit path proves it at leaf_index in the head of tree_size
 * leaves with root_hash; the head note is a checkpoint of that size and root, signed under key name = its origin by
 * the platform key (the policy's `log` keys when a policy is given, else `platformKeys` and an origin ending in
 * `/head`); every cosignature by a policy witness verifies and the quorum is met; and every timestamp token stamps
 * SHA-256 of the head body with a valid signature and EKU. With TSA anchors, at least one token must chain to them
 * (a token chaining elsewhere is reported, not counted). `{status: "pending"}` is not a failure.
 */
export async function checkHeadBlock(
  p: Primitives,
  logCheckpoint: unknown,
  head: unknown,
  trust: HeadTrust = {},
): Promise<HeadResult> {
  if (head === undefined || head === null) return { status: 'absent' };
  if (isObj(head) && head.status === 'pending') return { status: 'pending' };
  const steps: HeadStep[] = [];
  const policy = trust.policy;
  const anchored = (trust.tsaAnchors?.certificates.length ?? 0) > 0;
  const witnessedBy: string[] = [];
  const times: Date[] = [];
  const stamped: Array<{ tsa: string; genTime: Date }> = [];
  const cosignersNamed: string[] = [];
  let headInfo: { origin: string; treeSize: number; rootHex: string } | null = null;
  const done = (): HeadResult => ({
    status: 'checked',
    ok: steps.every((s) => s.ok),
    steps,
    witnessedBy,
    cosignersNamed,
    head: headInfo,
    existedNoLaterThan: times.length ? rfc3339(new Date(Math.min(...times.map((t) => t.getTime())))) : null,
    stamps: stamped
      .sort((a, b) => a.genTime.getTime() - b.genTime.getTime())
      .map((s) => ({ tsa: s.tsa, genTime: rfc3339(s.genTime) })),
    outsideTrust: { policy: !!policy, tsa: anchored },
  });
  const h = isObj(head) ? head : {};
  const path = Array.isArray(h.audit_path) ? h.audit_path.map((x) => hexBytes(x, 32)) : null;
  const statedLeaf = hexBytes(h.leaf_hash, 32);
  const root = hexBytes(h.root_hash, 32);
  const stamps = h.timestamps === undefined ? [] : h.timestamps;
  const shapeOk =
    isIndex(h.leaf_index) &&
    isIndex(h.tree_size) &&
    h.leaf_index < h.tree_size &&
    !!statedLeaf &&
    !!root &&
    !!path &&
    path.every((x) => x !== null) &&
    typeof h.checkpoint === 'string' &&
    Array.isArray(stamps);
  if (!shapeOk) {
    steps.push({
      check: 'head_shape',
      ok: false,
      detail:
        'the head block is not {leaf_index < tree_size, leaf_hash, audit_path: [hex], root_hash, checkpoint, timestamps: [...]}',
    });
    return done();
  }
  const index = h.leaf_index as number;
  const size = h.tree_size as number;

  const leafData = typeof logCheckpoint === 'string' ? headLeafOfNote(p.sha256, logCheckpoint) : null;
  if (!leafData) {
    steps.push({
      check: 'head_leaf',
      ok: false,
      detail: "the log block's checkpoint is not a checkpoint note, so it has no head leaf",
    });
    return done();
  }
  const computed = leafHash(p.sha256, leafData);
  const leafOk = equalBytes(computed, statedLeaf!);
  steps.push({
    check: 'head_leaf',
    ok: leafOk,
    detail: leafOk
      ? "leaf_hash = SHA-256(0x00 || head leaf of the log's checkpoint)"
      : `the head leaf of the log's checkpoint hashes to ${toHex(computed)}, the head block says ${String(h.leaf_hash)}`,
  });
  const inc = verifyInclusion(p.sha256, index, size, computed, path as Uint8Array[], root!);
  steps.push({
    check: 'head_inclusion',
    ok: inc,
    detail: inc
      ? `the log's checkpoint is head leaf ${index} of ${size} (${path!.length} path hashes)`
      : `the audit path does not lead from head leaf ${index} to root_hash in a head of ${size} leaves`,
  });

  const note = h.checkpoint as string;
  const parsedNote = parseNote(note);
  const cp = parsedNote ? parseCheckpoint(parsedNote.body) : null;
  if (!parsedNote || !cp) {
    steps.push({
      check: 'head_checkpoint',
      ok: false,
      detail: 'the head checkpoint is not a signed three-line checkpoint note',
    });
    return done();
  }
  headInfo = { origin: cp.origin, treeSize: cp.treeSize, rootHex: toHex(cp.root) };
  const same = cp.treeSize === size && equalBytes(cp.root, root!);
  steps.push({
    check: 'head_checkpoint',
    ok: same,
    detail: same
      ? `head checkpoint ${cp.origin} at size ${cp.treeSize} has this root`
      : `the head checkpoint says size ${cp.treeSize} and root ${toHex(cp.root)}, the block ${size} and ${String(h.root_hash)}`,
  });

  const policyLogs = policy ? policy.logs.filter((l) => l.origin === cp.origin) : [];
  const originOk = policy ? policyLogs.length > 0 : cp.origin.endsWith('/head');
  steps.push({
    check: 'head_origin',
    ok: originOk,
    detail: originOk
      ? `head origin ${cp.origin}`
      : policy
        ? `the head origin ${cp.origin} is not a log of the policy (${policy.logs.map((l) => l.origin).join(', ') || 'none listed'})`
        : `the head origin ${cp.origin} does not end in /head`,
  });
  const keys = policy ? policyLogs.map((l) => l.publicKey) : asKeys(trust.platformKeys);
  const opened = keys.length ? openCheckpoint(p, note, keys) : null;
  const signer = opened?.checkpoint ?? null;
  const platformLine = signer
    ? parsedNote.signatures.find((s) => s.name === cp.origin && equalBytes(s.keyId, fromHex(signer.noteKeyId)!))
    : parsedNote.signatures.find((s) => s.name === cp.origin);
  for (const s of parsedNote.signatures)
    if (s !== platformLine && !cosignersNamed.includes(s.name)) cosignersNamed.push(s.name);
  if (!keys.length && !policy) {
    // SPEC property: never silently shorter. Without a policy or a platform key file, the note's signature is shown unchecked.
    steps.push({
      check: 'head_signature',
      ok: true,
      skipped: true,
      detail: 'not checked: no platform key was given (a witness policy, or the platform key file)',
    });
  } else {
    steps.push({
      check: 'head_signature',
      ok: !!signer,
      detail: signer
        ? `the head note verifies with the platform key ${signer.keyId} (note key id ${signer.noteKeyId}) ${policy ? "of the policy's log line" : 'of the platform key file'}`
        : keys.length
          ? `the head note is not signed by the platform key: ${opened?.error ?? 'no valid signature'}`
          : 'no platform key to check the head note against',
    });
  }

  if (policy) {
    const witnesses = policy.witnesses;
    const checks =
      checkCosignatures(
        p,
        note,
        witnesses.map((w) => ({ name: w.keyName, publicKey: w.publicKey })),
      )?.checks ?? [];
    const cosigned = new Set<string>();
    for (const c of checks) {
      const w = witnesses[c.cosigner]!;
      if (c.ok) {
        cosigned.add(w.name);
        if (!witnessedBy.includes(w.keyName)) witnessedBy.push(w.keyName);
      }
      steps.push({
        check: 'cosignature',
        ok: c.ok,
        detail: c.ok
          ? `witness ${w.keyName} (key id ${c.keyId}) cosigned the head at ${rfc3339(new Date(c.time! * 1000))}`
          : `the cosignature line of witness ${w.keyName} (key id ${c.keyId}) does not verify`,
      });
    }
    const met = quorumMet(policy, cosigned);
    steps.push({
      check: 'quorum',
      ok: met,
      detail: `${met ? 'met' : 'not met'}: the policy requires ${describeQuorum(policy)}; valid cosignatures from ${[...cosigned].join(', ') || 'no witness'}`,
    });
  } else {
    const lines = parsedNote.signatures.length - (platformLine ? 1 : 0);
    const against = signer ? 'the platform key file' : 'no platform key';
    steps.push({
      check: 'outside_trust',
      ok: true,
      detail: `no outside trust was applied: the head is checked against ${against}, and its ${lines} other signature line(s) are not checked (give a witness policy)`,
    });
  }

  const body = utf8.encode(parsedNote.body);
  for (const [i, s] of (stamps as unknown[]).entries()) {
    const t = isObj(s) ? s : {};
    const label = `timestamp ${i + 1}${typeof t.tsa === 'string' ? ` (${t.tsa})` : ''}`;
    const token = typeof t.token === 'string' ? fromBase64(t.token) : null;
    if (!token) {
      steps.push({ check: 'timestamp', ok: false, detail: `${label}: token is not base64 DER` });
      continue;
    }
    const v = await verifyTimestampToken(p.sha256, token, body, { anchors: trust.tsaAnchors });
    if (!v.ok) {
      // A token from a TSA the verifier does not trust is not evidence for it, but not a broken link either.
      const foreign = v.reason === 'chain';
      steps.push({ check: 'timestamp', ok: foreign, detail: `${label}: ${foreign ? 'not counted, ' : ''}${v.detail}` });
      continue;
    }
    const stated = typeof t.gen_time === 'string' ? Date.parse(t.gen_time) : Number.NaN;
    if (stated !== v.genTime.getTime()) {
      steps.push({
        check: 'timestamp',
        ok: false,
        detail: `${label}: gen_time says ${String(t.gen_time)}, the token ${rfc3339(v.genTime)}`,
      });
      continue;
    }
    times.push(v.genTime);
    stamped.push({ tsa: v.tsa, genTime: v.genTime });
    steps.push({
      check: 'timestamp',
      ok: true,
      detail: `${label}: ${v.tsa} stamped SHA-256 of the head body at ${rfc3339(v.genTime)}${v.chainChecked ? ', chained to a trusted TSA root' : ' (its chain was not checked: no TSA roots given)'}`,
    });
  }
  if (anchored && !times.length)
    steps.push({
      check: 'timestamp',
      ok: false,
      detail: stamps.length ? 'no timestamp token chains to a trusted TSA root' : 'the head carries no timestamp token',
    });
  return done();
}
