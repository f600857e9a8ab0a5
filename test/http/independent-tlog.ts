// An independent RFC 6962 proof verifier and C2SP signed-note check, written from the RFC and the C2SP text
// with node:crypto only (no code shared with src/verify): the tests re-verify what the endpoints serve.
import { createHash, createPublicKey, verify } from 'node:crypto';

const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
export const leafHashOf = (data: Buffer) => sha(Buffer.from([0]), data);
const node = (l: Buffer, r: Buffer) => sha(Buffer.from([1]), l, r);
const split = (n: number) => 2 ** Math.ceil(Math.log2(n) - 1);

/** MTH over leaf hashes (RFC 6962 §2.1), recursive as written there. */
export function mth(hashes: Buffer[]): Buffer {
  if (hashes.length === 0) return sha();
  if (hashes.length === 1) return hashes[0]!;
  const k = split(hashes.length);
  return node(mth(hashes.slice(0, k)), mth(hashes.slice(k)));
}

/** Root from PATH(m, D[n]) = PATH(m, D[0:k]) : MTH(D[k:n]) (or mirrored): the top sibling is the last element. */
function rootFromPath(m: number, n: number, leaf: Buffer, path: Buffer[]): Buffer {
  if (n === 1) {
    if (path.length) throw new Error('path too long');
    return leaf;
  }
  if (!path.length) throw new Error('path too short');
  const k = split(n);
  const sibling = path[path.length - 1]!;
  const rest = path.slice(0, -1);
  return m < k ? node(rootFromPath(m, k, leaf, rest), sibling) : node(sibling, rootFromPath(m - k, n - k, leaf, rest));
}

export function inclusionOk(index: number, size: number, leaf: Buffer, path: Buffer[], root: Buffer): boolean {
  try {
    return index >= 0 && index < size && rootFromPath(index, size, leaf, path).equals(root);
  } catch {
    return false;
  }
}

/** SUBPROOF(m, D[n], b) of RFC 6962 §2.1.2 undone from the end: yields the old and new roots it implies. */
export function consistencyOk(m: number, n: number, path: Buffer[], oldRoot: Buffer, newRoot: Buffer): boolean {
  if (m === 0 || m === n) return path.length === 0 && (m === 0 || oldRoot.equals(newRoot));
  const stack = [...path];
  const rec = (mm: number, nn: number, b: boolean): { o: Buffer; n: Buffer } => {
    if (mm === nn) {
      if (b) return { o: oldRoot, n: oldRoot };
      const x = stack.pop();
      if (!x) throw new Error('short');
      return { o: x, n: x };
    }
    const k = split(nn);
    const top = stack.pop();
    if (!top) throw new Error('short');
    if (mm <= k) {
      const sub = rec(mm, k, b);
      return { o: sub.o, n: node(sub.n, top) };
    }
    const sub = rec(mm - k, nn - k, false);
    return { o: node(top, sub.o), n: node(top, sub.n) };
  };
  try {
    const r = rec(m, n, true);
    return stack.length === 0 && r.o.equals(oldRoot) && r.n.equals(newRoot);
  } catch {
    return false;
  }
}

/** C2SP signed note with an Ed25519 key: key id = SHA-256(name || 0x0A || 0x01 || key)[:4]; signature over the body. */
export function noteOk(note: string, name: string, publicKey: Buffer): boolean {
  const at = note.lastIndexOf('\n\n');
  if (at < 0 || !note.endsWith('\n')) return false;
  const body = note.slice(0, at + 1);
  const id = sha(Buffer.from(name, 'utf8'), Buffer.from([0x0a, 0x01]), publicKey).subarray(0, 4);
  const spki = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), publicKey]),
    format: 'der',
    type: 'spki',
  });
  return note
    .slice(at + 2, -1)
    .split('\n')
    .some((line) => {
      const m = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
      if (!m || m[1] !== name) return false;
      const raw = Buffer.from(m[2]!, 'base64');
      return (
        raw.length === 68 &&
        raw.subarray(0, 4).equals(id) &&
        verify(null, Buffer.from(body, 'utf8'), spki, raw.subarray(4))
      );
    });
}

/** The three checkpoint lines of a note body. */
export function checkpointLines(note: string): { origin: string; size: number; root: Buffer } {
  const [origin, size, root] = note.split('\n');
  return { origin: origin!, size: Number(size), root: Buffer.from(root!, 'base64') };
}

/** The vkey `<name>+<hex id>+<base64(0x01 || key)>` as C2SP note verifier keys spell it. */
export function vkeyOf(name: string, publicKey: Buffer): string {
  const id = sha(Buffer.from(name, 'utf8'), Buffer.from([0x0a, 0x01]), publicKey).subarray(0, 4);
  return `${name}+${id.toString('hex')}+${Buffer.concat([Buffer.from([1]), publicKey]).toString('base64')}`;
}

export const hexes = (a: string[]) => a.map((h) => Buffer.from(h, 'hex'));
