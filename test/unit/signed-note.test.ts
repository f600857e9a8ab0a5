// Checkpoints as C2SP signed notes: ours verify with an independent implementation of the format written here
// (node:crypto only), independent notes and the golang.org/x/mod/sumdb/note test vectors verify with ours.
import { describe, expect, it } from 'bun:test';
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import {
  checkpointBody,
  formatNote,
  noteKeyId,
  parseCheckpoint,
  parseNote,
  parseVerifierKey,
  verifierKey,
  verifyNote,
} from '../../src/verify/note';
import { nodePrimitives } from '../../src/verify/node-primitives';
import vectors from './vectors/signed-note-go.json';

// ---------- an independent C2SP signed-note implementation (c2sp.org/signed-note, Ed25519 keys) ----------
const DASH = '\u2014';
const H = (...parts: (Buffer | string)[]) =>
  createHash('sha256')
    .update(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p))))
    .digest();
const rawPublic = (k: KeyObject) => k.export({ format: 'der', type: 'spki' }).subarray(12);
const keyFromRaw = (raw: Buffer) =>
  createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]),
    format: 'der',
    type: 'spki',
  });
/** key hash = SHA-256(name || "\n" || 0x01 || key)[:4] (the C2SP Ed25519 signature type 0x01). */
const keyHash = (name: string, raw: Buffer) => H(name, '\n', Buffer.from([1]), raw).subarray(0, 4);
const vkeyOf = (name: string, raw: Buffer) =>
  `${name}+${keyHash(name, raw).toString('hex')}+${Buffer.concat([Buffer.from([1]), raw]).toString('base64')}`;
function readVkey(vkey: string): { name: string; raw: Buffer } | null {
  // name+hash+key: the base64 key may itself hold '+', so only the first two separate fields.
  const a = vkey.indexOf('+');
  const b = vkey.indexOf('+', a + 1);
  if (a <= 0 || b < 0) return null;
  const [name, hash, key] = [vkey.slice(0, a), vkey.slice(a + 1, b), vkey.slice(b + 1)];
  if (!hash || !key) return null;
  const k = Buffer.from(key, 'base64');
  if (k.length !== 33 || k[0] !== 1 || k.toString('base64') !== key) return null;
  const raw = Buffer.from(k.subarray(1));
  return keyHash(name, raw).toString('hex') === hash ? { name, raw } : null;
}
function signIndependently(text: string, name: string, priv: KeyObject): string {
  const raw = rawPublic(createPublicKey(priv));
  const sig = sign(null, Buffer.from(text, 'utf8'), priv);
  return `${text}\n${DASH} ${name} ${Buffer.concat([keyHash(name, raw), sig]).toString('base64')}\n`;
}
/** Opens a note: the text before the last blank line, signature lines after; true when one line verifies for (name, raw key). */
function openIndependently(note: string, name: string, raw: Buffer): { text: string; ok: boolean } | null {
  const i = note.lastIndexOf('\n\n');
  if (i < 0 || !note.endsWith('\n')) return null;
  const text = note.slice(0, i + 1);
  let ok = false;
  for (const line of note.slice(i + 2, -1).split('\n')) {
    const m = new RegExp(`^${DASH} (\\S+) ([A-Za-z0-9+/=]+)$`).exec(line);
    if (!m) return null;
    const blob = Buffer.from(m[2]!, 'base64');
    if (m[1] === name && blob.length === 68 && blob.subarray(0, 4).equals(keyHash(name, raw))) {
      ok ||= verify(null, Buffer.from(text, 'utf8'), keyFromRaw(raw), blob.subarray(4));
    }
  }
  return { text, ok };
}

// ---------- the product's notes ----------
const sha = nodePrimitives.sha256;
const ORIGIN = 'proof.acme.example:8443/acme.example';
function ourCheckpoint(priv: KeyObject, size: number, root: Buffer) {
  const raw = rawPublic(createPublicKey(priv));
  const body = checkpointBody(ORIGIN, size, root);
  return {
    raw,
    body,
    note: formatNote(body, ORIGIN, noteKeyId(sha, ORIGIN, raw), sign(null, Buffer.from(body), priv)),
  };
}

describe('checkpoint notes made by the appliance', () => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const root = H('some root');
  const { raw, body, note } = ourCheckpoint(privateKey, 1234, root);

  it('are exactly the three checkpoint lines, a blank line and one em-dash signature line', () => {
    expect(body).toBe(`${ORIGIN}\n1234\n${root.toString('base64')}\n`);
    const lines = note.split('\n');
    expect(lines.length).toBe(6);
    expect(lines[3]).toBe('');
    expect(lines[4]!.startsWith(`\u2014 ${ORIGIN} `)).toBe(true);
    expect(lines[5]).toBe('');
  });

  it('verify with the independent implementation under key name = origin', () => {
    const opened = openIndependently(note, ORIGIN, raw);
    expect(opened).toEqual({ text: body, ok: true });
    expect(openIndependently(note, 'other.example/acme.example', raw)!.ok).toBe(false);
    expect(openIndependently(note.replace('1234', '1235'), ORIGIN, raw)!.ok).toBe(false);
  });

  it('carry the same key id and verifier key as the independent derivation', () => {
    expect(Buffer.from(noteKeyId(sha, ORIGIN, raw)).equals(keyHash(ORIGIN, raw))).toBe(true);
    expect(verifierKey(sha, ORIGIN, raw)).toBe(vkeyOf(ORIGIN, raw));
    const read = readVkey(verifierKey(sha, ORIGIN, raw));
    expect(read?.name).toBe(ORIGIN);
    expect(read && Buffer.from(read.raw).equals(Buffer.from(raw))).toBe(true);
  });

  it('parse back into the checkpoint they state', () => {
    const cp = parseCheckpoint(parseNote(note)!.body)!;
    expect(cp.origin).toBe(ORIGIN);
    expect(cp.treeSize).toBe(1234);
    expect(Buffer.from(cp.root).equals(root)).toBe(true);
  });
});

describe('notes made independently', () => {
  it('verify with ours, and fail with ours once changed, under another name or another key', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const raw = rawPublic(createPublicKey(privateKey));
    const body = `${ORIGIN}\n7\n${H('r').toString('base64')}\n`;
    const note = signIndependently(body, ORIGIN, privateKey);
    expect(verifyNote(nodePrimitives, note, ORIGIN, raw)).toBe(true);
    expect(verifyNote(nodePrimitives, note.replace('\n7\n', '\n8\n'), ORIGIN, raw)).toBe(false);
    expect(verifyNote(nodePrimitives, note, 'acme.example', raw)).toBe(false);
    expect(verifyNote(nodePrimitives, note, ORIGIN, rawPublic(generateKeyPairSync('ed25519').publicKey))).toBe(false);
    // A second signature by a witness does not disturb ours.
    const witness = generateKeyPairSync('ed25519').privateKey;
    const cosigned = note + signIndependently(body, 'witness.example', witness).slice(body.length + 1);
    expect(verifyNote(nodePrimitives, cosigned, ORIGIN, raw)).toBe(true);
    expect(verifyNote(nodePrimitives, cosigned, 'witness.example', rawPublic(createPublicKey(witness)))).toBe(true);
  });
});

describe('golang.org/x/mod/sumdb/note test vectors', () => {
  const [peter, enoch] = vectors.keys as [(typeof vectors.keys)[0], (typeof vectors.keys)[1]];
  const text = vectors.text;

  it('parse the verifier keys and refuse the mangled ones', () => {
    for (const k of [peter, enoch]) {
      const v = parseVerifierKey(sha, k.vkey)!;
      expect(v.name).toBe(k.name);
      expect(verifierKey(sha, v.name, v.publicKey)).toBe(k.vkey);
    }
    for (const bad of vectors.bad_vkeys) expect(parseVerifierKey(sha, bad)).toBeNull();
    const b = peter.vkey;
    for (let i = 0; i < b.length; i++) {
      const mangled = b.slice(0, i) + String.fromCharCode(b.charCodeAt(i) + 1) + b.slice(i + 1);
      expect(parseVerifierKey(sha, mangled)).toBeNull();
    }
    expect(parseVerifierKey(sha, b.slice(0, -1))).toBeNull();
  });

  it('sign the reference text to the reference signature line with the reference private key (Ed25519 is deterministic)', () => {
    // PRIVATE+KEY+<name>+<hash>+<base64(0x01 || seed)>; the base64 may itself hold '+'.
    const seed = Buffer.from(peter.skey!.split('+').slice(4).join('+'), 'base64').subarray(1);
    const priv = createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
      format: 'der',
      type: 'pkcs8',
    });
    const pub = parseVerifierKey(sha, peter.vkey)!.publicKey;
    expect(rawPublic(createPublicKey(priv)).equals(Buffer.from(pub))).toBe(true);
    const note = formatNote(text, peter.name, noteKeyId(sha, peter.name, pub), sign(null, Buffer.from(text), priv));
    expect(note).toBe(`${text}\n${peter.signature_line}\n`);
  });

  it('verify the reference note with both keys, and only with the right one', () => {
    const note = `${text}\n${peter.signature_line}\n${enoch.signature_line}\n`;
    const pk = (k: { vkey: string }) => parseVerifierKey(sha, k.vkey)!.publicKey;
    expect(verifyNote(nodePrimitives, note, peter.name, pk(peter))).toBe(true);
    expect(verifyNote(nodePrimitives, note, enoch.name, pk(enoch))).toBe(true);
    expect(verifyNote(nodePrimitives, note, peter.name, pk(enoch))).toBe(false);
    expect(parseNote(note)!.body).toBe(text);
    // The independent implementation agrees.
    expect(openIndependently(note, peter.name, Buffer.from(pk(peter)))!.ok).toBe(true);
  });

  it('refuse the malformed notes the reference refuses', () => {
    const sig = `${peter.signature_line}\n`;
    const bad = [
      text,
      `${text}\n`,
      `${text}\n${sig.slice(0, -1)}`,
      `\u0001${text}\n${sig}`,
      `\ufffd${text}\n${sig}`,
      `${text}\n\u2014 Bad Name x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=`,
      `${text}\n${sig}Unexpected line.\n`,
      `${text}\n${sig.repeat(101)}`,
    ];
    for (const n of bad) expect(parseNote(n)).toBeNull();
    expect(parseNote(`${text}\n${sig.repeat(100)}`)).not.toBeNull();
  });
});
