// Owns C2SP tlog-cosignature v1 with Ed25519 (signature type 0x04): the cosigner vkey, the signed message, the
// signature line of a note, and creating, reading and verifying cosignatures. Pure: primitives are parameters.
import { parseNote, parseTypedVerifierKey, signatureOf, typedKeyId } from './note';
import { concat, toBase64, toHex, type Primitives, type Sha256 } from './primitives';

const utf8 = new TextEncoder();
/** c2sp.org/signed-note: signature type 0x04 is the timestamped Ed25519 witness cosignature. */
export const COSIGNATURE_ALG = 0x04;
/** key id (4) || timestamp (8, big-endian) || Ed25519 signature (64). */
const COSIGNATURE_BYTES = 76;

/** Ed25519 signature over `message` by a private key the caller holds (node:crypto on the server); 64 bytes. */
export type Ed25519Sign = (message: Uint8Array) => Uint8Array;

export type Cosigner = { name: string; publicKey: Uint8Array };
/** `time`: the note's unsigned 64-bit Unix seconds, kept whole (a hostile witness may write any value). */
export type Cosignature = { name: string; keyId: Uint8Array; time: bigint; signature: Uint8Array };

/** Cosigner key id: the first 4 bytes of SHA-256(name || 0x0A || 0x04 || 32-byte public key). */
export const cosignerKeyId = (sha: Sha256, name: string, publicKey: Uint8Array): Uint8Array =>
  typedKeyId(sha, name, COSIGNATURE_ALG, publicKey);

/** The cosigner's vkey `<name>+<hex key id>+<base64(0x04 || public key)>`. */
export function cosignerVerifierKey(sha: Sha256, name: string, publicKey: Uint8Array): string {
  return `${name}+${toHex(cosignerKeyId(sha, name, publicKey))}+${toBase64(concat(new Uint8Array([COSIGNATURE_ALG]), publicKey))}`;
}

/** Reads a cosigner vkey; null when it is not of type 0x04 with a 32-byte key and a key id matching its name and key. */
export const parseCosignerKey = (sha: Sha256, vkey: string): Cosigner | null =>
  parseTypedVerifierKey(sha, vkey, COSIGNATURE_ALG);

/**
 * The bytes an Ed25519 cosignature covers: `cosignature/v1\n`, `time <unix seconds>\n` (decimal, no leading zeroes),
 * then the whole checkpoint body including its final newline and any extension lines, without signature lines.
 */
export function cosignedMessage(body: string, time: number | bigint): Uint8Array {
  if (typeof time === 'number' ? !Number.isSafeInteger(time) || time < 0 : time < 0n || time >= 2n ** 64n)
    throw new RangeError('cosignature time must be a non-negative integer of seconds');
  return utf8.encode(`cosignature/v1\ntime ${time}\n${body}`);
}

/** The note signature line `— <name> <base64(key id || 8-byte big-endian time || 64-byte signature)>` and its newline. */
export function cosignatureLine(c: Cosignature): string {
  const time = new Uint8Array(8);
  new DataView(time.buffer).setBigUint64(0, c.time);
  return `\u2014 ${c.name} ${toBase64(concat(c.keyId, time, c.signature))}\n`;
}

/** Cosigns a checkpoint body at `time` (Unix seconds) and returns the signature line, as a witness answers it. */
export function createCosignature(
  sha: Sha256,
  sign: Ed25519Sign,
  cosigner: Cosigner,
  body: string,
  time: number | bigint,
): string {
  const signature = sign(cosignedMessage(body, time));
  if (signature.length !== 64) throw new Error('the signer did not return a 64-byte Ed25519 signature');
  return cosignatureLine({
    name: cosigner.name,
    keyId: cosignerKeyId(sha, cosigner.name, cosigner.publicKey),
    time: BigInt(time),
    signature,
  });
}

/** Reads the bytes of a note signature as a cosignature: 4 + 8 + 64 bytes; null otherwise (e.g. a plain Ed25519 note signature). */
export function readCosignature(name: string, keyId: Uint8Array, rest: Uint8Array): Cosignature | null {
  if (keyId.length !== 4 || rest.length !== COSIGNATURE_BYTES - 4) return null;
  const t = new DataView(rest.buffer, rest.byteOffset, 8).getBigUint64(0);
  return { name, keyId, time: t, signature: rest.slice(8) };
}

/**
 * `cosigner` is the index of the matching key in the list the caller gave; `time` the cosignature's time (null when
 * the line is not a cosignature); `ok` whether its signature verifies. The time bound is the caller's to apply.
 */
export type CosignatureCheck = { cosigner: number; name: string; keyId: string; time: bigint | null; ok: boolean };

/**
 * The cosignature line of each given cosigner in a signed note (the first line with its name and key id, as C2SP
 * signed-note says; other lines are ignored) and whether it verifies over the note text. A line from a known key
 * that does not verify is reported with ok false: the caller refuses the note. Null when the text is not a signed note.
 */
export function checkCosignatures(
  p: Primitives,
  note: string,
  cosigners: readonly Cosigner[],
): { body: string; checks: CosignatureCheck[] } | null {
  const parsed = parseNote(note);
  if (!parsed) return null;
  const checks: CosignatureCheck[] = [];
  for (const [i, c] of cosigners.entries()) {
    const id = cosignerKeyId(p.sha256, c.name, c.publicKey);
    const s = signatureOf(parsed, c.name, id);
    if (!s) continue;
    const cs = readCosignature(s.name, s.keyId, s.signature);
    const ok =
      !!cs && c.publicKey.length === 32 && p.verify(c.publicKey, cosignedMessage(parsed.body, cs.time), cs.signature);
    checks.push({ cosigner: i, name: c.name, keyId: toHex(id), time: cs ? cs.time : null, ok });
  }
  return { body: parsed.body, checks };
}
