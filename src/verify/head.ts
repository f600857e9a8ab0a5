// Owns the head step of a record proof (docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens): the head leaf of a log checkpoint, and
// the check of a `log.head` block from that leaf through the head log, the key that signs it (the one in the file or
// the verifier's own), the witnesses' cosignatures and the policy quorum, to the RFC 3161 tokens. Pure: primitives
// are parameters (async only because tokens verify on WebCrypto when TSA roots are given).
import { remembered } from '../memo';
import { checkCosignatures } from './cosignature';
import { openCheckpoint } from './log-block';
import { leafHash, verifyInclusion } from './merkle';
import { parseCheckpoint, parseNote, parseVerifierKey, signatureOf, type Checkpoint } from './note';
import { describeQuorum, quorumMet, type Policy } from './policy';
import { equalBytes, fromBase64, fromHex, toBase64, toHex, type Primitives, type Sha256 } from './primitives';
import { hexBytes } from './records';
import {
  compareInstants,
  cosignatureTimeOk,
  COSIGNATURE_EPOCH,
  formatInstant,
  parseRfc3339,
  type Instant,
} from './time-rules';
import { parseTimestampToken, verifyTimestampToken, type ParsedToken, type TrustAnchors } from './timestamp';

const utf8 = new TextEncoder();

/**
 * The head leaf data of a checkpoint, the UTF-8 bytes of `svc-head-leaf/v1\n<hex SHA-256 of the origin line without
 * its newline>\n<tree size>\n<base64 root>\n` (docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens: the head names no tenant).
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

/** One check of the head step, named as every report names it (`head.inclusion`, `head.cosignature[w1]`, ...). */
export type HeadStep = {
  check: string;
  ok: boolean;
  detail: string;
  /** Not checked, and nothing the verdict rests on: shown, never deciding. */
  skipped?: true;
};

/**
 * What the verifier trusts: its own witness policy, platform key and TSA roots (each optional; without a policy or a
 * platform key the head is checked against the `note_verifier_key` the file carries), and its clock (Unix seconds).
 */
export type HeadTrust = {
  policy?: Policy;
  platformKey?: Uint8Array;
  tsaAnchors?: TrustAnchors;
  now: number;
};

export type HeadResult =
  | { status: 'absent' }
  | { status: 'pending' }
  | {
      status: 'checked';
      ok: boolean;
      steps: HeadStep[];
      /** Earliest genTime (RFC 3339) of the tokens that verified to a trusted root; null without TSA roots. */
      existedNoLaterThan: string | null;
      /** Key names of the policy witnesses whose cosignatures count (empty without a policy). */
      witnessedBy: string[];
      /** Key names of the note's signature lines other than the head key's, as the note states them. */
      cosignersNamed: string[];
      /** The tokens that count: the TSA each names and its time (RFC 3339), earliest first. */
      stamps: Array<{ tsa: string; genTime: string }>;
      /** What outside trust was applied: the verifier's policy, platform key, TSA roots. */
      outsideTrust: { policy: boolean; platformKey: boolean; tsa: boolean };
      head: { origin: string; treeSize: number; rootHex: string } | null;
    };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const when = (t: bigint): string =>
  t >= BigInt(COSIGNATURE_EPOCH) && t < 253402300800n ? formatInstant({ seconds: Number(t), nanos: 0 }) : `${t} s`;

// Tokens read per base64 text: every record proof built on one head carries the same tokens. Bounded, oldest first out.
const readTokenText = remembered(256, (text: string) => {
  const token = fromBase64(text);
  return { token, parsed: token ? parseTimestampToken(token) : null };
});
/** A token's bytes (null: not base64) and what the DER walk reads of them (null: not a TimeStampToken). */
function readToken(text: unknown): { token: Uint8Array | null; parsed: ParsedToken | null } {
  return typeof text === 'string' ? readTokenText(text) : { token: null, parsed: null };
}

/**
 * The head's key as the trust decides it (docs/verification.md#keys-in-the-file): the policy's log key of the head's
 * origin, else the platform key given, else the `note_verifier_key` the file carries. A key in the file must be
 * that trusted key; a file without one is checked against the outside trust, and refused without it.
 */
export function headKey(
  sha: Sha256,
  origin: string,
  stated: unknown,
  trust: Pick<HeadTrust, 'policy' | 'platformKey'>,
): { ok: boolean; detail: string; keys: Uint8Array[] } {
  const file = stated === undefined ? null : parseVerifierKey(sha, stated);
  if (stated !== undefined && !file)
    return {
      ok: false,
      detail: 'note_verifier_key is not an Ed25519 signed-note vkey whose key id matches its name and key',
      keys: [],
    };
  if (file && file.name !== origin)
    return { ok: false, detail: `note_verifier_key names ${file.name}, the head is signed as ${origin}`, keys: [] };
  const { policy, platformKey } = trust;
  if (policy) {
    const keys = policy.logs.filter((l) => l.origin === origin).map((l) => l.publicKey);
    if (!keys.length) return { ok: false, detail: `the policy has no log key for ${origin}`, keys };
    const same = !file || keys.some((k) => equalBytes(k, file.publicKey));
    return same
      ? { ok: true, detail: "the policy's log key", keys }
      : { ok: false, detail: "note_verifier_key is not the policy's log key", keys };
  }
  if (platformKey) {
    const same = !file || equalBytes(platformKey, file.publicKey);
    return same
      ? { ok: true, detail: 'the platform key given', keys: [platformKey] }
      : { ok: false, detail: 'note_verifier_key is not the platform key given', keys: [platformKey] };
  }
  if (!file)
    return {
      ok: false,
      detail: 'the head carries no note_verifier_key, and no platform key or witness policy was given to check it with',
      keys: [],
    };
  return {
    ok: true,
    detail: 'note_verifier_key of the file (no outside trust: give a policy or the platform key)',
    keys: [file.publicKey],
  };
}

/**
 * Checks the `head` block of a record proof's `log` block, given that block's `checkpoint` note
 * (docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens): the head leaf is the leaf of that checkpoint's body; the audit path proves
 * it at leaf_index in the head of tree_size leaves with root_hash; the head note is a checkpoint of that size and
 * root signed under key name = its origin by the head key (headKey); under a policy, each policy witness's
 * cosignature verifies, is counted when dated within the bound, and the quorum is met; every timestamp token parses,
 * stamps SHA-256 of the head text and states the genTime its `gen_time` says; with TSA roots, at least one token
 * verifies to them and only those date the record. `{status: "pending"}` is not a failure.
 */
export async function checkHeadBlock(
  p: Primitives,
  logCheckpoint: unknown,
  head: unknown,
  trust: HeadTrust,
): Promise<HeadResult> {
  if (head === undefined || head === null) return { status: 'absent' };
  if (isObj(head) && head.status === 'pending') return { status: 'pending' };
  const steps: HeadStep[] = [];
  const step = (check: string, ok: boolean, detail: string) => steps.push({ check, ok, detail });
  const policy = trust.policy;
  const anchored = (trust.tsaAnchors?.certificates.length ?? 0) > 0;
  const witnessedBy: string[] = [];
  const counted: Array<{ tsa: string; genTime: Instant }> = [];
  const cosignersNamed: string[] = [];
  let headInfo: { origin: string; treeSize: number; rootHex: string } | null = null;
  const done = (): HeadResult => {
    counted.sort((a, b) => compareInstants(a.genTime, b.genTime));
    return {
      status: 'checked',
      ok: steps.every((s) => s.ok),
      steps,
      witnessedBy,
      cosignersNamed,
      head: headInfo,
      existedNoLaterThan: counted[0] ? formatInstant(counted[0].genTime) : null,
      stamps: counted.map((s) => ({ tsa: s.tsa, genTime: formatInstant(s.genTime) })),
      outsideTrust: { policy: !!policy, platformKey: !!trust.platformKey, tsa: anchored },
    };
  };
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
    step(
      'head.shape',
      false,
      'the head block is not {leaf_index < tree_size, leaf_hash, audit_path: [hex], root_hash, checkpoint, timestamps: [...]}',
    );
    return done();
  }
  const index = h.leaf_index as number;
  const size = h.tree_size as number;

  const leafData = typeof logCheckpoint === 'string' ? headLeafOfNote(p.sha256, logCheckpoint) : null;
  if (!leafData) {
    step('head.leaf', false, "the log block's checkpoint is not a checkpoint note, so it has no head leaf");
    return done();
  }
  const computed = leafHash(p.sha256, leafData);
  const leafOk = equalBytes(computed, statedLeaf!);
  step(
    'head.leaf',
    leafOk,
    leafOk
      ? "leaf_hash = SHA-256(0x00 || head leaf of the log's checkpoint)"
      : `the head leaf of the log's checkpoint hashes to ${toHex(computed)}, the head block says ${String(h.leaf_hash)}`,
  );
  const inc = verifyInclusion(p.sha256, index, size, computed, path as Uint8Array[], root!);
  step(
    'head.inclusion',
    inc,
    inc
      ? `the log's checkpoint is head leaf ${index} of ${size} (${path!.length} path hashes)`
      : `the audit path does not lead from head leaf ${index} to root_hash in a head of ${size} leaves`,
  );

  const note = h.checkpoint as string;
  const parsedNote = parseNote(note);
  const cp = parsedNote ? parseCheckpoint(parsedNote.body) : null;
  if (!parsedNote || !cp) {
    step('head.checkpoint', false, 'the head checkpoint is not a signed three-line checkpoint note');
    return done();
  }
  headInfo = { origin: cp.origin, treeSize: cp.treeSize, rootHex: toHex(cp.root) };
  const same = cp.treeSize === size && equalBytes(cp.root, root!);
  step(
    'head.checkpoint',
    same,
    same
      ? `head checkpoint ${cp.origin} at size ${cp.treeSize} has this root`
      : `the head checkpoint says size ${cp.treeSize} and root ${toHex(cp.root)}, the block ${size} and ${String(h.root_hash)}`,
  );
  const originOk = policy ? policy.logs.some((l) => l.origin === cp.origin) : cp.origin.endsWith('/head');
  step(
    'head.origin',
    originOk,
    originOk
      ? `head origin ${cp.origin}`
      : policy
        ? `the head origin ${cp.origin} is not a log of the policy (${policy.logs.map((l) => l.origin).join(', ') || 'none listed'})`
        : `the head origin ${cp.origin} does not end in /head`,
  );
  const key = headKey(p.sha256, cp.origin, h.note_verifier_key, trust);
  step('head.key', key.ok, key.detail);
  const opened = key.ok ? openCheckpoint(p, note, key.keys) : null;
  const signer = opened?.checkpoint ?? null;
  step(
    'head.signature',
    !!signer,
    signer
      ? `the head note verifies with key ${signer.keyId} (note key id ${signer.noteKeyId}): ${key.detail}`
      : opened
        ? `the head note is not signed by that key: ${opened.error ?? 'no valid signature'}`
        : 'not checked: no key to check the head note with (see head.key)',
  );
  const signerLine = signer ? signatureOf(parsedNote, cp.origin, fromHex(signer.noteKeyId)!) : undefined;
  for (const s of parsedNote.signatures)
    if (s !== signerLine && !cosignersNamed.includes(s.name)) cosignersNamed.push(s.name);

  if (policy) {
    const checks =
      checkCosignatures(
        p,
        note,
        policy.witnesses.map((w) => ({ name: w.keyName, publicKey: w.publicKey })),
      )?.checks ?? [];
    const cosigned = new Set<string>();
    for (const c of checks) {
      const w = policy.witnesses[c.cosigner]!;
      const name = `head.cosignature[${w.name}]`;
      if (!c.ok || c.time === null) {
        step(name, false, `the cosignature line of witness ${w.keyName} (key id ${c.keyId}) does not verify`);
        continue;
      }
      if (!cosignatureTimeOk(c.time, trust.now)) {
        step(
          name,
          true,
          `not counted: witness ${w.keyName} dated its valid cosignature ${when(c.time)}, before 2020-01-01 or more than 10 minutes ahead of the checking clock`,
        );
        continue;
      }
      cosigned.add(w.name);
      if (!witnessedBy.includes(w.keyName)) witnessedBy.push(w.keyName);
      step(name, true, `witness ${w.keyName} (key id ${c.keyId}) cosigned the head at ${when(c.time)}`);
    }
    const met = quorumMet(policy, cosigned);
    step(
      'head.quorum',
      met,
      `${met ? 'met' : 'not met'}: the policy requires ${describeQuorum(policy)}; counted cosignatures from ${[...cosigned].join(', ') || 'no witness'}`,
    );
  } else {
    steps.push({
      check: 'head.cosignatures',
      ok: true,
      skipped: true,
      detail: `not checked: no witness policy given (the note has ${cosignersNamed.length} other signature line(s))`,
    });
  }

  const body = utf8.encode(parsedNote.body);
  const digest = p.sha256(body);
  for (const [i, s] of (stamps as unknown[]).entries()) {
    const name = `head.timestamp[${i}]`;
    const t = isObj(s) ? s : {};
    const { token, parsed } = readToken(t.token);
    if (!token || !parsed) {
      step(name, false, `token is not ${token ? 'a strict DER TimeStampToken' : 'base64'}`);
      continue;
    }
    if (parsed.imprintAlgorithm !== '2.16.840.1.101.3.4.2.1' || !equalBytes(parsed.imprint, digest)) {
      step(name, false, `the token does not stamp SHA-256 of the head text (${toHex(digest)})`);
      continue;
    }
    const stated = parseRfc3339(t.gen_time);
    if (!stated || compareInstants(stated, parsed.genTime) !== 0) {
      step(
        name,
        false,
        `gen_time ${stated ? 'says' : 'is not an RFC 3339 time:'} ${JSON.stringify(t.gen_time) ?? 'missing'}, the token ${formatInstant(parsed.genTime)}`,
      );
      continue;
    }
    if (!anchored) {
      step(
        name,
        true,
        `parsed: stamps the head text at ${formatInstant(parsed.genTime)}; its signature and chain are not checked (no TSA roots given)`,
      );
      continue;
    }
    const v = await verifyTimestampToken(p.sha256, token, body, { anchors: trust.tsaAnchors });
    if (!v.ok) {
      // A token from a TSA the verifier does not trust is not evidence for it, but not a broken link either.
      const foreign = v.reason === 'chain';
      step(name, foreign, `${foreign ? 'not counted, ' : ''}${v.detail}`);
      continue;
    }
    counted.push({ tsa: v.tsa, genTime: parsed.genTime });
    step(
      name,
      true,
      `${v.tsa} stamped the head text at ${formatInstant(parsed.genTime)}, chained to a trusted TSA root`,
    );
  }
  if (anchored)
    step(
      'head.time',
      counted.length > 0,
      counted.length
        ? 'at least one token verifies to a trusted TSA root'
        : stamps.length
          ? 'no timestamp token verifies to a trusted TSA root'
          : 'the head carries no timestamp token',
    );
  else
    steps.push({
      check: 'head.time',
      ok: true,
      skipped: true,
      detail: 'not checked: no TSA roots given, so no time is claimed for the record',
    });
  return done();
}
