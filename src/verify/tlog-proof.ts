// Owns C2SP tlog-proof (docs/verification.md#19-tlog-proof): writing the text the appliance serves, reading it, and the
// check written once for the CLI, the TypeScript client and the single-file verifier: the checkpoint signed by a
// trusted log key, the witnesses' quorum under a policy, and the entry's inclusion. Pure, never throws.
import { checkCosignatures } from './cosignature';
import type { EvidenceCheck } from './cose-receipt';
import { leafHash, verifyInclusion } from './merkle';
import { parseCheckpoint, parseNote, parseVerifierKey, verifyNote } from './note';
import { quorumMet, type Policy } from './policy';
import { fromBase64, toBase64, toHex, type Primitives } from './primitives';

/** The first line of every proof. */
export const TLOG_PROOF_HEADER = 'c2sp.org/tlog-proof@v1';

/** A proof: leaf `index`, its audit path (leaf side first), the checkpoint note verbatim, the optional extra data. */
export type TlogProof = { index: number; path: Uint8Array[]; checkpoint: string; extra: Uint8Array | null };

/** The proof text: the header line, `index N`, one base64 hash per line, an empty line, then the note as it is. */
export function formatTlogProof(index: number, path: readonly Uint8Array[], checkpoint: string): string {
  return `${TLOG_PROOF_HEADER}\nindex ${index}\n${path.map((h) => `${toBase64(h)}\n`).join('')}\n${checkpoint}`;
}

/** Bytes of a base64 line written as this format writes it (no other spelling of the same bytes); null otherwise. */
function canonicalBase64(line: string): Uint8Array | null {
  const b = fromBase64(line);
  return b && toBase64(b) === line ? b : null;
}

/** Reads a proof; null when the text does not follow the format (the note itself is read by the check). */
export function parseTlogProof(text: string): TlogProof | null {
  if (typeof text !== 'string') return null;
  const lines = text.split('\n');
  let at = 0;
  if (lines[at++] !== TLOG_PROOF_HEADER) return null;
  let extra: Uint8Array | null = null;
  if (lines[at]?.startsWith('extra ')) {
    extra = canonicalBase64(lines[at++]!.slice('extra '.length));
    if (!extra) return null;
  }
  const m = /^index (0|[1-9][0-9]{0,15})$/.exec(lines[at++] ?? '');
  const index = m ? Number(m[1]) : Number.NaN;
  if (!Number.isSafeInteger(index)) return null;
  const path: Uint8Array[] = [];
  while (at < lines.length && lines[at] !== '') {
    const h = canonicalBase64(lines[at++]!);
    if (h?.length !== 32) return null;
    path.push(h);
  }
  if (at >= lines.length) return null;
  return { index, path, checkpoint: lines.slice(at + 1).join('\n'), extra };
}

/**
 * logKeys: signed-note verifier keys (`<origin>+<key id>+<key>`) of the logs the verifier accepts. policy: a
 * tlog-policy whose `log` lines are accepted too and whose quorum valid witness cosignatures must meet. now: the
 * checking clock in Unix seconds (a cosignature dated before 2020 or more than 10 minutes ahead of it is not counted).
 */
export type TlogProofTrust = { logKeys?: readonly string[]; policy?: Policy; now?: number };

export type TlogProofVerdict = {
  valid: boolean;
  checks: EvidenceCheck[];
  proof: { origin: string; tree_size: number; index: number; root: string } | null;
  /** Policy witnesses whose cosignatures verified (none without a policy). */
  witnessed_by: string[];
};

/** 2020-01-01T00:00:00Z: no cosignature of this appliance's era is older. */
const EARLIEST_COSIGNATURE = 1577836800;
const MAX_AHEAD_SECONDS = 600;

/**
 * Verifies a tlog-proof of `entry` (the leaf data): tlog_proof_format, tlog_proof_checkpoint (a signed checkpoint
 * note), tlog_proof_log_key (the origin is a trusted log and its key signed the note), tlog_proof_inclusion (the
 * entry's leaf hash at `index` leads to the checkpoint's root) and, under a policy, tlog_proof_cosignatures (every
 * cosignature line of a policy witness verifies; one dated out of bounds is valid but not counted) and
 * tlog_proof_quorum.
 */
export function verifyTlogProof(
  p: Primitives,
  text: string,
  entry: Uint8Array,
  trust: TlogProofTrust,
): TlogProofVerdict {
  const checks: EvidenceCheck[] = [];
  const witnessed: string[] = [];
  let facts: TlogProofVerdict['proof'] = null;
  const add = (name: string, ok: boolean, detail: string): boolean => {
    checks.push({ name, ok, detail });
    return ok;
  };
  const done = (): TlogProofVerdict => ({
    valid: checks.every((c) => c.ok),
    checks,
    proof: facts,
    witnessed_by: witnessed,
  });
  try {
    const proof = parseTlogProof(text);
    if (
      !add(
        'tlog_proof_format',
        !!proof,
        proof ? `index ${proof.index}, ${proof.path.length} path hashes` : `not a ${TLOG_PROOF_HEADER} text`,
      )
    )
      return done();
    const { index, path, checkpoint } = proof!;
    const note = parseNote(checkpoint);
    const cp = note ? parseCheckpoint(note.body) : null;
    if (
      !add('tlog_proof_checkpoint', !!cp, cp ? `${cp.origin} at size ${cp.treeSize}` : 'not a signed checkpoint note')
    )
      return done();
    const { origin, treeSize, root } = cp!;
    facts = { origin, tree_size: treeSize, index, root: toHex(root) };
    const candidates = [
      ...(trust.logKeys ?? []).map((k) => parseVerifierKey(p.sha256, k)).flatMap((k) => (k ? [k] : [])),
      ...(trust.policy?.logs ?? []).map((l) => ({ name: l.origin, publicKey: l.publicKey })),
    ].filter((k) => k.name === origin);
    const signedBy = candidates.some((k) => verifyNote(p, checkpoint, origin, k.publicKey));
    add(
      'tlog_proof_log_key',
      signedBy,
      signedBy
        ? `signed by a trusted key of ${origin}`
        : candidates.length
          ? `no valid signature by the trusted key of ${origin}`
          : `${origin} is not a trusted log (no key given for it)`,
    );
    const included =
      entry instanceof Uint8Array && verifyInclusion(p.sha256, index, treeSize, leafHash(p.sha256, entry), path, root);
    add(
      'tlog_proof_inclusion',
      included,
      included
        ? `the entry is leaf ${index} of ${treeSize}`
        : `the audit path does not lead from the entry at leaf ${index} to the root of size ${treeSize}`,
    );
    const policy = trust.policy;
    if (policy) {
      const now = trust.now ?? Math.floor(Date.now() / 1000);
      const witnesses = policy.witnesses.map((w) => ({ name: w.keyName, publicKey: w.publicKey }));
      const cos = checkCosignatures(p, checkpoint, witnesses)?.checks ?? [];
      const names = new Set<string>();
      const broken: string[] = [];
      for (const c of cos) {
        const inTime = c.time !== null && c.time >= EARLIEST_COSIGNATURE && c.time <= now + MAX_AHEAD_SECONDS;
        if (!c.ok) broken.push(c.name);
        else if (inTime && !names.has(policy.witnesses[c.cosigner]!.name)) {
          names.add(policy.witnesses[c.cosigner]!.name);
          witnessed.push(c.name);
        }
      }
      add(
        'tlog_proof_cosignatures',
        !broken.length,
        broken.length
          ? `a cosignature line of ${broken.join(', ')} does not verify`
          : `${cos.length} cosignature lines of policy witnesses, ${names.size} valid and in time`,
      );
      const met = quorumMet(policy, names);
      add(
        'tlog_proof_quorum',
        met,
        met
          ? `quorum met (${names.size} valid cosignatures by policy witnesses)`
          : `quorum not met (${names.size} valid cosignatures by policy witnesses)`,
      );
    }
  } catch (e) {
    add('tlog_proof_format', false, `unreadable proof: ${String((e as Error)?.message ?? e).slice(0, 80)}`);
  }
  return done();
}
