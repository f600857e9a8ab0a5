// Owns the hand-made vectors of the shared set (test/vectors/proofs): documents the appliance would never write, made
// from its real ones and re-signed where needed so that each tests one rule of docs/verification.md: Ed25519 keys of
// small or mixed order and S not reduced, the signed-note grammar, the time grammar of gen_time, malformed numbers
// and documents, the head's key in the file and the trust levels, cosignatures dated out of bounds, tokens without
// trusted roots, and a sandbox record.
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { etc, Point } from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import { canonicalBytes } from '../src/crypto/canonical';
import { verifyBytes } from '../src/crypto/ed25519';
import { L, littleEndian } from '../src/verify/ed25519-rules';
import { nodeSha256 } from '../src/verify/node-primitives';
import { noteKeyId, verifierKey } from '../src/verify/note';
import type { VectorOptions, VectorSpec } from './make-proof-vectors';

type Json = any;
type Vec = (name: string, doc: Json, v: VectorSpec) => void;
type VecFile = (name: string, content: string | Uint8Array, v: VectorSpec) => void;
/** What the real documents and the generator give this module. */
export type ForgeryInput = {
  eventProof: Json;
  bareBundle: Json;
  audit: Json;
  /** The verifier's trust files: its policy and TSA roots, the platform key file. */
  trusted: VectorOptions;
  platformKey: string;
  /** A witness outside the appliance's policy that signs whatever it is given, at whatever time (hostile). */
  hostile: { name: string; vkey: string; cosign: (body: string, time: bigint) => string };
  /** A real token over the head text from a TSA whose root the verifier does not trust. */
  foreignToken: Json;
  vector: Vec;
  vectorFile: VecFile;
};

const clone = <T>(x: T): T => structuredClone(x);
const sha256 = (b: string | Uint8Array): string => createHash('sha256').update(b).digest('hex');
const rawPublic = (k: KeyObject): Buffer => Buffer.from(k.export({ format: 'jwk' }).x!, 'base64url');
const textOf = (hex: string) => Buffer.from(hex, 'hex').toString('utf8');
const noteBody = (note: string) => note.slice(0, note.lastIndexOf('\n\n') + 1);
const originOf = (note: string) => note.slice(0, note.indexOf('\n'));

/** A note of `body` signed under key name `name` by `key` (its public half `pub`), as the C2SP signed-note writes it. */
function signedNote(body: string, name: string, key: KeyObject, pub: Buffer): string {
  const id = Buffer.from(noteKeyId(nodeSha256, name, pub));
  return `${body}\n\u2014 ${name} ${Buffer.concat([id, sign(null, Buffer.from(body), key)]).toString('base64')}\n`;
}

const forger = generateKeyPairSync('ed25519');
const forgerPub = rawPublic(forger.publicKey);

/**
 * The event proof re-signed by the forger's key: the record over `bytes` (default: the same signed bytes), and the log
 * checkpoint note over `body` (default: the same text) under the same origin. With the same bytes and text every
 * link still holds: only a key list, a platform key or a policy can tell it is not the tenant's.
 */
function forgeEvent(proof: Json, o: { bytes?: Uint8Array; body?: (b: string) => string } = {}): Json {
  const d = clone(proof);
  const bytes = o.bytes ?? Buffer.from(d.signed_payload, 'hex');
  Object.assign(d, {
    signed_payload: Buffer.from(bytes).toString('hex'),
    public_key: forgerPub.toString('hex'),
    key_id: sha256(forgerPub).slice(0, 16),
    signature: sign(null, bytes, forger.privateKey).toString('hex'),
  });
  const note: string = d.log.checkpoint;
  const body = noteBody(note);
  d.log.checkpoint = signedNote(o.body ? o.body(body) : body, originOf(note), forger.privateKey, forgerPub);
  return d;
}

/** 32 little-endian bytes of `n`. */
function le32(n: bigint): Uint8Array {
  const b = new Uint8Array(32);
  for (let i = 0; i < 32; i++, n >>= 8n) b[i] = Number(n & 0xffn);
  return b;
}
const randomScalar = (): bigint => etc.mod(littleEndian(etc.randomBytes(64)), L - 1n) + 1n;

/** A point of order 8: L times a random curve point, kept when four times it is not the identity. */
function torsionOfOrder8(): InstanceType<typeof Point> {
  for (;;) {
    let p: InstanceType<typeof Point>;
    try {
      p = Point.fromBytes(etc.randomBytes(32), false);
    } catch {
      continue;
    }
    const t = p.multiply(L - 1n, false).add(p);
    if (!t.multiply(4n, false).is0()) return t;
  }
}

/**
 * A key a·B + T with T of order 8 (a "mixed-order" key) and a signature of `msg` by it. With `cofactorless` the
 * challenge k is a multiple of 8, so [S]B = R + [k]A holds exactly (OpenSSL accepts it); without, only the equation
 * multiplied by the cofactor holds (@noble's verify accepts it). The rule refuses both for the key alone.
 */
function mixedOrderSignature(msg: Uint8Array, cofactorless: boolean): { pub: Uint8Array; sig: Uint8Array } {
  const a = randomScalar();
  const pub = Point.BASE.multiply(a).add(torsionOfOrder8()).toBytes();
  for (;;) {
    const r = randomScalar();
    const rb = Point.BASE.multiply(r).toBytes();
    const k = etc.mod(littleEndian(sha512(Buffer.concat([rb, pub, msg]))), L);
    if ((k % 8n === 0n) !== cofactorless) continue;
    return { pub, sig: Buffer.concat([rb, le32(etc.mod(r + k * a, L))]) };
  }
}

/** The event proof's record said to be signed by `pub` with `sig` (no log block: the key is what is tested). */
function withKey(proof: Json, pub: Uint8Array, sig: Uint8Array): Json {
  const d = clone(proof);
  delete d.log;
  return Object.assign(d, {
    public_key: Buffer.from(pub).toString('hex'),
    key_id: sha256(pub).slice(0, 16),
    signature: Buffer.from(sig).toString('hex'),
  });
}

/** The JSON text of `doc` with the number at `path` written as `token` (NaN, Infinity, 1e400: as raw text). */
function withNumberText(doc: Json, path: Array<string | number>, token: string): string {
  const d = clone(doc);
  let o = d;
  for (const k of path.slice(0, -1)) o = o[k];
  o[path.at(-1)!] = '__NUMBER__';
  return `${JSON.stringify(d, null, 2).replace('"__NUMBER__"', token)}\n`;
}

export function forgedVectors(f: ForgeryInput): void {
  const { eventProof, vector, vectorFile } = f;
  const platform: VectorOptions = { platform_key: f.platformKey };
  const signed = Buffer.from(eventProof.signed_payload, 'hex');

  // ---- Ed25519: the key and S (docs/verification.md#ed25519) ----
  for (const cofactorless of [true, false]) {
    const { pub, sig } = mixedOrderSignature(signed, cofactorless);
    // The vector tests the rule, not the equation: OpenSSL itself accepts the first one.
    if (cofactorless !== verifyBytes(pub, signed, sig)) throw new Error('the mixed-order signature is not as intended');
    vector(`ed25519-mixed-order-key${cofactorless ? '' : '-cofactored'}`, withKey(eventProof, pub, sig), {
      valid: false,
      must_fail: ['record.public_key', 'record.signature'],
      note: cofactorless
        ? 'a key with a small-order component; its signature satisfies [S]B = R + [k]A exactly (OpenSSL accepts it)'
        : 'a key with a small-order component; its signature satisfies only the equation times the cofactor (@noble accepts it)',
    });
  }
  const identity = new Uint8Array(32);
  identity[0] = 1;
  vector('ed25519-small-order-key', withKey(eventProof, identity, Buffer.concat([identity, new Uint8Array(32)])), {
    valid: false,
    must_fail: ['record.public_key', 'record.signature'],
    note: 'the identity point as public key, R = identity and S = 0: the equation holds for every message',
  });
  const sig = Buffer.from(eventProof.signature, 'hex');
  const s = littleEndian(sig.subarray(32)) + L;
  vector(
    'ed25519-s-not-reduced',
    { ...clone(eventProof), signature: Buffer.concat([sig.subarray(0, 32), le32(s)]).toString('hex') },
    {
      valid: false,
      must_fail: ['record.signature'],
      note: "the tenant's genuine signature with S + L in place of S",
    },
  );

  // ---- trust levels: what a self-signed proof proves (docs/verification.md#trust-levels) ----
  const forged = forgeEvent(eventProof);
  vector('trust-file-self-signed', forged, {
    valid: true,
    must_fail: [],
    note: 'record and log checkpoint re-signed by another key: without outside trust every signature holds (integrity only)',
  });
  vector('trust-keys-self-signed', forged, {
    options: { keys: 'keys-acme.example.json', ...platform },
    valid: false,
    must_fail: ['record.key_published'],
    note: "the same with the domain's key list: the key is not the tenant's",
  });

  // ---- the signed-note grammar (docs/verification.md#signed-notes), on the log checkpoint ----
  const noteCases: Array<[string, (b: string) => string, string]> = [
    ['note-trailing-empty-line', (b) => `${b}\n`, 'the checkpoint text ends in an empty line (signed with it)'],
    ['note-extension-line', (b) => `${b}extension line\n`, 'the checkpoint has a fourth (extension) line'],
    ['note-size-leading-zero', (b) => b.replace(/\n(\d+)\n/, '\n0$1\n'), 'the tree size written with a leading zero'],
  ];
  for (const [name, body, note] of noteCases)
    vector(name, forgeEvent(eventProof, { body }), { valid: false, must_fail: ['record.log.checkpoint'], note });
  const after = clone(forged);
  after.log.checkpoint += 'x';
  vector('note-text-after-last-newline', after, {
    valid: false,
    must_fail: ['record.log.checkpoint'],
    note: 'text after the last signature line',
  });
  const crlf = clone(forged);
  crlf.log.checkpoint = crlf.log.checkpoint.replace('\n', '\r\n');
  vector('note-carriage-return', crlf, {
    valid: false,
    must_fail: ['record.log.checkpoint'],
    note: 'a carriage return (a control character) in the note',
  });
  const repeated = clone(forged);
  const lines = repeated.log.checkpoint.split('\n');
  const good = lines[lines.length - 2];
  const raw = Buffer.from(good.slice(good.lastIndexOf(' ') + 1), 'base64');
  raw[raw.length - 1]! ^= 1;
  lines.splice(lines.length - 2, 0, `${good.slice(0, good.lastIndexOf(' ') + 1)}${raw.toString('base64')}`);
  repeated.log.checkpoint = lines.join('\n');
  vector('note-repeated-signature-line', repeated, {
    valid: false,
    must_fail: ['record.log.signature'],
    note: 'two signature lines of one key, the first altered: only the first counts',
  });

  // ---- the head's key in the file (docs/verification.md#keys-in-the-file) ----
  const head = (fn: (h: Json) => void, from = eventProof): Json => {
    const d = clone(from);
    fn(d.log.head);
    return d;
  };
  const headOrigin = originOf(eventProof.log.head.checkpoint);
  const flipped = head((h) => {
    const ls = h.checkpoint.split('\n');
    const i = ls.findIndex((l: string) => l.startsWith(`\u2014 ${headOrigin} `));
    const r = Buffer.from(ls[i].slice(ls[i].lastIndexOf(' ') + 1), 'base64');
    r[r.length - 1]! ^= 1;
    ls[i] = `${ls[i].slice(0, ls[i].lastIndexOf(' ') + 1)}${r.toString('base64')}`;
    h.checkpoint = ls.join('\n');
  });
  vector('head-signature-file-trust', flipped, {
    valid: false,
    must_fail: ['record.head.signature'],
    note: "a flipped bit in the head note's signature, no outside trust: checked against note_verifier_key of the file",
  });
  const noKey = head((h) => delete h.note_verifier_key);
  vector('head-no-verifier-key', noKey, {
    valid: false,
    must_fail: ['record.head.key'],
    note: 'a proof saved before note_verifier_key existed, no outside trust: its head cannot be checked, so it is refused',
  });
  vector('head-no-verifier-key-platform-key', noKey, {
    options: platform,
    valid: true,
    must_fail: [],
    note: 'the same, checked against the platform key given',
  });
  vector(
    'head-verifier-key-malformed',
    head((h) => (h.note_verifier_key = 'not a vkey')),
    {
      valid: false,
      must_fail: ['record.head.key'],
      note: 'note_verifier_key is not a vkey',
    },
  );
  const other = generateKeyPairSync('ed25519');
  const otherVkey = verifierKey(nodeSha256, headOrigin, rawPublic(other.publicKey));
  const otherKey = head((h) => (h.note_verifier_key = otherVkey));
  vector('head-verifier-key-other', otherKey, {
    valid: false,
    must_fail: ['record.head.signature'],
    note: 'note_verifier_key names another key of the head origin: the head note is not signed by it',
  });
  vector('head-verifier-key-other-platform-key', otherKey, {
    options: platform,
    valid: false,
    must_fail: ['record.head.key'],
    note: 'the same with the platform key given: the key in the file is not the trusted one',
  });
  const ownHead = head((h) => {
    const text = noteBody(h.checkpoint);
    const rest = h.checkpoint
      .slice(text.length + 1)
      .split('\n')
      .filter((l: string) => l && !l.startsWith(`\u2014 ${headOrigin} `));
    h.checkpoint = `${signedNote(text, headOrigin, other.privateKey, rawPublic(other.publicKey))}${rest.map((l: string) => `${l}\n`).join('')}`;
    h.note_verifier_key = otherVkey;
  });
  vector('head-own-key-file-trust', ownHead, {
    valid: true,
    must_fail: [],
    note: 'the head note re-signed by another key named in note_verifier_key: without outside trust it holds',
  });
  vector('head-own-key-platform-key', ownHead, {
    options: platform,
    valid: false,
    must_fail: ['record.head.key'],
    note: 'the same against the platform key given',
  });
  vector('head-own-key-policy', ownHead, {
    options: f.trusted,
    valid: false,
    must_fail: ['record.head.key'],
    note: "the same against the verifier's policy",
  });
  vector('head-policy-without-log', eventProof, {
    options: { policy: 'policy-no-log.txt' },
    valid: false,
    must_fail: ['record.head.origin', 'record.head.key'],
    note: 'a policy with witnesses but no log line names no head key',
  });

  // ---- cosignatures dated out of bounds (docs/verification.md#cosignatures) ----
  const headText = noteBody(eventProof.log.head.checkpoint);
  const cosigned = (time: bigint) => head((h) => (h.checkpoint += f.hostile.cosign(headText, time)));
  const hostilePolicy: VectorOptions = { policy: 'policy-hostile.txt', tsa_ca: f.trusted.tsa_ca };
  for (const [name, time, what] of [
    ['far-future', 10n ** 13n, '10^13 s (year 318857)'],
    ['pre-2020', 1_500_000_000n, '2017-07-14'],
    ['u64-max', 2n ** 64n - 1n, '2^64 - 1 s'],
  ] as const) {
    vector(`cosignature-${name}`, cosigned(time), {
      options: hostilePolicy,
      valid: true,
      must_fail: [],
      note: `a third policy witness's valid cosignature dated ${what}: not counted, never an error; the quorum of the two others holds`,
    });
  }
  vector('cosignature-far-future-quorum', cosigned(10n ** 13n), {
    options: { policy: 'policy-hostile-quorum.txt' },
    valid: false,
    must_fail: ['record.head.quorum'],
    note: 'the same when the quorum needs that witness: not met',
  });
  vector('cosignature-far-future-no-policy', cosigned(10n ** 13n), {
    valid: true,
    must_fail: [],
    note: 'without a policy the cosignature lines are not checked',
  });

  // ---- tokens without trusted roots, and tokens that do not parse (docs/verification.md#time-stamp-tokens) ----
  const foreign = head((h) => (h.timestamps = [f.foreignToken]));
  vector('timestamp-untrusted-no-roots', foreign, {
    valid: true,
    must_fail: [],
    note: 'the only token is from a TSA of another CA and no roots are given: valid, and no time is claimed',
  });
  vector('timestamp-no-roots', eventProof, {
    options: { policy: f.trusted.policy },
    valid: true,
    must_fail: [],
    note: 'a policy but no TSA roots: witnessed, no time claimed',
  });
  const tokenText = (fn: (der: Buffer) => string) =>
    head((h) => (h.timestamps[0].token = fn(Buffer.from(h.timestamps[0].token, 'base64'))));
  vector(
    'timestamp-not-base64',
    tokenText((d) => `${d.toString('base64')}!`),
    {
      valid: false,
      must_fail: ['record.head.timestamp[0]'],
      note: 'the token is not base64: refused in every mode',
    },
  );
  vector(
    'timestamp-truncated',
    tokenText((d) => d.subarray(0, d.length - 7).toString('base64')),
    {
      valid: false,
      must_fail: ['record.head.timestamp[0]'],
      note: 'a truncated DER token: refused in every mode',
    },
  );
  vector(
    'timestamp-trailing-byte',
    tokenText((d) => Buffer.concat([d, Buffer.from([0])]).toString('base64')),
    {
      valid: false,
      must_fail: ['record.head.timestamp[0]'],
      note: 'a byte after the DER token: refused in every mode',
    },
  );

  // ---- the time grammar of gen_time (docs/verification.md#times) ----
  const gen: string = eventProof.log.head.timestamps[0].gen_time;
  const at = new Date(gen);
  const iso = gen.replace(/\.\d+Z$|Z$/, '');
  const plusTwo = new Date(at.getTime() + 2 * 3600_000).toISOString().slice(0, 19);
  const times: Array<[string, unknown, boolean]> = [
    ['no-zone', iso, false],
    ['lowercase-t', `${iso.replace('T', 't')}Z`, false],
    ['lowercase-z', `${iso}z`, false],
    ['space', `${iso.replace('T', ' ')}Z`, false],
    ['rfc2822', at.toUTCString(), false],
    ['expanded-year', `+00${iso}Z`, false],
    ['ten-fraction-digits', `${iso}.0000000000Z`, false],
    ['offset-without-colon', `${iso}+0000`, false],
    ['no-seconds', `${iso.slice(0, 16)}Z`, false],
    ['year-10000', `10000${iso.slice(4)}Z`, false],
    ['day-30-february', `${iso.slice(0, 4)}-02-30${iso.slice(10)}Z`, false],
    ['hour-24', `${iso.slice(0, 11)}24${iso.slice(13)}Z`, false],
    ['leap-second', `${iso.slice(0, 17)}60Z`, false],
    ['date-only', iso.slice(0, 10), false],
    ['empty', '', false],
    ['number', Math.floor(at.getTime() / 1000), false],
    ['offset', `${plusTwo}+02:00`, true],
    ['nine-fraction-digits', `${iso}.000000000Z`, true],
    ['minus-zero-offset', `${iso}-00:00`, true],
  ];
  for (const [name, value, valid] of times)
    vector(
      `time-${name}`,
      head((h) => (h.timestamps[0].gen_time = value)),
      {
        valid,
        must_fail: valid ? [] : ['record.head.timestamp[0]'],
        note: `gen_time ${JSON.stringify(value)}: ${valid ? 'the same instant as the token, written otherwise' : 'not an RFC 3339 time as the rule reads it'}`,
      },
    );
  const itemTime = clone(f.bareBundle);
  itemTime.items[1].timestamp = itemTime.items[1].timestamp.replace(/Z$/, '');
  vector('time-bundle-item-no-zone', itemTime, {
    valid: false,
    must_fail: ['bundle.timestamps', 'items[1].fields'],
    note: 'an item timestamp without zone is not read as local time: it is no time',
  });

  // ---- numbers JSON cannot hold, and documents that are not JSON (docs/verification.md#reading-the-document) ----
  const numberFields: Array<[string, Json, Array<string | number>]> = [
    ['log-leaf-index', eventProof, ['log', 'leaf_index']],
    ['log-tree-size', eventProof, ['log', 'tree_size']],
    ['head-leaf-index', eventProof, ['log', 'head', 'leaf_index']],
    ['head-tree-size', eventProof, ['log', 'head', 'tree_size']],
    ['bundle-version', f.bareBundle, ['bundle_version']],
    ['bundle-header-item-count', f.bareBundle, ['header', 'item_count']],
    ['bundle-seal-item-count', f.bareBundle, ['seal', 'item_count']],
    ['bundle-item-sequence', f.bareBundle, ['items', 0, 'sequence']],
    ['audit-seq', f.audit, ['seq']],
  ];
  for (const [field, doc, path] of numberFields)
    for (const token of ['NaN', 'Infinity', '-Infinity', '1e400']) {
      const json = token === '1e400';
      vectorFile(`number-${field}-${token.replace('-', 'minus-').toLowerCase()}`, withNumberText(doc, path, token), {
        valid: false,
        must_fail: json ? [] : ['document.json'],
        note: `${path.join('.')} written ${token}: ${json ? 'JSON, but no safe integer' : 'not JSON'}`,
      });
    }
  vectorFile(
    'number-log-leaf-index-float',
    withNumberText(eventProof, ['log', 'leaf_index'], `${eventProof.log.leaf_index}.0`),
    {
      valid: true,
      must_fail: [],
      note: 'log.leaf_index written with ".0": the same number',
    },
  );
  vectorFile('number-log-leaf-index-2-53', withNumberText(eventProof, ['log', 'leaf_index'], '9007199254740992'), {
    valid: false,
    must_fail: ['record.log.shape'],
    note: 'log.leaf_index 2^53: not a safe integer',
  });
  const text = `${JSON.stringify(eventProof, null, 2)}\n`;
  const at0 = text.indexOf('"signature_valid"');
  vectorFile(
    'document-not-utf8',
    Buffer.concat([
      Buffer.from(text.slice(0, at0)),
      Buffer.from([0x22, 0x78, 0xff, 0x22, 0x3a, 0x31, 0x2c]),
      Buffer.from(text.slice(at0)),
    ]),
    { valid: false, must_fail: ['document.json'], note: 'a byte that is not UTF-8 in a key the rules never read' },
  );
  vectorFile('document-bom', `\ufeff${text}`, {
    valid: false,
    must_fail: ['document.json'],
    note: 'a byte order mark',
  });
  vectorFile('document-empty', '', { valid: false, must_fail: ['document.json'], note: 'an empty file' });
  vectorFile('document-array', '[]\n', { valid: false, must_fail: ['document.format'], note: 'a JSON array' });
  vectorFile(
    'document-deep',
    `${text.slice(0, text.lastIndexOf('}'))},\n  "payload": ${'['.repeat(600)}${']'.repeat(600)}\n}\n`,
    { valid: false, must_fail: ['document.json'], note: 'a payload nested 600 levels deep' },
  );

  // ---- a sandbox record (docs/verification.md#sandbox-records) ----
  const payload = JSON.parse(textOf(eventProof.signed_payload));
  const sandbox = forgeEvent(eventProof, { bytes: canonicalBytes({ ...payload, sandbox: true }) });
  delete sandbox.log;
  vector('sandbox-record', sandbox, {
    valid: true,
    must_fail: [],
    note: 'a record whose signed bytes say "sandbox": true (no log block): valid, sandbox, not complete',
  });
  const notSandbox = forgeEvent(eventProof, { bytes: canonicalBytes({ ...payload, sandbox: false }) });
  delete notSandbox.log;
  vector('sandbox-false', notSandbox, {
    valid: false,
    must_fail: ['record.record_kind'],
    note: '"sandbox": false is no field of a ledger event',
  });
}

/** The policies the hand-made vectors use, beside policy.txt: a hostile third witness, a quorum needing it, no log. */
export function forgedPolicies(
  platform: Json,
  w: Array<{ label: string; vkey: string }>,
  hostile: { vkey: string },
  save: (file: string, content: string) => string,
): void {
  const logLine = `log ${platform.note_verifier_key}`;
  const lines = w.map((x) => `witness ${x.label} ${x.vkey}`).join('\n');
  save('policy-hostile.txt', `${logLine}\n${lines}\nwitness w3 ${hostile.vkey}\ngroup both all w1 w2\nquorum both\n`);
  save('policy-hostile-quorum.txt', `${logLine}\n${lines}\nwitness w3 ${hostile.vkey}\nquorum w3\n`);
  save('policy-no-log.txt', `${lines}\ngroup both all w1 w2\nquorum both\n`);
}
