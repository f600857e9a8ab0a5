// Owns C2SP signed notes with Ed25519 keys and C2SP tlog-checkpoint bodies (docs/verification.md#12-the-transparency-log): formatting,
// parsing and verification. Pure: SHA-256 and Ed25519 verify come in as parameters.
import { remembered } from '../memo';
import { concat, equalBytes, fromBase64, toBase64, toHex, type Primitives, type Sha256 } from './primitives';

const utf8 = new TextEncoder();
const ED25519_ALG = 0x01;
/** U+2014 em dash and a space open every signature line. */
const SIG_PREFIX = '\u2014 ';
/** As Go's golang.org/x/mod/sumdb/note: a note with more signature lines is malformed. */
const MAX_SIGNATURES = 100;

/** C2SP signed-note key id: the first 4 bytes of SHA-256(key name || 0x0A || signature type || public key). */
export function typedKeyId(sha: Sha256, name: string, type: number, publicKey: Uint8Array): Uint8Array {
  return sha(concat(utf8.encode(name), new Uint8Array([0x0a, type]), publicKey)).slice(0, 4);
}

/** Note key id: the first 4 bytes of SHA-256(key name || 0x0A || 0x01 || 32-byte public key). */
export function noteKeyId(sha: Sha256, name: string, publicKey: Uint8Array): Uint8Array {
  return typedKeyId(sha, name, ED25519_ALG, publicKey);
}

/** Verifier key in the signed-note vkey form `<name>+<hex key id>+<base64(0x01 || public key)>`. */
export function verifierKey(sha: Sha256, name: string, publicKey: Uint8Array): string {
  return `${name}+${toHex(noteKeyId(sha, name, publicKey))}+${toBase64(concat(new Uint8Array([ED25519_ALG]), publicKey))}`;
}

/** Parses a vkey; null when it is not an Ed25519 verifier key whose id matches its name and key. */
export function parseVerifierKey(sha: Sha256, vkey: unknown): { name: string; publicKey: Uint8Array } | null {
  return parseTypedVerifierKey(sha, vkey, ED25519_ALG);
}

/** True when `s` holds no lone surrogate: its UTF-16 is a well-formed string of code points (UTF-8 can carry it). */
export function wellFormedUnicode(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    const next = s.charCodeAt(i + 1);
    if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}

/** Go's unicode.IsSpace beyond ASCII, and the plus sign: none may be in a key name (C2SP signed-note). */
const BAD_KEY_NAME = /[+ \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
/** A key name is non-empty and holds no plus sign, no Unicode space and no control character. */
export const validKeyName = (name: string): boolean => {
  for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) < 0x20) return false;
  return name.length > 0 && !BAD_KEY_NAME.test(name) && wellFormedUnicode(name);
};

/** Parses a vkey of signature type `type` over a 32-byte key; null when malformed or its id does not match. */
export function parseTypedVerifierKey(
  sha: Sha256,
  vkey: unknown,
  type: number,
): { name: string; publicKey: Uint8Array } | null {
  if (typeof vkey !== 'string') return null;
  const m = /^([^+]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)$/.exec(vkey);
  if (!m || !validKeyName(m[1]!)) return null;
  const raw = fromBase64(m[3]!);
  if (raw?.length !== 33 || raw[0] !== type) return null;
  const publicKey = raw.slice(1);
  return toHex(typedKeyId(sha, m[1]!, type, publicKey)) === m[2] ? { name: m[1]!, publicKey } : null;
}

/** The three-line C2SP tlog-checkpoint body `<origin>\n<tree size>\n<base64 root>\n`, no extension lines. */
export function checkpointBody(origin: string, treeSize: number, root: Uint8Array): string {
  return `${origin}\n${treeSize}\n${toBase64(root)}\n`;
}

/** A signed note: the body and one signature line; `signature` is Ed25519 over the body's UTF-8 bytes. */
export function formatNote(body: string, name: string, keyId: Uint8Array, signature: Uint8Array): string {
  return `${body}\n${SIG_PREFIX}${name} ${toBase64(concat(keyId, signature))}\n`;
}

export type NoteSignature = { name: string; keyId: Uint8Array; signature: Uint8Array };
export type ParsedNote = { body: string; signatures: NoteSignature[] };

/**
 * C2SP signed-note: valid UTF-8 without ASCII control characters but newline. In a JavaScript string: no lone
 * surrogate, and no U+FFFD (what a lenient decoder leaves of bytes that were not UTF-8).
 */
function wellFormedText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x0a) || c === 0xfffd) return false;
  }
  return wellFormedUnicode(s);
}

// Parsed notes per text: the records of one checkpoint and of one head share their notes. Bounded, oldest first out;
// a note is a few hundred bytes, and a longer text is parsed each time rather than kept.
const MAX_KEPT_NOTE = 16_384;
const parsedNote = remembered(1024, (text: string) => readNote(text));

/**
 * Splits a signed note into its text and signature lines (docs/verification.md#signed-notes): the text ends in a
 * newline and is separated from the signatures by the last empty line; one or more signature lines follow, each
 * `— <key name> <base64(key id || signature)>` and a newline, and nothing after the last one. Null otherwise.
 * The answer is shared between callers: never change it.
 */
export function parseNote(text: unknown): ParsedNote | null {
  if (typeof text !== 'string') return null;
  return text.length > MAX_KEPT_NOTE ? readNote(text) : parsedNote(text);
}

function readNote(text: string): ParsedNote | null {
  if (!text.endsWith('\n') || !wellFormedText(text)) return null;
  const split = text.lastIndexOf('\n\n');
  if (split < 0 || split + 2 === text.length) return null;
  const body = text.slice(0, split + 1);
  const lines = text.slice(split + 2, -1).split('\n');
  if (lines.length > MAX_SIGNATURES) return null;
  const signatures: NoteSignature[] = [];
  for (const line of lines) {
    if (!line.startsWith(SIG_PREFIX)) return null;
    const rest = line.slice(SIG_PREFIX.length);
    const sp = rest.indexOf(' ');
    if (sp < 0 || !validKeyName(rest.slice(0, sp))) return null;
    const raw = fromBase64(rest.slice(sp + 1));
    if (!raw || raw.length < 5) return null;
    signatures.push({ name: rest.slice(0, sp), keyId: raw.slice(0, 4), signature: raw.slice(4) });
  }
  return { body, signatures };
}

/** The first signature line of key name `name` and key id `keyId` (C2SP: repeated lines of one key are ignored). */
export const signatureOf = (note: ParsedNote, name: string, keyId: Uint8Array): NoteSignature | undefined =>
  note.signatures.find((s) => s.name === name && equalBytes(s.keyId, keyId));

/**
 * True when the note carries a valid signature by the Ed25519 key `publicKey` under key name `name`: its first
 * signature line with that name and the key id derived from both verifies over the text bytes.
 */
export function verifyNote(p: Primitives, text: string, name: string, publicKey: Uint8Array): boolean {
  const note = parseNote(text);
  const s = note && signatureOf(note, name, noteKeyId(p.sha256, name, publicKey));
  return !!s && s.signature.length === 64 && p.verify(publicKey, utf8.encode(note.body), s.signature);
}

export type Checkpoint = { origin: string; treeSize: number; root: Uint8Array };

/**
 * Reads a checkpoint body: exactly the three lines origin (non-empty), tree size (decimal, no leading zero, at most
 * 2^53 - 1) and the base64 of a 32-byte root, each ending in a newline; no extension line. Null otherwise.
 */
export function parseCheckpoint(body: string): Checkpoint | null {
  const m = /^([^\n]+)\n(0|[1-9][0-9]{0,15})\n([A-Za-z0-9+/=]+)\n$/.exec(body);
  if (!m) return null;
  const treeSize = Number(m[2]);
  const root = fromBase64(m[3]!);
  if (!Number.isSafeInteger(treeSize) || !root || root.length !== 32) return null;
  return { origin: m[1]!, treeSize, root };
}
