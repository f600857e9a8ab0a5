// Owns the C2SP tlog-policy format: parsing a policy file (logs, witnesses, groups, the quorum) with line-numbered
// errors, and evaluating the quorum against the witnesses whose cosignatures verified. Pure: SHA-256 is a parameter.
import { parseCosignerKey } from './cosignature';
import { parseVerifierKey } from './note';
import { equalBytes, type Sha256 } from './primitives';

/** A log the policy accepts: its checkpoints are signed under key name = origin with this Ed25519 key. */
export type PolicyLog = { origin: string; publicKey: Uint8Array; vkey: string; url: string | null };
/** A witness: `name` is the policy's own label, `keyName` the key name its cosignature lines carry. */
export type PolicyWitness = { name: string; keyName: string; publicKey: Uint8Array; vkey: string; url: string | null };
export type PolicyGroup = { name: string; threshold: number; members: string[] };
/** `quorum` is null for `quorum none` (no cosignature required). */
export type Policy = { logs: PolicyLog[]; witnesses: PolicyWitness[]; groups: PolicyGroup[]; quorum: string | null };

export type PolicyParse = { ok: true; policy: Policy } | { ok: false; line: number; error: string };

/** The name `none` is predefined for the quorum line and can never be a witness, a group or a member. */
const NONE = 'none';

/** The first ASCII control character other than tab in a line (tlog-policy's character set), or -1. */
function controlCharacter(line: string): number {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || c === 0x7f) return c;
  }
  return -1;
}

/**
 * Parses a tlog-policy file. Whitespace is spaces and tabs only; blank and `#` comment lines are ignored; the only
 * control characters allowed are tab and newline; names are opaque; a group or the quorum may only name what an
 * earlier line defined; no key appears twice; exactly one quorum line. `log` keys are Ed25519 signed-note vkeys
 * (type 0x01), `witness` keys Ed25519 cosigner vkeys (type 0x04). The first problem is returned with its line number.
 */
export function parsePolicy(sha: Sha256, text: string): PolicyParse {
  const policy: Policy = { logs: [], witnesses: [], groups: [], quorum: null };
  const defined = new Set<string>();
  let quorumLine = 0;
  const lines = text.split('\n');
  // A final newline ends the last line rather than opening an empty one.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const fail = (error: string): PolicyParse => ({ ok: false, line: n, error });
    const raw = lines[i]!;
    const bad = controlCharacter(raw);
    if (bad >= 0)
      return fail(
        bad === 0x0d
          ? 'carriage return: the file must use newline (LF) line endings'
          : `control character 0x${bad.toString(16).padStart(2, '0')} is not allowed`,
      );
    const words = raw.split(/[ \t]+/).filter((w) => w !== '');
    if (!words.length || words[0]!.startsWith('#')) continue;
    const [keyword, ...args] = words;
    const newName = (name: string): string | null =>
      name === NONE
        ? `the name "${NONE}" is reserved`
        : defined.has(name)
          ? `the name "${name}" is already defined`
          : null;
    switch (keyword) {
      case 'log': {
        if (args.length < 1 || args.length > 2) return fail('expected: log <vkey> [<url>]');
        const key = parseVerifierKey(sha, args[0]!);
        if (!key)
          return fail(
            'the log key is not an Ed25519 signed-note vkey (<name>+<key id>+<base64 of 0x01 and 32 bytes>) with a matching key id',
          );
        if (policy.logs.some((l) => equalBytes(l.publicKey, key.publicKey)))
          return fail('this log key is already listed');
        policy.logs.push({ origin: key.name, publicKey: key.publicKey, vkey: args[0]!, url: args[1] ?? null });
        break;
      }
      case 'witness': {
        if (args.length < 2 || args.length > 3) return fail('expected: witness <name> <vkey> [<url>]');
        const clash = newName(args[0]!);
        if (clash) return fail(clash);
        const key = parseCosignerKey(sha, args[1]!);
        if (!key)
          return fail(
            'the witness key is not an Ed25519 cosigner vkey (<name>+<key id>+<base64 of 0x04 and 32 bytes>) with a matching key id',
          );
        if (policy.witnesses.some((w) => equalBytes(w.publicKey, key.publicKey)))
          return fail('this witness key is already listed');
        policy.witnesses.push({
          name: args[0]!,
          keyName: key.name,
          publicKey: key.publicKey,
          vkey: args[1]!,
          url: args[2] ?? null,
        });
        defined.add(args[0]!);
        break;
      }
      case 'group': {
        if (args.length < 3) return fail('expected: group <name> <k|all|any> <member>...');
        const [name, k, ...members] = args as [string, string, ...string[]];
        const clash = newName(name);
        if (clash) return fail(clash);
        const seen = new Set<string>();
        for (const m of members) {
          if (m === NONE) return fail(`"${NONE}" cannot be a group member`);
          if (!defined.has(m)) return fail(`group ${name} names ${m}, which no earlier line defines`);
          if (seen.has(m)) return fail(`group ${name} lists ${m} twice`);
          seen.add(m);
        }
        const threshold = k === 'all' ? members.length : k === 'any' ? 1 : /^[1-9][0-9]{0,5}$/.test(k) ? Number(k) : 0;
        if (threshold < 1 || threshold > members.length)
          return fail(`the threshold must be all, any or a number from 1 to ${members.length}`);
        policy.groups.push({ name, threshold, members });
        defined.add(name);
        break;
      }
      case 'quorum': {
        if (args.length !== 1) return fail('expected: quorum <name|none>');
        if (quorumLine) return fail(`a second quorum line (the first is line ${quorumLine})`);
        if (args[0] !== NONE && !defined.has(args[0]!))
          return fail(`the quorum names ${args[0]}, which no earlier line defines`);
        policy.quorum = args[0] === NONE ? null : args[0]!;
        quorumLine = n;
        break;
      }
      default:
        return fail(`unknown keyword "${keyword}" (expected log, witness, group or quorum)`);
    }
  }
  if (!quorumLine)
    return { ok: false, line: lines.length, error: 'no quorum line (write "quorum none" to require no cosignature)' };
  return { ok: true, policy };
}

/**
 * True when the witnesses named in `cosigned` (policy names whose cosignatures verified) satisfy the quorum: a
 * witness counts when it cosigned, a group when at least `threshold` of its members count. `quorum none` is met.
 */
export function quorumMet(policy: Policy, cosigned: ReadonlySet<string>): boolean {
  if (policy.quorum === null) return true;
  const groups = new Map(policy.groups.map((g) => [g.name, g]));
  // Groups only name earlier definitions, so this recursion ends; the memo keeps shared members linear.
  const memo = new Map<string, boolean>();
  const met = (name: string): boolean => {
    const known = memo.get(name);
    if (known !== undefined) return known;
    const g = groups.get(name);
    const r = g ? g.members.filter(met).length >= g.threshold : cosigned.has(name);
    memo.set(name, r);
    return r;
  };
  return met(policy.quorum);
}

/** A one-line statement of the quorum, for the verdict: `2 of (X1, X2, X3)`, nested groups in parentheses. */
export function describeQuorum(policy: Policy): string {
  if (policy.quorum === null) return 'none';
  const groups = new Map(policy.groups.map((g) => [g.name, g]));
  const say = (name: string): string => {
    const g = groups.get(name);
    if (!g) return name;
    const k =
      g.threshold === g.members.length && g.members.length > 1
        ? 'all'
        : g.threshold === 1 && g.members.length > 1
          ? 'any'
          : String(g.threshold);
    return `${k} of (${g.members.map(say).join(', ')})`;
  };
  return say(policy.quorum);
}
