// C2SP tlog-policy files: the spec's example parsed and its quorum evaluated, and every rule of the format refused
// with the number of the offending line.
import { describe, expect, it } from 'bun:test';
import { createHash } from 'node:crypto';
import { cosignerVerifierKey } from '../../src/verify/cosignature';
import { nodeSha256 as sha } from '../../src/verify/node-primitives';
import { verifierKey } from '../../src/verify/note';
import { describeQuorum, parsePolicy, quorumMet, type Policy } from '../../src/verify/policy';

// Distinct 32-byte "keys": the parser checks encodings and key ids, never that a key is a curve point.
const key = (label: string) => new Uint8Array(createHash('sha256').update(label).digest());
const LOG = verifierKey(sha, 'proof.example/head', key('log'));
const W = (n: string) => cosignerVerifierKey(sha, `witness.example/${n}`, key(n));

/** The spec's two-level example, with keys, URLs on some lines, comments, tabs and stray whitespace. */
const EXAMPLE = `# the head of proof.example
log ${LOG} https://proof.example/

witness X1 ${W('x1')} https://x1.example/witness
witness X2 ${W('x2')}
\twitness X3   ${W('x3')}\t
group X-witnesses 2 X1 X2 X3

witness Y1 ${W('y1')}
witness Y2 ${W('y2')}
witness Y3 ${W('y3')}
group Y-witnesses any Y1 Y2 Y3
   # indented comment
group X-and-Y all X-witnesses Y-witnesses
quorum X-and-Y
`;

function parsed(text: string): Policy {
  const r = parsePolicy(sha, text);
  if (!r.ok) throw new Error(`line ${r.line}: ${r.error}`);
  return r.policy;
}
function refused(text: string): { line: number; error: string } {
  const r = parsePolicy(sha, text);
  if (r.ok) throw new Error('the policy was accepted');
  return { line: r.line, error: r.error };
}

describe('parsePolicy', () => {
  it('reads the spec example: the log, six witnesses with names, key names and URLs, three groups and the quorum', () => {
    const p = parsed(EXAMPLE);
    expect(p.logs).toEqual([
      { origin: 'proof.example/head', publicKey: key('log'), vkey: LOG, url: 'https://proof.example/' },
    ]);
    expect(p.witnesses.map((w) => [w.name, w.keyName, w.url])).toEqual([
      ['X1', 'witness.example/x1', 'https://x1.example/witness'],
      ['X2', 'witness.example/x2', null],
      ['X3', 'witness.example/x3', null],
      ['Y1', 'witness.example/y1', null],
      ['Y2', 'witness.example/y2', null],
      ['Y3', 'witness.example/y3', null],
    ]);
    expect(p.witnesses[0]!.publicKey).toEqual(key('x1'));
    expect(p.groups).toEqual([
      { name: 'X-witnesses', threshold: 2, members: ['X1', 'X2', 'X3'] },
      { name: 'Y-witnesses', threshold: 1, members: ['Y1', 'Y2', 'Y3'] },
      { name: 'X-and-Y', threshold: 2, members: ['X-witnesses', 'Y-witnesses'] },
    ]);
    expect(p.quorum).toBe('X-and-Y');
    expect(describeQuorum(p)).toBe('all of (2 of (X1, X2, X3), any of (Y1, Y2, Y3))');
  });

  it('accepts `quorum none` with no witness and no log, and a file without a final newline', () => {
    expect(parsed('quorum none')).toEqual({ logs: [], witnesses: [], groups: [], quorum: null });
    expect(describeQuorum(parsed('quorum none\n'))).toBe('none');
  });

  const lines = (...l: string[]) => `${l.join('\n')}\n`;
  const cases: Array<[string, string, number, RegExp]> = [
    ['an unknown keyword', lines(`log ${LOG}`, 'witnes X1 abc', 'quorum none'), 2, /unknown keyword "witnes"/],
    [
      'a log key of the cosigner type',
      lines(`log ${W('x1')}`, 'quorum none'),
      1,
      /log key is not an Ed25519 signed-note vkey/,
    ],
    [
      'a witness key of the plain note type',
      lines(`witness X1 ${LOG}`, 'quorum X1'),
      1,
      /witness key is not an Ed25519 cosigner vkey/,
    ],
    [
      'a key id that does not match',
      lines(`witness X1 ${W('x1').replace(/\+[0-9a-f]{8}\+/, '+00000000+')}`, 'quorum X1'),
      1,
      /cosigner vkey/,
    ],
    [
      'the same log key twice',
      lines(`log ${LOG}`, `log ${verifierKey(sha, 'other.example/head', key('log'))}`, 'quorum none'),
      2,
      /log key is already listed/,
    ],
    [
      'the same witness key twice',
      lines(
        `witness A ${W('x1')}`,
        `witness B ${cosignerVerifierKey(sha, 'renamed.example/w', key('x1'))}`,
        'quorum A',
      ),
      2,
      /witness key is already listed/,
    ],
    ['a name defined twice', lines(`witness A ${W('x1')}`, `group A any A`, 'quorum A'), 2, /"A" is already defined/],
    ['the reserved name none', lines(`witness none ${W('x1')}`, 'quorum none'), 1, /"none" is reserved/],
    [
      'none as a member',
      lines(`witness A ${W('x1')}`, 'group G any A none', 'quorum G'),
      2,
      /cannot be a group member/,
    ],
    [
      'a member defined later',
      lines(`witness A ${W('x1')}`, 'group G 1 A B', `witness B ${W('x2')}`, 'quorum G'),
      2,
      /names B, which no earlier line defines/,
    ],
    ['a member listed twice', lines(`witness A ${W('x1')}`, 'group G 1 A A', 'quorum G'), 2, /lists A twice/],
    [
      'a threshold of 0',
      lines(`witness A ${W('x1')}`, 'group G 0 A', 'quorum G'),
      2,
      /threshold must be all, any or a number from 1 to 1/,
    ],
    [
      'a threshold above the members',
      lines(`witness A ${W('x1')}`, `witness B ${W('x2')}`, 'group G 3 A B', 'quorum G'),
      3,
      /from 1 to 2/,
    ],
    ['a group without members', lines(`witness A ${W('x1')}`, 'group G any', 'quorum A'), 2, /expected: group/],
    ['a quorum naming nothing defined', lines(`witness A ${W('x1')}`, 'quorum B'), 2, /quorum names B/],
    [
      'two quorum lines',
      lines(`witness A ${W('x1')}`, 'quorum A', 'quorum none'),
      3,
      /second quorum line \(the first is line 2\)/,
    ],
    ['no quorum line', lines(`witness A ${W('x1')}`, '# nothing else'), 2, /no quorum line/],
    [
      'a witness line with too many words',
      lines(`witness A ${W('x1')} https://a.example/ extra`, 'quorum A'),
      1,
      /expected: witness <name> <vkey> \[<url>\]/,
    ],
    ['CRLF line endings', `quorum none\r\n`, 1, /carriage return/],
    ['a control character', lines('quorum none', '# bell \u0007'), 2, /control character 0x07/],
  ];
  for (const [what, text, line, error] of cases) {
    it(`refuses ${what} at line ${line}`, () => {
      const r = refused(text);
      expect(r.line).toBe(line);
      expect(r.error).toMatch(error);
    });
  }
});

describe('quorumMet', () => {
  const p = parsed(EXAMPLE);
  const met = (...names: string[]) => quorumMet(p, new Set(names));

  it('is met when 2 of the X witnesses and 1 of the Y witnesses cosigned', () => {
    expect(met('X1', 'X3', 'Y2')).toBe(true);
    expect(met('X1', 'X2', 'X3', 'Y1', 'Y2', 'Y3')).toBe(true);
  });

  it('is not met when either group falls short', () => {
    expect(met()).toBe(false);
    expect(met('X1', 'Y1', 'Y2', 'Y3')).toBe(false);
    expect(met('X1', 'X2', 'X3')).toBe(false);
    // Group names are not witnesses: naming a group as cosigned counts for nothing.
    expect(met('X-witnesses', 'Y-witnesses', 'X-and-Y')).toBe(false);
  });

  it('needs the single witness a quorum names, and nothing for quorum none', () => {
    const single = parsed(`witness A ${W('x1')}\nwitness B ${W('x2')}\nquorum B\n`);
    expect(quorumMet(single, new Set(['A']))).toBe(false);
    expect(quorumMet(single, new Set(['B']))).toBe(true);
    expect(quorumMet(parsed(`witness A ${W('x1')}\nquorum none\n`), new Set())).toBe(true);
  });
});
