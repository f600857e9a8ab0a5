// Parsers against references (property tests): ordered JSON against JSON.parse, timestamps against date-fns.
import { describe, expect, it } from 'bun:test';
import { parseISO } from 'date-fns';
import fc from 'fast-check';
import { compactInSourceOrder, hasIndexLikeKeys } from '../../src/crypto/ordered-json';
import { parseIso8601, parseRfc3339 } from '../../src/time';

// Parsers proven against references: the ordered-JSON tokenizer against JSON.parse / JSON.stringify, the
// timestamp parsers against date-fns.
const RUNS = Number(process.env.PROPERTY_RUNS ?? 1000);

// ---------- ordered JSON ----------

/** A JSON tree that remembers its source order; objects may repeat a key (duplicate keys). */
type Tree =
  | { t: 'prim'; text: string }
  | { t: 'str'; value: string }
  | { t: 'arr'; items: Tree[] }
  | { t: 'obj'; entries: Array<[string, Tree]> };

const ws = fc.constantFrom('', '', ' ', '\t', '\n', '\r\n', '  ');
/** Keys JSON.parse would reorder ("0", "10", "4294967294") beside keys it keeps ("01", "-1", "4294967295", "a"). */
const key = fc.oneof(
  fc.constantFrom(
    '0',
    '1',
    '2',
    '10',
    '99',
    '4294967294',
    '4294967295',
    '01',
    '-1',
    '1.5',
    'a',
    'b',
    '__proto__',
    'constructor',
    '',
  ),
  fc.nat({ max: 50 }).map(String),
  fc.string({ unit: 'binary', maxLength: 6 }),
);
/** Numbers in every notation JSON allows, including the edges of double precision. */
const numberText = fc.oneof(
  fc.constantFrom(
    '0',
    '-0',
    '1',
    '-1',
    '0.1',
    '1e21',
    '1E21',
    '1e-7',
    '5e-324',
    '2.2250738585072014e-308',
    '1.7976931348623157e308',
    '9007199254740993',
    '-9007199254740993',
    '123456789012345678901234567890',
    '1.0',
    '1.50',
    '0e0',
    '-0.0e+0',
    '4.35',
    '1e+2',
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.integer().map(String),
);
const prim = fc.oneof(numberText, fc.constantFrom('true', 'false', 'null')).map((text): Tree => ({ t: 'prim', text }));
/** Strings with escapes, surrogate pairs and lone surrogates. */
const str = fc
  .oneof(
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
    fc.constantFrom('\u2028\u2029', '\ud83d\ude00', '\ud800', '\udfff', '"\\/\b\f\n\r\t', '\u0000\u001f\u007f'),
  )
  .map((value): Tree => ({ t: 'str', value }));
const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    prim,
    str,
    fc.array(tie('tree'), { maxLength: 4 }).map((items): Tree => ({ t: 'arr', items })),
    fc.array(fc.tuple(key, tie('tree')), { maxLength: 5 }).map((entries): Tree => ({ t: 'obj', entries })),
  ),
}));

/** A string literal as a client might write it: each character raw, as \uXXXX, or as its short escape. */
function writeString(s: string, choose: number[]): string {
  let out = '"';
  let i = 0;
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    const pick = choose[i++ % choose.length]!;
    const short: Record<string, string> = {
      '"': '\\"',
      '\\': '\\\\',
      '\b': '\\b',
      '\f': '\\f',
      '\n': '\\n',
      '\r': '\\r',
      '\t': '\\t',
      '/': '\\/',
    };
    if (ch.length === 2 && pick % 3 === 0)
      out += ch; // a surrogate pair written raw
    else if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff)
      out += `\\u${c.toString(16)}`; // a lone surrogate can only be escaped
    else if (pick % 3 === 1 || c < 0x20 || ch === '"' || ch === '\\')
      out +=
        short[ch] && pick % 2
          ? short[ch]
          : Array.from({ length: ch.length }, (_, j) => `\\u${ch.charCodeAt(j).toString(16).padStart(4, '0')}`).join(
              '',
            );
    else out += ch;
  }
  return `${out}"`;
}

/** The source text of a tree, with whitespace between tokens. */
function write(t: Tree, pad: string, choose: number[]): string {
  if (t.t === 'prim') return t.text;
  if (t.t === 'str') return writeString(t.value, choose);
  if (t.t === 'arr') return `[${pad}${t.items.map((x) => write(x, pad, choose)).join(`${pad},${pad}`)}${pad}]`;
  return `{${pad}${t.entries.map(([k, v]) => `${writeString(k, choose)}${pad}:${pad}${write(v, pad, choose)}`).join(`${pad},${pad}`)}${pad}}`;
}

/** The expected compact text in source order: a repeated key keeps its first place and its last value. */
function expected(t: Tree): string {
  if (t.t === 'prim') return JSON.stringify(JSON.parse(t.text));
  if (t.t === 'str') return JSON.stringify(t.value);
  if (t.t === 'arr') return `[${t.items.map(expected).join(',')}]`;
  const m = new Map<string, Tree>();
  for (const [k, v] of t.entries) m.set(k, v);
  return `{${[...m].map(([k, v]) => `${JSON.stringify(k)}:${expected(v)}`).join(',')}}`;
}

describe('ordered JSON (event_hash text) against JSON.parse', () => {
  it('re-serializes any member in source key order, every escape and number form, duplicate keys', () => {
    fc.assert(
      fc.property(tree, ws, fc.array(fc.nat(5), { minLength: 1, maxLength: 7 }), (t, pad, choose) => {
        const member = write(t, pad, choose);
        const raw = `${pad}{${pad}"payload"${pad}:${pad}${member}${pad}}${pad}`;
        const parsed = JSON.parse(raw).payload;
        const out = compactInSourceOrder(raw, parsed, 'payload');
        expect(out).toBe(expected(t));
        // Same values as JSON.parse sees them (-0 prints as 0, as JSON.stringify does); only the order of index-like keys may differ.
        expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(parsed)));
      }),
      { numRuns: RUNS },
    );
  });
  it('hasIndexLikeKeys is true exactly when JSON.parse changes some object key order', () => {
    fc.assert(
      fc.property(tree, (t) => {
        const parsed = JSON.parse(write(t, '', [2]));
        expect(hasIndexLikeKeys(parsed)).toBe(JSON.stringify(parsed) !== expected(t) || mayReorder(t));
      }),
      { numRuns: RUNS },
    );
  });
});

/** True when some object holds an array-index key (JSON.parse moves those first, even when already first). */
function mayReorder(t: Tree): boolean {
  if (t.t === 'arr') return t.items.some(mayReorder);
  if (t.t !== 'obj') return false;
  // A repeated key keeps its last value only: earlier values are not in the parsed object.
  return [...new Map(t.entries)].some(
    ([k, v]) => (/^(0|[1-9]\d*)$/.test(k) && Number(k) < 4294967295) || mayReorder(v),
  );
}

// ---------- timestamps ----------

const pad2 = (n: number) => String(n).padStart(2, '0');
const fields = fc.record({
  y: fc.integer({ min: 0, max: 9999 }),
  mo: fc.integer({ min: 0, max: 13 }),
  d: fc.integer({ min: 0, max: 32 }),
  h: fc.integer({ min: 0, max: 24 }),
  mi: fc.integer({ min: 0, max: 60 }),
  s: fc.integer({ min: 0, max: 60 }),
  frac: fc.option(fc.stringMatching(/^[0-9]{1,9}$/), { nil: undefined }),
  off: fc.option(
    fc.record({
      sign: fc.constantFrom('+', '-'),
      h: fc.integer({ min: 0, max: 24 }),
      m: fc.integer({ min: 0, max: 60 }),
    }),
    { nil: undefined },
  ),
  leap: fc.constantFrom(false, false, true),
});
type Fields = typeof fields extends fc.Arbitrary<infer F> ? F : never;
/** Leap days get extra weight: 29 February of a random (often leap, sometimes century) year. */
const withLeap = (f: Fields): Fields =>
  f.leap ? { ...f, mo: 2, d: 29, y: [1900, 2000, 2024, 2023, 2100, 2400, 0][f.y % 7]! } : f;
/** Whether the date exists, by date-fns (its isExists goes through new Date(y, ...), which maps years 0-99 to 1900-1999). */
const dayExists = (f: Fields) => !Number.isNaN(parseISO(`${date(f)}T00:00:00Z`).getTime());
const validFields = (f: Fields) =>
  f.mo >= 1 &&
  f.mo <= 12 &&
  f.d >= 1 &&
  dayExists(f) &&
  f.h <= 23 &&
  f.mi <= 59 &&
  f.s <= 59 &&
  (!f.off || (f.off.h <= 23 && f.off.m <= 59)) &&
  inFourDigitYears(f);
/** Whether the instant, once the offset is applied, still has a four-digit UTC year (date-fns reads years past 9999). */
function inFourDigitYears(f: Fields): boolean {
  const ms = parseISO(`${date(f)}T${pad2(f.h)}:${pad2(f.mi)}:${pad2(f.s)}${offset(f)}`).getTime();
  return ms >= Date.parse('0000-01-01T00:00:00Z') && ms <= Date.parse('9999-12-31T23:59:59Z');
}
const date = (f: Fields) => `${String(f.y).padStart(4, '0')}-${pad2(f.mo)}-${pad2(f.d)}`;
const offset = (f: Fields) => (f.off ? `${f.off.sign}${pad2(f.off.h)}:${pad2(f.off.m)}` : 'Z');
/**
 * The instant date-fns computes from the same text. date-fns adds the seconds fraction as a float, which
 * Date then truncates toward zero (one millisecond off before 1970), so the fraction is taken apart: date-fns
 * for the whole second, plus the fraction truncated to the millisecond.
 */
function reference(text: string): number {
  const frac = /\.(\d+)/.exec(text)?.[1];
  const whole = parseISO(text.replace(/\.\d+/, '')).getTime();
  return frac ? whole + Math.floor(Number(`0.${frac}`) * 1000 + 1e-6) : whole;
}

describe('RFC 3339 (audit occurred_at, range filters) against date-fns', () => {
  it('accepts exactly the timestamps whose fields exist, with the instant date-fns computes', () => {
    fc.assert(
      fc.property(fields.map(withLeap), fc.constantFrom('T', 't'), (f, T) => {
        const text = `${date(f)}${T}${pad2(f.h)}:${pad2(f.mi)}:${pad2(f.s)}${f.frac ? `.${f.frac}` : ''}${offset(f)}`;
        const got = parseRfc3339(text);
        if (!validFields(f)) return expect(got).toBeNull();
        expect(got).not.toBeNull();
        expect(got!.ms).toBe(reference(text.replace('t', 'T')));
        // The UTC form names the same instant, ends in Z and keeps the fraction digits as sent.
        expect(parseRfc3339(got!.utc)!.ms).toBe(got!.ms);
        expect(got!.utc.endsWith(`${f.frac ? `.${f.frac}` : ''}Z`)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
  it('anything it accepts from arbitrary text, date-fns reads as the same instant', () => {
    const near = fc.stringMatching(
      /^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}(:[0-9]{2})?(\.[0-9]{0,4})?([Zz]|[+-][0-9]{2}:?[0-9]{2})?$/,
    );
    fc.assert(
      fc.property(fc.oneof(near, fc.string({ maxLength: 30 })), (text) => {
        const got = parseRfc3339(text);
        if (got) expect(got.ms).toBe(reference(text.replace(/[tz]/g, (c) => c.toUpperCase())));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('ISO 8601 (ledger event_time, date_from, date_to) against date-fns', () => {
  it('date, date-time with or without seconds, fraction and offset: the instant date-fns computes (UTC when no offset)', () => {
    fc.assert(
      fc.property(
        fields.map(withLeap),
        fc.constantFrom('date', 'minutes', 'seconds'),
        fc.constantFrom('T', ' '),
        fc.boolean(),
        fc.boolean(),
        (f, shape, sep, zone, colon) => {
          const time =
            shape === 'date'
              ? ''
              : `${sep}${pad2(f.h)}:${pad2(f.mi)}${shape === 'seconds' ? `:${pad2(f.s)}${f.frac ? `.${f.frac}` : ''}` : ''}`;
          const off = shape === 'date' || !zone ? '' : colon ? offset(f) : offset(f).replace(':', '');
          const text = date(f) + time + off;
          const valid = validFields({
            ...f,
            ...(shape === 'date' ? { h: 0, mi: 0, s: 0 } : shape === 'minutes' ? { s: 0 } : {}),
            ...(off && off !== 'Z' ? {} : { off: undefined }),
          });
          const got = parseIso8601(text);
          if (!valid) return expect(got).toBeNull();
          // date-fns reads a time without offset as local time: the reference gets an explicit Z instead.
          const ref = reference(
            shape === 'date' ? `${text}T00:00:00Z` : off ? text.replace(' ', 'T') : `${text.replace(' ', 'T')}Z`,
          );
          expect(got).toBe(ref);
        },
      ),
      { numRuns: RUNS },
    );
  });
  it('refuses dates that do not exist, which Date.parse would roll over', () => {
    for (const t of [
      '2023-02-29',
      '2100-02-29T00:00Z',
      '2024-02-30',
      '2024-04-31T10:00:00Z',
      '2024-06-31 10:00',
      '2024-01-01T24:00:00Z',
    ])
      expect([t, parseIso8601(t)]).toEqual([t, null]);
    for (const t of ['2024-02-29', '2000-02-29T23:59:59.999+23:59', '0000-02-29T00:00Z'])
      expect(parseIso8601(t)).toBe(reference(t.length === 10 ? `${t}T00:00:00Z` : t));
  });
});
