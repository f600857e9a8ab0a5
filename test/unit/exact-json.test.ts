// Covers the exact-JSON check of request bodies: repeated keys and numbers a double does not keep are refused, every JSON.stringify output is accepted.
import { describe, expect, it } from 'bun:test';
import fc from 'fast-check';
import { inexactJson, isExactNumber } from '../../src/crypto/exact-json';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 1000);
const check = (text: string) => inexactJson(text, JSON.parse(text));

describe('isExactNumber', () => {
  it('accepts every number as ECMAScript prints it, and other notations of the same value', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (d) =>
        expect(isExactNumber(JSON.stringify(d))).toBe(true),
      ),
      { numRuns: RUNS },
    );
    for (const t of [
      '0',
      '-0',
      '1.0',
      '1.50',
      '1e2',
      '1E+2',
      '100e-2',
      '0e0',
      '-0.0e+0',
      '0.1',
      '5e-324',
      '2.2250738585072014e-308',
      '1.7976931348623157e308',
      '9007199254740992',
      '0.30000000000000004',
      '123456789012345',
      '12345678901234e-10',
    ]) {
      expect([t, isExactNumber(t)]).toEqual([t, true]);
    }
  });
  it('refuses numbers whose value the parsed double does not keep', () => {
    for (const t of [
      '1e-400',
      '-1e-400',
      '1e400',
      '-1e400',
      '2e-324',
      '9007199254740993',
      '123456789012345678901234567890',
      '0.1000000000000000055511151231257827',
      '1.00000000000000001',
      '1e99999999999999999999',
      '1e-99999999999999999999',
    ]) {
      expect([t, isExactNumber(t)]).toEqual([t, false]);
    }
  });
  it('a decimal of up to 15 significant digits is always exact', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?[1-9]\d{0,14}$/), fc.nat(14), (digits, point) => {
        const body = digits.replace('-', '');
        const t =
          (digits.startsWith('-') ? '-' : '') +
          (point && point < body.length ? `${body.slice(0, point)}.${body.slice(point)}` : body);
        expect(isExactNumber(t)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('inexactJson', () => {
  it('accepts any JSON.stringify output of a JSON value without __proto__ keys or lone surrogates', () => {
    const value = fc.jsonValue({ maxDepth: 4 }).filter((v) => !JSON.stringify(v).includes('"__proto__"'));
    fc.assert(
      fc.property(value, (v) => expect(check(JSON.stringify(v))).toBeNull()),
      { numRuns: RUNS },
    );
  });
  it('refuses a key repeated in one object at any depth, however it is escaped', () => {
    for (const t of [
      '{"a":1,"a":1}',
      '{"a":{"b":[{"c":1,"c":2}]}}',
      '[{},{"x":"a","x":"b"}]',
      '{"a":1,"\\u0061":2}',
      '{"k\\"":1,"k\\u0022":1}',
    ]) {
      expect([t, check(t)]).toEqual([t, 'JSON objects must not repeat a key']);
    }
    expect(check('{"a":{"a":1},"b":[{"a":1},{"a":1}],"c":"\\"a\\":"}')).toBeNull();
  });
  it('refuses the forms JavaScript objects cannot keep', () => {
    expect(check('{"n":1e-400}')).toContain('cannot be stored exactly');
    expect(check('{"a":"\\ud800"}')).toContain('lone surrogates');
    expect(check('{"__proto__":1}')).toContain('__proto__');
    expect(check(`${'['.repeat(300)}${']'.repeat(300)}`)).toContain('nested too deeply');
  });
  it('judges numbers around 15 digits alike, whether or not the scan knows them short of slicing them out', () => {
    const accepted = [
      '123456789012345', // 15 digits
      '-123456789012345',
      '1234567890.12345', // 15 digits with a point
      '-0.12345678901234',
      '1234567890123456', // 16 digits, below 2^53
      '-9007199254740992',
      '0.30000000000000004', // 17 digits: JSON.stringify(0.1 + 0.2)
      '100000000000000000000', // 1e20, printed in full
      '1.5e3',
      '1E+2',
      '-0.0e+0',
    ];
    const refused = [
      '9007199254740993', // 16 digits, 2^53 + 1
      '-9007199254740993',
      '12345678901234567', // 17 digits: the double is 12345678901234568
      '1.00000000000000001',
      '0.1000000000000000055511151231257827',
      '2e-324', // parses to 0
      '-1e-400',
    ];
    for (const t of accepted)
      expect([t, check(`[${t}]`), check(`{"n":${t}}`), isExactNumber(t)]).toEqual([t, null, null, true]);
    for (const t of refused) {
      const reason = `The number ${t} cannot be stored exactly (numbers are kept as double-precision values)`;
      expect([t, check(`[${t}]`), check(`{"n":${t}}`), isExactNumber(t)]).toEqual([t, reason, reason, false]);
    }
  });
  it('refuses a number exactly when isExactNumber does, in every form of the JSON number grammar', () => {
    const token = fc
      .tuple(
        fc.constantFrom('', '-'),
        fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9]\d{0,19}$/)),
        fc.oneof(fc.constant(''), fc.stringMatching(/^\.\d{1,19}$/)),
        fc.oneof(fc.constant(''), fc.stringMatching(/^[eE][+-]?\d{1,3}$/)),
      )
      .map((parts) => parts.join(''))
      .filter((t) => Number.isFinite(Number(t)));
    fc.assert(
      fc.property(token, (t) => expect([t, check(`[${t}]`) === null]).toEqual([t, isExactNumber(t)])),
      { numRuns: RUNS },
    );
  });
  it('numbers inside strings are text, not numbers', () => {
    expect(check('{"s":"1e-400 9007199254740993","t":"\\\\","u":1}')).toBeNull();
  });
});
