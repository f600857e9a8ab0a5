// A C2SP tlog-witness v1.0.0 witness and a tiny signed log, written from the C2SP texts (tlog-witness,
// tlog-cosignature, signed-note, tlog-checkpoint) and RFC 6962 with node:crypto only, sharing no code with src/.
import { createHash, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { consistencyOk, leafHashOf, mth } from './independent-tlog';

const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const rawPublic = (k: KeyObject) => Buffer.from(k.export({ format: 'der', type: 'spki' })).subarray(12);
/** A raw 32-byte Ed25519 public key as a node:crypto key. */
export const ed25519Public = (raw: Buffer): KeyObject =>
  createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]),
    format: 'der',
    type: 'spki',
  });

/** signed-note: key id = SHA-256(name || 0x0A || type || public key)[:4]; vkey = name+hex(id)+base64(type || key). */
export const keyIdFor = (name: string, type: number, pub: Buffer) =>
  sha(Buffer.from(name), Buffer.from([0x0a, type]), pub).subarray(0, 4);
export const vkeyFor = (name: string, type: number, pub: Buffer) =>
  `${name}+${keyIdFor(name, type, pub).toString('hex')}+${Buffer.concat([Buffer.from([type]), pub]).toString('base64')}`;

/** signed-note vkey parts: the key material's base64 may itself hold `+`, so only the first two split. */
export function vkeyParts(vkey: string): { name: string; id: string; raw: Buffer } {
  const m = /^([^+]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)$/.exec(vkey);
  return { name: m?.[1] ?? '', id: m?.[2] ?? '', raw: Buffer.from(m?.[3] ?? '', 'base64') };
}

/** tlog-cosignature v1 message: `cosignature/v1\ntime <t>\n` then the checkpoint body. */
export const cosignedMessage = (body: string, time: number | bigint) =>
  Buffer.from(`cosignature/v1\ntime ${time}\n${body}`);

/**
 * Checks one cosignature line against a cosigner vkey (type 0x04) and the checkpoint body it covers; the
 * cosignature's time, or null when the line is not a valid cosignature by that key.
 */
export function cosignatureTimeOf(line: string, body: string, vkey: string): number | null {
  const { name, id, raw } = vkeyParts(vkey);
  if (!name || raw.length !== 33 || raw[0] !== 0x04 || keyIdFor(name, 0x04, raw.subarray(1)).toString('hex') !== id)
    return null;
  const m = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)\n?$/.exec(line);
  if (!m || m[1] !== name) return null;
  const sig = Buffer.from(m[2]!, 'base64');
  if (sig.length !== 4 + 8 + 64 || !sig.subarray(0, 4).equals(Buffer.from(id, 'hex'))) return null;
  const time = sig.readBigUInt64BE(4);
  return verify(null, cosignedMessage(body, time), ed25519Public(raw.subarray(1)), sig.subarray(12))
    ? Number(time)
    : null;
}

/** RFC 6962 §2.1.2 PROOF(m, D[n]) over leaf hashes, recursive as written there. */
export function consistencyProof(m: number, leaves: Buffer[]): Buffer[] {
  const sub = (mm: number, d: Buffer[], b: boolean): Buffer[] => {
    const n = d.length;
    if (mm === n) return b ? [] : [mth(d)];
    const k = 2 ** Math.ceil(Math.log2(n) - 1);
    return mm <= k
      ? [...sub(mm, d.slice(0, k), b), mth(d.slice(k))]
      : [...sub(mm - k, d.slice(k), false), mth(d.slice(0, k))];
  };
  return m === 0 || m === leaves.length ? [] : sub(m, leaves, true);
}

/** A log held in memory: leaves, an Ed25519 note key, checkpoints as C2SP signed notes, consistency proofs. */
export function testLog(origin: string) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pub = rawPublic(publicKey);
  const leaves: Buffer[] = [];
  const id = keyIdFor(origin, 0x01, pub);
  return {
    origin,
    vkey: vkeyFor(origin, 0x01, pub),
    leaves,
    append(n: number) {
      for (let i = 0; i < n; i++) leaves.push(leafHashOf(Buffer.from(`${origin} leaf ${leaves.length}`)));
    },
    body(size = leaves.length, root = mth(leaves.slice(0, size))) {
      return `${origin}\n${size}\n${root.toString('base64')}\n`;
    },
    /** The checkpoint of the first `size` leaves as a note signed by the log key (or by `key`, to forge one). */
    note(size = leaves.length, opts: { root?: Buffer; key?: KeyObject } = {}) {
      const body = this.body(size, opts.root);
      return `${body}\n\u2014 ${origin} ${Buffer.concat([id, sign(null, Buffer.from(body), opts.key ?? privateKey)]).toString('base64')}\n`;
    },
    proof(from: number, to = leaves.length) {
      return consistencyProof(from, leaves.slice(0, to));
    },
  };
}
export type TestLog = ReturnType<typeof testLog>;

/** The add-checkpoint request body: `old <size>`, the proof lines, an empty line, the note. */
export const addCheckpointBody = (old: number, proof: Buffer[], note: string) =>
  `old ${old}\n${proof.map((h) => `${h.toString('base64')}\n`).join('')}\n${note}`;

type Followed = { keyName: string; pub: Buffer; size: number; root: Buffer | null };

/**
 * A witness on 127.0.0.1 (plain HTTP), in memory; `addLog` makes it follow a log by origin and note vkey. `time` dates
 * its cosignatures (default: its clock): a hostile witness signs validly with an absurd time (`() => 10n ** 13n`).
 * `cosign` signs any body at any time with its key, as such a witness could.
 */
export function startIndependentWitness(name = 'witness.test/independent', opts: { time?: () => bigint } = {}) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pub = rawPublic(publicKey);
  const id = keyIdFor(name, 0x04, pub);
  const logs = new Map<string, Followed>();
  const text = (status: number, body: string, type = 'text/plain') =>
    new Response(body, { status, headers: { 'content-type': type } });

  function addCheckpoint(req: string): Response {
    const cut = req.indexOf('\n\n');
    if (cut < 0) return text(400, 'no empty line');
    const [oldLine, ...proofLines] = req.slice(0, cut).split('\n');
    const om = /^old (0|[1-9][0-9]*)$/.exec(oldLine ?? '');
    if (!om || proofLines.length > 63) return text(400, 'bad old line or proof too long');
    const proof = proofLines.map((l) => Buffer.from(l, 'base64'));
    if (proof.some((h, i) => h.length !== 32 || h.toString('base64') !== proofLines[i]))
      return text(400, 'bad proof line');
    const note = req.slice(cut + 2);
    const origin = note.slice(0, note.indexOf('\n'));
    const log = logs.get(origin);
    if (!log) return text(404, 'unknown log');
    const sep = note.lastIndexOf('\n\n');
    if (sep < 0 || !note.endsWith('\n')) return text(400, 'not a note');
    const body = note.slice(0, sep + 1);
    const logId = keyIdFor(log.keyName, 0x01, log.pub);
    const signed = note
      .slice(sep + 2, -1)
      .split('\n')
      .some((line) => {
        const m = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
        if (!m || m[1] !== log.keyName) return false;
        const raw = Buffer.from(m[2]!, 'base64');
        return (
          raw.length === 68 &&
          raw.subarray(0, 4).equals(logId) &&
          verify(null, Buffer.from(body), ed25519Public(log.pub), raw.subarray(4))
        );
      });
    if (!signed) return text(403, 'no valid log signature');
    const lines = body.split('\n');
    const size = Number(lines[1]);
    const root = Buffer.from(lines[2] ?? '', 'base64');
    if (lines[0] !== origin || !/^(0|[1-9][0-9]*)$/.test(lines[1] ?? '') || root.length !== 32)
      return text(400, 'not a checkpoint');
    const old = Number(om[1]);
    if (old > size) return text(400, 'old size above the checkpoint size');
    // No await from here to the update: the check and the new state are one step.
    if (old !== log.size) return text(409, `${log.size}\n`, 'text/x.tlog.size');
    if (old === size && log.root && !log.root.equals(root)) return text(409, `${log.size}\n`, 'text/x.tlog.size');
    const ok = old === 0 || old === size ? proof.length === 0 : consistencyOk(old, size, proof, log.root!, root);
    if (!ok) return text(422, 'bad consistency proof');
    log.size = size;
    log.root = root;
    return text(200, cosign(body, opts.time ? opts.time() : BigInt(Math.floor(Date.now() / 1000))));
  }

  /** The cosignature line `— <name> base64(key id || time || signature)` and its newline. */
  function cosign(body: string, time: bigint): string {
    const ts = Buffer.alloc(8);
    ts.writeBigUInt64BE(time);
    const sig = sign(null, cosignedMessage(body, time), privateKey);
    return `\u2014 ${name} ${Buffer.concat([id, ts, sig]).toString('base64')}\n`;
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname;
      if (request.method === 'POST' && path === '/add-checkpoint') return addCheckpoint(await request.text());
      return text(404, 'no such route');
    },
  });
  return {
    name,
    vkey: vkeyFor(name, 0x04, pub),
    url: `http://127.0.0.1:${server.port}`,
    addLog(origin: string, logVkey: string) {
      const { name: keyName, raw } = vkeyParts(logVkey);
      logs.set(origin, { keyName, pub: raw.subarray(1), size: 0, root: null });
    },
    cosign,
    state: (origin: string) => {
      const l = logs.get(origin);
      return l ? { size: l.size, root: l.root } : null;
    },
    stop: () => server.stop(true),
  };
}
