// Malformed proofs for the fuzz tests of every verifier: the shared vectors' real documents with one value replaced
// (by any JSON value or one of the edges the rules meet: numbers JSON cannot hold, times in every form, hex and base64
// that almost fit), a key deleted, a string altered by one character, or one byte of the text changed; as the JSON
// text a file would hold.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { ROOT } from './helpers';

export const VECTORS = join(ROOT, 'test/vectors/proofs');
const read = (f: string) => readFileSync(join(VECTORS, f), 'utf8');
export const BASE_DOCS: unknown[] = [
  'event-proof.json',
  'ai-proof.json',
  'document-proof.json',
  'audit-event.json',
  'trace-bundle.json',
].map((f) => JSON.parse(read(f)));
/** The verifier's trust files of the vectors, as text. */
export const TRUST = {
  policy: read('policy.txt'),
  tsaRoots: read('tsa-ca.pem'),
  keys: JSON.parse(read('keys-acme.example.json')),
  platformKey: JSON.parse(read('platform-key.json')),
};

/** Raw JSON number tokens (written into the text as they are) and strings the rules parse. */
const RAW_NUMBERS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '1e-400',
  '9007199254740992',
  '-0',
  '5.0',
  '1E2',
];
const EDGE_STRINGS = [
  '',
  '2026-11-25T10:04:11',
  '2026-11-25T10:04:11Z',
  '2026-11-25 10:04:11Z',
  '10000-01-01T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '2026-11-25T10:04:11.0000000000Z',
  'Wed, 25 Nov 2026 10:04:11 GMT',
  '\ud800',
  '\ufffd',
  '00'.repeat(32),
  '0'.repeat(63),
  'zz'.repeat(32),
  'AAAA',
  'AAA=',
  '\u2014 x AAAA\n',
  'pending',
  'a\n\n\u2014 b AAAAAAA=\n',
  'x'.repeat(5000),
];
const PLACEHOLDER = '__RAW_NUMBER__';
const value = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...RAW_NUMBERS).map((n) => ({ [PLACEHOLDER]: n })) },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 2 ** 53 - 1, 2 ** 64, 0.5, null, true, [], {}) },
);

type Path = Array<string | number>;
function paths(v: unknown, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...at, i])));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}
function at(doc: unknown, path: Path): { parent: any; key: string | number } | null {
  if (!path.length) return null;
  let o: any = doc;
  for (const k of path.slice(0, -1)) o = o[k];
  return { parent: o, key: path.at(-1)! };
}
/** The JSON text of `doc`, raw number placeholders written as their tokens. */
const textOf = (doc: unknown): string =>
  JSON.stringify(doc).replace(/\{"__RAW_NUMBER__":"([^"]*)"\}/g, (_, n: string) => n);

/** One mutation of one vector document, as the bytes of a file. */
export const malformedProof: fc.Arbitrary<Uint8Array> = fc
  .record({
    doc: fc.nat(BASE_DOCS.length - 1),
    pick: fc.nat(),
    kind: fc.constantFrom('replace', 'delete', 'character', 'byte'),
    value,
    n: fc.nat(),
    xor: fc.integer({ min: 1, max: 255 }),
  })
  .map(({ doc, pick, kind, value: v, n, xor }) => {
    const d = structuredClone(BASE_DOCS[doc]);
    const all = paths(d);
    const p = all[pick % all.length]!;
    const spot = at(d, p);
    if (kind === 'byte') {
      const b = new TextEncoder().encode(JSON.stringify(d));
      b[n % b.length]! ^= xor;
      return b;
    }
    if (!spot) return new TextEncoder().encode(kind === 'replace' ? textOf(v) : JSON.stringify(d));
    const old = spot.parent[spot.key];
    if (kind === 'delete' && !Array.isArray(spot.parent)) delete spot.parent[spot.key];
    else if (kind === 'character' && typeof old === 'string' && old.length)
      spot.parent[spot.key] =
        old.slice(0, n % old.length) +
        String.fromCharCode(old.charCodeAt(n % old.length) ^ 1) +
        old.slice((n % old.length) + 1);
    else spot.parent[spot.key] = v;
    return new TextEncoder().encode(textOf(d));
  });

/** Any bytes, or any JSON value's text: documents of no kind at all. */
export const anyInput: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc.jsonValue({ maxDepth: 4 }).map((v) => new TextEncoder().encode(JSON.stringify(v) ?? 'null')),
);
