// Owns C2SP tlog-cosignature v1 lines (Ed25519, signature type 0x04): the cosigner vkey, signing and checking.
// Pure: SHA-256 and Ed25519 verify come in as parameters, signing as a function over the message.
import { concat, equalBytes, fromBase64, toBase64, toHex, type Primitives, type Sha256 } from '../verify/primitives';
import { parseNote } from '../verify/note';

const utf8 = new TextEncoder();
const COSIGNATURE_ALG = 0x04;

/** Cosigner key id: the first 4 bytes of SHA-256(name || 0x0A || 0x04 || 32-byte public key). */
export function cosignerKeyId(sha: Sha256, name: string, publicKey: Uint8Array): Uint8Array {
  return sha(concat(utf8.encode(name), new Uint8Array([0x0a, COSIGNATURE_ALG]), publicKey)).slice(0, 4);
}

/** The cosigner vkey `<name>+<hex key id>+<base64(0x04 || public key)>`. */
export function cosignerVkey(sha: Sha256, name: string, publicKey: Uint8Array): string {
  return `${name}+${toHex(cosignerKeyId(sha, name, publicKey))}+${toBase64(concat(new Uint8Array([COSIGNATURE_ALG]), publicKey))}`;
}

/** Parses a cosigner vkey; null unless it is a type 0x04 Ed25519 key whose id matches its name and key. */
export function parseCosignerVkey(sha: Sha256, vkey: string): { name: string; publicKey: Uint8Array } | null {
  const m = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)$/.exec(vkey.trim());
  if (!m) return null;
  const raw = fromBase64(m[3]!);
  if (raw?.length !== 33 || raw[0] !== COSIGNATURE_ALG) return null;
  const publicKey = raw.slice(1);
  return toHex(cosignerKeyId(sha, m[1]!, publicKey)) === m[2] ? { name: m[1]!, publicKey } : null;
}

/** The signed message: `cosignature/v1\ntime <t>\n` followed by the whole checkpoint body. */
function cosignedMessage(body: string, time: number): Uint8Array {
  return utf8.encode(`cosignature/v1\ntime ${time}\n${body}`);
}

/**
 * One cosignature line `— <name> base64(key id || u64 big-endian time || 64-byte signature)` over the note
 * body `body` (its lines, each ending in a newline) at Unix time `time`, signed by `sign`.
 */
export function cosign(sign: (message: Uint8Array) => Uint8Array, name: string, keyId: Uint8Array, body: string, time: number): string {
  const ts = new Uint8Array(8);
  new DataView(ts.buffer).setBigUint64(0, BigInt(time));
  return `\u2014 ${name} ${toBase64(concat(keyId, ts, sign(cosignedMessage(body, time))))}\n`;
}

/**
 * The time of the cosignature line `line` (with or without its newline) when it is a valid cosignature by the
 * cosigner `name`/`publicKey` over the note body `body`; null for a line of another key or a bad signature.
 */
export function cosignatureTime(p: Primitives, body: string, line: string, name: string, publicKey: Uint8Array): number | null {
  const sig = parseNote(`${body}\n${line.endsWith('\n') ? line : `${line}\n`}`)?.signatures;
  const s = sig?.length === 1 ? sig[0]! : null;
  if (!s || s.name !== name || !equalBytes(s.keyId, cosignerKeyId(p.sha256, name, publicKey)) || s.signature.length !== 72) return null;
  const time = new DataView(s.signature.buffer, s.signature.byteOffset, 8).getBigUint64(0);
  if (time > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return p.verify(publicKey, cosignedMessage(body, Number(time)), s.signature.slice(8)) ? Number(time) : null;
}
