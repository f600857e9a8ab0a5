// The head step of docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens: the head leaf (hand-checked vector), and checkHeadBlock over a head built here by hand
// with real Ed25519 keys, cosignatures and a real openssl TSA: every broken link is named, and what was trusted is said.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHash, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { cosignerVerifierKey, createCosignature } from '../../src/verify/cosignature';
import { checkHeadBlock, headLeafData, headLeafOfNote, type HeadResult, type HeadTrust } from '../../src/verify/head';
import { nodePrimitives } from '../../src/verify/node-primitives';
import { checkpointBody, formatNote, noteKeyId, verifierKey } from '../../src/verify/note';
import { parsePolicy, type Policy } from '../../src/verify/policy';
import {
  buildTimestampRequest,
  checkTimestampResponse,
  loadTrustAnchors,
  newNonce,
  type TrustAnchors,
} from '../../src/verify/timestamp';
import { startTsa, type Tsa } from '../tsa-server';

const sha = nodePrimitives.sha256;
const H = (...parts: (Uint8Array | string)[]) =>
  new Uint8Array(
    createHash('sha256')
      .update(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p)))))
      .digest(),
  );
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
// RFC 6962 by hand, apart from src/verify/merkle.ts.
const leaf = (d: Uint8Array) => H(Uint8Array.of(0), d);
const node = (l: Uint8Array, r: Uint8Array) => H(Uint8Array.of(1), l, r);

describe('headLeafData', () => {
  it('is `svc-head-leaf/v1\\n<hex SHA-256(origin)>\\n<size>\\n<base64 root>\\n` (hand-checked vector)', () => {
    const cp = {
      origin: 'proof.acme.example:8443/acme.example',
      treeSize: 7,
      root: Uint8Array.from({ length: 32 }, (_, i) => i),
    };
    const data = new TextDecoder().decode(headLeafData(sha, cp));
    expect(data).toBe(
      'svc-head-leaf/v1\n8cf97f962f82b9e3b91f453135d6b5df5d46623e652a3a8683e17a3257846efe\n7\nAAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=\n',
    );
    expect(hex(leaf(headLeafData(sha, cp)))).toBe('597ef4af5c12c52e953bc96ff3014b81c5dc3474aa5df05870afdcefb6503803');
    // No tenant name in the head: only the hash of the origin.
    expect(data).not.toContain('acme');
  });

  it('is read from a signed checkpoint note, whatever signs it; null for anything else', () => {
    const root = Uint8Array.from({ length: 32 }, (_, i) => i);
    const note = formatNote(
      checkpointBody('proof.acme.example:8443/acme.example', 7, root),
      'x',
      new Uint8Array(4),
      new Uint8Array(64),
    );
    expect(headLeafOfNote(sha, note)).toEqual(
      headLeafData(sha, { origin: 'proof.acme.example:8443/acme.example', treeSize: 7, root }),
    );
    expect(headLeafOfNote(sha, 'proof.acme.example/x\n7\nAAAA\n\n\u2014 x AAAAAAA=\n')).toBeNull();
    expect(headLeafOfNote(sha, 'not a note')).toBeNull();
  });
});

// ---------- a head built by hand ----------
const HOST = 'proof.example:8443';
const HEAD_ORIGIN = `${HOST}/head`;
const raw = (k: KeyObject) => new Uint8Array(createPublicKey(k).export({ format: 'der', type: 'spki' }).subarray(12));
const ed = () => generateKeyPairSync('ed25519').privateKey;
const signer = (k: KeyObject) => (m: Uint8Array) => new Uint8Array(sign(null, m, k));
const platform = ed();
const tenant = ed();
const witnesses = { w1: ed(), w2: ed(), w3: ed() };
const wname = (w: string) => `witness-${w}.example`;

function signedNote(body: string, name: string, key: KeyObject): string {
  return formatNote(body, name, noteKeyId(sha, name, raw(key)), new Uint8Array(sign(null, Buffer.from(body), key)));
}
const logCheckpoint = (size: number, seed: string) =>
  signedNote(checkpointBody(`${HOST}/acme.example`, size, H(seed)), `${HOST}/acme.example`, tenant);
/** A three-leaf head whose leaf 1 is `logNote`'s checkpoint: root = node(node(l0, l1), l2); path of leaf 1 = [l0, l2]. */
function buildHead(logNote: string, cosigners: Array<keyof typeof witnesses>, headKey = platform) {
  const l0 = leaf(headLeafData(sha, { origin: `${HOST}/operator`, treeSize: 1, root: H('op') }));
  const l1 = leaf(headLeafOfNote(sha, logNote)!);
  const l2 = leaf(headLeafData(sha, { origin: `${HOST}/other.example`, treeSize: 9, root: H('other') }));
  const root = node(node(l0, l1), l2);
  const body = checkpointBody(HEAD_ORIGIN, 3, root);
  let note = signedNote(body, HEAD_ORIGIN, headKey);
  for (const w of cosigners)
    note += createCosignature(
      sha,
      signer(witnesses[w]),
      { name: wname(w), publicKey: raw(witnesses[w]) },
      body,
      1_790_000_000,
    );
  return {
    body,
    block: {
      leaf_index: 1,
      tree_size: 3,
      leaf_hash: hex(l1),
      audit_path: [hex(l0), hex(l2)],
      root_hash: hex(root),
      checkpoint: note,
      note_verifier_key: verifierKey(sha, HEAD_ORIGIN, raw(headKey)) as string | undefined,
      timestamps: [] as unknown[],
    },
  };
}
const policyText = (quorum: string) =>
  [
    `log ${verifierKey(sha, HEAD_ORIGIN, raw(platform))}`,
    ...Object.entries(witnesses).map(([w, k]) => `witness ${wname(w)} ${cosignerVerifierKey(sha, wname(w), raw(k))}`),
    quorum,
  ].join('\n');
const policyOf = (text: string): Policy => {
  const r = parsePolicy(sha, text);
  if (!r.ok) throw new Error(r.error);
  return r.policy;
};
const TWO_OF_THREE = policyOf(
  `${policyText('group g 2 witness-w1.example witness-w2.example witness-w3.example')}\nquorum g`,
);

let tsa: Tsa;
let anchors: TrustAnchors;
/** A token from the real TSA over SHA-256(body), in the proof's `timestamps` entry form. */
async function stamp(body: string, mode: Tsa['mode'] = 'none') {
  tsa.mode = mode;
  const data = new TextEncoder().encode(body);
  const nonce = newNonce();
  const res = await fetch(tsa.url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body: buildTimestampRequest(sha(data), nonce).slice(),
  });
  const r = await checkTimestampResponse(sha, new Uint8Array(await res.arrayBuffer()), data, {
    nonce,
    anchors: mode === 'other_ca' ? loadTrustAnchors(tsa.otherCaPem) : anchors,
  });
  if (!r.ok) throw new Error(r.detail);
  return {
    token: Buffer.from(r.token!).toString('base64'),
    gen_time: r.genTime.toISOString().replace('.000Z', 'Z'),
    tsa: tsa.url,
  };
}
beforeAll(async () => {
  tsa = await startTsa();
  anchors = loadTrustAnchors(tsa.caPem);
});
afterAll(() => tsa.stop());

const checked = (r: HeadResult) => {
  if (r.status !== 'checked') throw new Error(`status ${r.status}`);
  return r;
};
const failing = (r: HeadResult) =>
  checked(r)
    .steps.filter((s) => !s.ok)
    .map((s) => s.check);

/** The checking clock of these tests (2027-01-15): every cosignature below is dated 2026-09-21. */
const NOW = 1_800_000_000;
const failingNames = (r: HeadResult) => failing(r);

describe('checkHeadBlock', () => {
  const logNote = logCheckpoint(5, 'tenant root');
  const full = (h: ReturnType<typeof buildHead>, trust: Omit<HeadTrust, 'now'>) =>
    checkHeadBlock(nodePrimitives, logNote, h.block, { now: NOW, ...trust });

  it('verifies the whole chain under the verifier policy and TSA roots: leaf, inclusion, key, signature, cosignatures, quorum, token', async () => {
    const h = buildHead(logNote, ['w1', 'w3']);
    const ts = await stamp(h.body);
    h.block.timestamps = [ts];
    const r = checked(await full(h, { policy: TWO_OF_THREE, tsaAnchors: anchors }));
    expect(r.steps.map((s) => [s.check, s.ok])).toEqual([
      ['head.leaf', true],
      ['head.inclusion', true],
      ['head.checkpoint', true],
      ['head.origin', true],
      ['head.key', true],
      ['head.signature', true],
      ['head.cosignature[witness-w1.example]', true],
      ['head.cosignature[witness-w3.example]', true],
      ['head.quorum', true],
      ['head.timestamp[0]', true],
      ['head.time', true],
    ]);
    expect(r.ok).toBe(true);
    expect(r.existedNoLaterThan).toBe(ts.gen_time);
    expect(r.witnessedBy).toEqual(['witness-w1.example', 'witness-w3.example']);
    expect(r.outsideTrust).toEqual({ policy: true, platformKey: false, tsa: true });
    expect(r.head).toEqual({ origin: HEAD_ORIGIN, treeSize: 3, rootHex: h.block.root_hash });
    expect(r.steps.find((s) => s.check === 'head.timestamp[0]')!.detail).toContain('CN=Test TSA, O=Proof Ledger Tests');
  });

  it('without a policy checks the head against the platform key given, else the key in the file; cosignatures and time are not checked', async () => {
    const h = buildHead(logNote, ['w1']);
    const ts = await stamp(h.body);
    h.block.timestamps = [ts];
    for (const trust of [{ platformKey: raw(platform) }, {}]) {
      const r = checked(await full(h, trust));
      expect(r.ok).toBe(true);
      expect(r.witnessedBy).toEqual([]);
      expect(r.existedNoLaterThan).toBeNull();
      expect(r.steps.filter((s) => s.skipped).map((s) => [s.check, s.detail.split(':')[0]])).toEqual([
        ['head.cosignatures', 'not checked'],
        ['head.time', 'not checked'],
      ]);
      expect(r.steps.find((s) => s.check === 'head.timestamp[0]')!.detail).toMatch(
        /signature and chain are not checked/,
      );
    }
    expect(checked(await full(h, {})).steps.find((s) => s.check === 'head.key')!.detail).toMatch(/no outside trust/);
  });

  it('refuses a head whose signature cannot be checked: no key in the file and no outside trust', async () => {
    const h = buildHead(logNote, ['w1', 'w2']);
    delete h.block.note_verifier_key;
    expect(failingNames(await full(h, {}))).toEqual(['head.key', 'head.signature']);
    expect(failingNames(await full(h, { platformKey: raw(platform) }))).toEqual([]);
    expect(failingNames(await full(h, { policy: TWO_OF_THREE }))).toEqual([]);
    // A key in the file that is not the trusted one.
    h.block.note_verifier_key = verifierKey(sha, HEAD_ORIGIN, raw(ed()));
    expect(failingNames(await full(h, {}))).toEqual(['head.signature']);
    expect(failingNames(await full(h, { platformKey: raw(platform) }))).toEqual(['head.key', 'head.signature']);
    expect(failingNames(await full(h, { policy: TWO_OF_THREE }))).toEqual(['head.key', 'head.signature']);
    h.block.note_verifier_key = verifierKey(sha, 'elsewhere.example/head', raw(platform));
    expect(failingNames(await full(h, {}))).toEqual(['head.key', 'head.signature']);
  });

  it('answers pending and absent without failing', async () => {
    expect(await checkHeadBlock(nodePrimitives, logNote, { status: 'pending' }, { now: NOW })).toEqual({
      status: 'pending',
    });
    expect(await checkHeadBlock(nodePrimitives, logNote, undefined, { now: NOW })).toEqual({ status: 'absent' });
  });

  it('names the broken link: shape, leaf, inclusion, head root, origin, signature', async () => {
    const h = buildHead(logNote, ['w1', 'w2']);
    const trust = { policy: TWO_OF_THREE, now: NOW };
    expect(failing(await checkHeadBlock(nodePrimitives, logNote, { ...h.block, audit_path: 'x' }, trust))).toEqual([
      'head.shape',
    ]);
    // The record's log checkpoint is another one than the head leaf: the leaf hash does not match, nor the path.
    expect(failing(await checkHeadBlock(nodePrimitives, logCheckpoint(6, 'tenant root'), h.block, trust))).toEqual([
      'head.leaf',
      'head.inclusion',
    ]);
    expect(failing(await checkHeadBlock(nodePrimitives, 'not a note', h.block, trust))).toEqual(['head.leaf']);
    expect(
      failing(
        await full(
          { ...h, block: { ...h.block, audit_path: [h.block.audit_path[1]!, h.block.audit_path[0]!] } },
          trust,
        ),
      ),
    ).toEqual(['head.inclusion']);
    const other = buildHead(logCheckpoint(6, 'x'), ['w1', 'w2']);
    expect(failing(await full({ ...h, block: { ...h.block, checkpoint: other.block.checkpoint } }, trust))).toEqual([
      'head.checkpoint',
    ]);
    // A head signed by another key under the right name: refused with the policy and with the platform key alike.
    const forged = buildHead(logNote, ['w1', 'w2'], ed());
    expect(failing(await full(forged, trust))).toEqual(['head.key', 'head.signature']);
    expect(failing(await full(forged, { platformKey: raw(platform) }))).toEqual(['head.key', 'head.signature']);
    delete forged.block.note_verifier_key;
    expect(failing(await full(forged, trust))).toEqual(['head.signature']);
    const elsewhere = policyOf(
      policyText('quorum none').replace(/^log \S+/, `log ${verifierKey(sha, 'elsewhere.example/head', raw(platform))}`),
    );
    expect(failing(await full(h, { policy: elsewhere }))).toEqual(['head.origin', 'head.key', 'head.signature']);
  });

  it('refuses a quorum short of cosignatures and a cosignature line that does not verify', async () => {
    const one = buildHead(logNote, ['w2']);
    const r = checked(await full(one, { policy: TWO_OF_THREE }));
    expect(failing(r)).toEqual(['head.quorum']);
    expect(r.steps.find((s) => s.check === 'head.quorum')!.detail).toBe(
      'not met: the policy requires 2 of (witness-w1.example, witness-w2.example, witness-w3.example); counted cosignatures from witness-w2.example',
    );
    expect(r.witnessedBy).toEqual(['witness-w2.example']);
    const two = buildHead(logNote, ['w1', 'w2']);
    const lines = two.block.checkpoint.split('\n');
    const w2 = lines.findIndex((l) => l.includes('witness-w2.example'));
    const [dash, name, b64] = lines[w2]!.split(' ') as [string, string, string];
    const blob = Buffer.from(b64, 'base64');
    blob[40] = blob[40]! ^ 1;
    lines[w2] = `${dash} ${name} ${blob.toString('base64')}`;
    expect(
      failing(await full({ ...two, block: { ...two.block, checkpoint: lines.join('\n') } }, { policy: TWO_OF_THREE })),
    ).toEqual(['head.cosignature[witness-w2.example]', 'head.quorum']);
  });

  it('does not count a valid cosignature dated before 2020 or more than ten minutes ahead of the clock, and never fails on it', async () => {
    const h = buildHead(logNote, ['w1']);
    const w3 = { name: wname('w3'), publicKey: raw(witnesses.w3) };
    for (const [time, counted] of [
      [10n ** 13n, false],
      [2n ** 64n - 1n, false],
      [1_577_836_799n, false],
      [1_577_836_800n, true],
      [BigInt(NOW + 600), true],
      [BigInt(NOW + 601), false],
    ] as const) {
      const block = {
        ...h.block,
        checkpoint: h.block.checkpoint + createCosignature(sha, signer(witnesses.w3), w3, h.body, time),
      };
      const r = checked(await checkHeadBlock(nodePrimitives, logNote, block, { policy: TWO_OF_THREE, now: NOW }));
      const line = r.steps.find((s) => s.check === 'head.cosignature[witness-w3.example]')!;
      expect([String(time), line.ok, /^not counted/.test(line.detail)]).toEqual([String(time), true, !counted]);
      expect([String(time), r.ok, r.witnessedBy]).toEqual([
        String(time),
        counted,
        counted ? ['witness-w1.example', 'witness-w3.example'] : ['witness-w1.example'],
      ]);
    }
  });

  it('requires a token that verifies to the TSA roots when they are given; others are named, not counted', async () => {
    const h = buildHead(logNote, ['w1', 'w2']);
    const trust = { policy: TWO_OF_THREE, tsaAnchors: anchors };
    expect(checked(await full(h, trust)).steps.at(-1)).toEqual({
      check: 'head.time',
      ok: false,
      detail: 'the head carries no timestamp token',
    });
    const foreign = await stamp(h.body, 'other_ca');
    h.block.timestamps = [foreign];
    let r = checked(await full(h, trust));
    expect(r.steps.filter((s) => s.check.startsWith('head.time')).map((s) => s.ok)).toEqual([true, false]);
    expect(r.steps.at(-1)!.detail).toBe('no timestamp token verifies to a trusted TSA root');
    expect(r.existedNoLaterThan).toBeNull();
    // Without roots the token is parsed and its time compared, and no time is claimed.
    expect(checked(await full(h, { policy: TWO_OF_THREE }))).toMatchObject({ ok: true, existedNoLaterThan: null });
    const good = await stamp(h.body);
    h.block.timestamps = [foreign, good];
    r = checked(await full(h, trust));
    expect(r.ok).toBe(true);
    expect(r.steps.find((s) => s.check === 'head.timestamp[0]')!.detail).toMatch(
      /not counted, the TSA certificate \(CN=Other TSA/,
    );
    expect(r.existedNoLaterThan).toBe(good.gen_time);
  });

  it('refuses in every mode a token over another head, a gen_time that is not the token, and a token that is not base64', async () => {
    const h = buildHead(logNote, ['w1', 'w2']);
    const otherHead = buildHead(logCheckpoint(7, 'y'), []);
    const good = await stamp(h.body);
    for (const trust of [{ policy: TWO_OF_THREE, tsaAnchors: anchors }, {}]) {
      h.block.timestamps = [await stamp(otherHead.body)];
      const r = checked(await full(h, trust));
      expect(failing(r)[0]).toBe('head.timestamp[0]');
      expect(r.steps.find((s) => s.check === 'head.timestamp[0]')!.detail).toMatch(
        /does not stamp SHA-256 of the head text/,
      );
      h.block.timestamps = [{ ...good, gen_time: '2020-01-01T00:00:00Z' }];
      expect(checked(await full(h, trust)).steps.find((s) => s.check === 'head.timestamp[0]')!.detail).toMatch(
        /gen_time says "2020-01-01T00:00:00Z", the token/,
      );
      // The same instant in local time without a zone is no time at all, whatever the machine's zone.
      h.block.timestamps = [{ ...good, gen_time: good.gen_time.replace('Z', '') }];
      expect(checked(await full(h, trust)).steps.find((s) => s.check === 'head.timestamp[0]')!.ok).toBe(false);
      h.block.timestamps = [{ ...good, token: 'not base64!' }];
      expect(failing(await full(h, trust))[0]).toBe('head.timestamp[0]');
    }
  });
});
