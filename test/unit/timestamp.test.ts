// RFC 3161 with a real openssl TSA on 127.0.0.1: our request is answered, a good token is accepted and cross-checked by
// `openssl ts -verify`, and wrong imprint, nonce, EKU, CA, status and tampered signatures are refused by name.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import { nodeSha256 as sha } from '../../src/verify/node-primitives';
import {
  buildTimestampRequest,
  checkTimestampResponse,
  loadTrustAnchors,
  newNonce,
  verifyTimestampToken,
  type TrustAnchors,
} from '../../src/verify/timestamp';
import { opensslVerifyToken, startTsa, type Tsa, type TsaMode } from '../tsa-server';

const HEAD = new TextEncoder().encode('proof.example:8443/head\n12\nq83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=\n');
let tsa: Tsa;
let anchors: TrustAnchors;

beforeAll(async () => {
  tsa = await startTsa();
  anchors = loadTrustAnchors(tsa.caPem);
});
afterAll(() => tsa.stop());

/** Asks the TSA (in `mode`) for a token over SHA-256(data), as the appliance does. */
async function ask(mode: TsaMode, data = HEAD) {
  tsa.mode = mode;
  const nonce = newNonce();
  const request = buildTimestampRequest(sha(data), nonce);
  const res = await fetch(tsa.url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body: request.slice(),
  });
  expect(res.headers.get('content-type')).toBe('application/timestamp-reply');
  return { request, nonce, response: new Uint8Array(await res.arrayBuffer()) };
}

/** The token inside a TimeStampResp, read apart from the code under test. */
const tokenOf = (response: Uint8Array): Uint8Array =>
  new Uint8Array((asn1js.fromBER(response).result as asn1js.Sequence).valueBlock.value[1]!.valueBeforeDecodeView);

describe('the request', () => {
  it('is a TimeStampReq openssl reads: SHA-256 imprint of the data, our nonce, certificate requested, no policy', async () => {
    const nonce = 0x4a5b6c7d8e9f0a1bn;
    writeFileSync(join(tsa.dir, 'ours.tsq'), buildTimestampRequest(sha(HEAD), nonce));
    const { stdout } = await promisify(execFile)('openssl', ['ts', '-query', '-in', 'ours.tsq', '-text'], {
      cwd: tsa.dir,
      encoding: 'utf8',
    });
    expect(stdout).toMatch(/Hash Algorithm: sha256/);
    const hex = Buffer.from(sha(HEAD)).toString('hex');
    // Message data is a hex dump: `0000 - 2d 71 16 42 b7 26 b0 44-01 62 ...   -q.B.&.D.b|...`.
    const dumped = [...stdout.matchAll(/^\s+[0-9a-f]{4} - ((?:[0-9a-f]{2}[ -]){15}[0-9a-f]{2})/gm)]
      .map((m) => m[1]!.replace(/[ -]/g, ''))
      .join('');
    expect(dumped).toBe(hex);
    expect(stdout).toMatch(/Nonce: 0x4A5B6C7D8E9F0A1B/i);
    expect(stdout).toMatch(/Certificate required: yes/);
    expect(stdout).toMatch(/Policy OID: unspecified/);
  });

  it('carries a fresh positive nonce each time', () => {
    const a = newNonce();
    expect(a > 0n && a < 2n ** 63n).toBe(true);
    expect(newNonce()).not.toBe(a);
  });
});

describe('a good reply', () => {
  it('is accepted with the TSA name, genTime and the exact token, which openssl ts -verify accepts too', async () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const { nonce, response } = await ask('none');
    const r = await checkTimestampResponse(sha, response, HEAD, { anchors, nonce });
    if (!r.ok) throw new Error(r.detail);
    expect(r.tsa).toBe('CN=Test TSA, O=Proof Ledger Tests');
    expect(r.chainChecked).toBe(true);
    expect(r.genTime.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(r.genTime.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(r.token).not.toBeNull();
    expect(await opensslVerifyToken(tsa, r.token!, HEAD)).toEqual({ ok: true, output: 'Verification: OK\n' });
    // The independent check is a real one: the same token over other bytes fails in openssl as in ours.
    expect((await opensslVerifyToken(tsa, r.token!, new TextEncoder().encode('other\n'))).ok).toBe(false);
    expect(await verifyTimestampToken(sha, r.token!, new TextEncoder().encode('other\n'), { anchors })).toMatchObject({
      ok: false,
      reason: 'imprint',
    });
    // The kept token verifies alone (as a proof carries it), with and without anchors.
    expect(await verifyTimestampToken(sha, r.token!, HEAD, { anchors })).toMatchObject({ ok: true, serial: r.serial });
    expect(await verifyTimestampToken(sha, r.token!, HEAD)).toMatchObject({ ok: true, chainChecked: false });
  });
});

describe('bad replies are refused with a named reason', () => {
  it('a token over another imprint', async () => {
    const { nonce, response } = await ask('wrong_imprint');
    const r = await checkTimestampResponse(sha, response, HEAD, { anchors, nonce });
    expect(r).toMatchObject({ ok: false, reason: 'imprint', token: null });
  });

  it('a token with another nonce', async () => {
    const { nonce, response } = await ask('wrong_nonce');
    expect(await checkTimestampResponse(sha, response, HEAD, { anchors, nonce })).toMatchObject({
      ok: false,
      reason: 'nonce',
      token: null,
    });
  });

  it('a token signed by a certificate without the timeStamping EKU (openssl refuses it too)', async () => {
    const { nonce, response } = await ask('no_eku');
    const r = await checkTimestampResponse(sha, response, HEAD, { anchors, nonce });
    expect(r).toMatchObject({ ok: false, reason: 'eku', token: null });
    expect(r.ok ? '' : r.detail).toMatch(/no extended key usage/);
    expect((await opensslVerifyToken(tsa, tokenOf(response), HEAD)).output).toMatch(/unsuitable certificate purpose/);
  });

  it('a token signed by a certificate whose timeStamping EKU is not critical (openssl refuses it too)', async () => {
    const { nonce, response } = await ask('non_critical_eku');
    const r = await checkTimestampResponse(sha, response, HEAD, { anchors, nonce });
    expect(r).toMatchObject({ ok: false, reason: 'eku' });
    expect(r.ok ? '' : r.detail).toMatch(/not critical/);
    expect((await opensslVerifyToken(tsa, tokenOf(response), HEAD)).output).toMatch(/unsuitable certificate purpose/);
  });

  it('a token from a TSA of another CA, which verifies against that CA only', async () => {
    const { nonce, response } = await ask('other_ca');
    expect(await checkTimestampResponse(sha, response, HEAD, { anchors, nonce })).toMatchObject({
      ok: false,
      reason: 'chain',
      token: null,
    });
    const elsewhere = await checkTimestampResponse(sha, response, HEAD, {
      anchors: loadTrustAnchors(tsa.otherCaPem),
      nonce,
    });
    expect(elsewhere).toMatchObject({ ok: true, tsa: 'CN=Other TSA, O=Proof Ledger Tests', chainChecked: true });
    expect((await opensslVerifyToken(tsa, elsewhere.token!, HEAD)).ok).toBe(false);
  });

  it('a rejection status, and answers that are not a TimeStampResp', async () => {
    const { nonce, response } = await ask('refuse');
    expect(await checkTimestampResponse(sha, response, HEAD, { anchors, nonce })).toMatchObject({
      ok: false,
      reason: 'status',
      token: null,
    });
    expect(
      await checkTimestampResponse(sha, new TextEncoder().encode('<html>busy</html>'), HEAD, { anchors, nonce }),
    ).toMatchObject({ ok: false, reason: 'malformed' });
    const good = await ask('none');
    const trailing = new Uint8Array([...good.response, 0]);
    expect(await checkTimestampResponse(sha, trailing, HEAD, { anchors, nonce: good.nonce })).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });

  it('a token whose signature or content was altered', async () => {
    const { nonce, response } = await ask('none');
    const { token } = await checkTimestampResponse(sha, response, HEAD, { anchors, nonce });
    // The signature value closes the token (the last field of the last SignerInfo).
    const resigned = token!.slice();
    resigned[resigned.length - 1] = resigned[resigned.length - 1]! ^ 0x01;
    expect(await verifyTimestampToken(sha, resigned, HEAD, { anchors })).toMatchObject({
      ok: false,
      reason: 'signature',
    });
    expect((await opensslVerifyToken(tsa, resigned, HEAD)).ok).toBe(false);
    expect(await verifyTimestampToken(sha, token!.slice(0, 100), HEAD, { anchors })).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });
});

describe('loadTrustAnchors', () => {
  it('reads every certificate of a PEM text and refuses a damaged one', () => {
    expect(loadTrustAnchors(tsa.caPem + tsa.otherCaPem).certificates).toHaveLength(2);
    expect(loadTrustAnchors('no certificates here').certificates).toHaveLength(0);
    expect(() => loadTrustAnchors(tsa.caPem.replace(/\n[A-Za-z0-9+/]{20}/, '\n'))).toThrow(/certificate 1/);
  });
});
