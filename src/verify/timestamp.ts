// Owns RFC 3161 trusted time: building a TimeStampReq, checking a TimeStampResp, and verifying a TimeStampToken
// (CMS SignedData over a TSTInfo) against trust anchors. CMS, X.509 and ASN.1 come from pkijs + asn1js, which run on
// WebCrypto (Bun, Node and browsers alike); SHA-256 of the stamped bytes is the usual primitive parameter.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { children, derThroughout, oid, readOne, type Tlv } from './der';
import { equalBytes, toHex, type Sha256 } from './primitives';
import { formatInstant, parseGeneralizedTime, type Instant } from './time-rules';

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha1: '1.3.14.3.2.26',
  extKeyUsage: '2.5.29.37',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
} as const;

/**
 * The crypto engine every pkijs call is handed explicitly (never pkijs.setEngine, a process-wide global): pkijs's
 * WebCrypto engine over globalThis.crypto, which Bun, Node >= 19 and every browser provide. Made on first use.
 */
let engine: pkijs.ICryptoEngine | null = null;
function cryptoEngine(): pkijs.ICryptoEngine {
  engine ??= new pkijs.CryptoEngine({ name: 'webcrypto', crypto: globalThis.crypto });
  return engine;
}

/** What every verifier reads from a token before (and without) checking its signature. */
export type ParsedToken = { imprintAlgorithm: string; imprint: Uint8Array; genTime: Instant };

const seq = (t: Tlv | undefined): Tlv[] | null => (t?.tag === 0x30 ? children(t) : null);

/**
 * docs/verification.md#time-stamp-tokens: the strict DER walk every verifier makes (the token DER throughout, then
 * ContentInfo (signedData) ->
 * [0] SignedData -> encapContentInfo (id-ct-TSTInfo) -> [0] OCTET STRING -> TSTInfo, whose messageImprint and
 * genTime (GeneralizedTime, at most nine fraction digits) it returns. Null when any step is not as written.
 */
export function parseTimestampToken(token: Uint8Array): ParsedToken | null {
  if (!derThroughout(token)) return null;
  const top = readOne(token);
  const ci = top ? seq(top) : null;
  if (!ci || oid(ci[0]) !== OID.signedData || ci[1]?.tag !== 0xa0) return null;
  const sd = seq(children(ci[1])?.[0]);
  const encap = sd ? seq(sd[2]) : null;
  if (!encap || oid(encap[0]) !== OID.tstInfo || encap[1]?.tag !== 0xa0) return null;
  const octets = children(encap[1])?.[0];
  if (octets?.tag !== 0x04) return null;
  const tstTlv = readOne(octets.content);
  const tst = tstTlv ? seq(tstTlv) : null;
  const imprint = tst ? seq(tst[2]) : null;
  const alg = imprint ? oid(seq(imprint[0])?.[0]) : null;
  if (!tst || !imprint || !alg || imprint[1]?.tag !== 0x04 || tst[4]?.tag !== 0x18) return null;
  let text = '';
  for (const b of tst[4].content) text += String.fromCharCode(b);
  const genTime = parseGeneralizedTime(text);
  return genTime ? { imprintAlgorithm: alg, imprint: imprint[1].content, genTime } : null;
}

/** Parsed trust anchors (the TSA roots a verifier accepts). */
export type TrustAnchors = { readonly certificates: readonly pkijs.Certificate[] };

/** Every `CERTIFICATE` block of a PEM text as a parsed certificate. Throws, naming the block, when one is malformed. */
export function loadTrustAnchors(pem: string): TrustAnchors {
  const blocks = [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)];
  const certificates = blocks.map((m, i) => {
    try {
      const der = Uint8Array.from(atob(m[1]!.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
      return pkijs.Certificate.fromBER(der);
    } catch {
      throw new Error(`certificate ${i + 1} of the PEM text is not a readable X.509 certificate`);
    }
  });
  return { certificates };
}

export type TimestampFailure =
  | 'malformed'
  | 'status'
  | 'imprint'
  | 'nonce'
  | 'no_certificate'
  | 'signature'
  | 'eku'
  | 'signing_certificate'
  | 'chain';

export type TimestampVerdict =
  | {
      ok: true;
      genTime: Date;
      /** The token's genTime exactly, RFC 3339 in UTC (docs/verification.md#times): what `gen_time` must say. */
      genTimeText: string;
      /** The TSA's name from TSTInfo (or its certificate's subject when TSTInfo names none), e.g. `CN=Example TSA, O=Example`. */
      tsa: string;
      serial: string;
      /** False when no trust anchors were given: every check but the chain passed. */
      chainChecked: boolean;
    }
  | { ok: false; reason: TimestampFailure; detail: string };

export type TimestampExpectation = {
  /** Trust anchors; without any the chain is not checked (and `chainChecked` says so). */
  anchors?: TrustAnchors;
  /** The nonce the request carried; the token must echo it. */
  nonce?: bigint;
};

const fail = (reason: TimestampFailure, detail: string): TimestampVerdict => ({ ok: false, reason, detail });
const bytesOf = (b: ArrayBuffer | ArrayBufferView): Uint8Array =>
  b instanceof ArrayBuffer ? new Uint8Array(b) : new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

const RDN_LABELS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.5': 'serialNumber',
  '2.5.4.97': 'organizationIdentifier',
};
/** A distinguished name as `CN=…, O=…` in certificate order. */
function nameText(rdn: pkijs.RelativeDistinguishedNames): string {
  return rdn.typesAndValues
    .map((tv) => `${RDN_LABELS[tv.type] ?? tv.type}=${String(tv.value?.valueBlock?.value ?? '')}`)
    .join(', ');
}
function tsaNameOf(tst: pkijs.TSTInfo, signer: pkijs.Certificate): string {
  const n = tst.tsa;
  if (n?.type === 4 && n.value instanceof pkijs.RelativeDistinguishedNames) return nameText(n.value);
  if (n && typeof n.value === 'string') return n.value;
  return nameText(signer.subject);
}

/** RFC 3161 §2.3: the TSA's certificate carries exactly one extended key usage, timeStamping, marked critical. */
function ekuProblem(cert: pkijs.Certificate): string | null {
  const ext = cert.extensions?.find((e) => e.extnID === OID.extKeyUsage);
  if (!ext) return 'the TSA certificate has no extended key usage (timeStamping is required)';
  const purposes = ext.parsedValue instanceof pkijs.ExtKeyUsage ? ext.parsedValue.keyPurposes : [];
  if (purposes.length !== 1 || purposes[0] !== OID.timeStamping)
    return `the TSA certificate's extended key usage is ${purposes.join(', ') || 'unreadable'}, not timeStamping alone`;
  if (!ext.critical) return 'the TSA certificate marks its timeStamping extended key usage as not critical';
  return null;
}

/**
 * RFC 3161 §2.4.1 (and RFC 5816): the signed attributes name the signing certificate by its hash, ESSCertID (SHA-1)
 * or ESSCertIDv2 (SHA-256 unless stated), so that no other certificate with the same key can be substituted.
 */
async function signingCertificateProblem(
  sha: Sha256,
  info: pkijs.SignerInfo,
  cert: pkijs.Certificate,
): Promise<string | null> {
  const attr = info.signedAttrs?.attributes.find(
    (a) => a.type === OID.signingCertificateV2 || a.type === OID.signingCertificate,
  );
  if (!attr) return 'the token does not name its signing certificate (no ESS signing-certificate attribute)';
  const first = attr.values[0]?.valueBlock?.value?.[0]?.valueBlock?.value?.[0];
  const parts: any[] = first?.valueBlock?.value ?? [];
  const hash = parts.find((v) => v instanceof asn1js.OctetString) as asn1js.OctetString | undefined;
  let alg: string = attr.type === OID.signingCertificate ? OID.sha1 : OID.sha256;
  if (attr.type === OID.signingCertificateV2 && parts[0] instanceof asn1js.Sequence)
    alg = new pkijs.AlgorithmIdentifier({ schema: parts[0] }).algorithmId;
  if (!hash) return 'the ESS signing-certificate attribute is unreadable';
  const der = bytesOf(cert.toSchema().toBER(false));
  let digest: Uint8Array;
  if (alg === OID.sha256) digest = sha(der);
  else if (alg === OID.sha1) digest = bytesOf(await globalThis.crypto.subtle.digest('SHA-1', der.slice()));
  else return `the ESS signing-certificate attribute uses hash algorithm ${alg}, which is not supported`;
  return equalBytes(digest, bytesOf(hash.valueBlock.valueHexView))
    ? null
    : 'the ESS signing-certificate attribute names another certificate than the one that signed';
}

const OID_BASIC_CONSTRAINTS = '2.5.29.19';
const sameCertificate = (a: pkijs.Certificate, b: pkijs.Certificate): boolean =>
  equalBytes(a.tbsView, b.tbsView) &&
  equalBytes(a.signatureValue.valueBlock.valueHexView, b.signatureValue.valueBlock.valueHexView);
const validAt = (c: pkijs.Certificate, t: Date): boolean => c.notBefore.value <= t && t <= c.notAfter.value;
const isCa = (c: pkijs.Certificate): boolean => {
  const e = c.extensions?.find((x) => x.extnID === OID_BASIC_CONSTRAINTS);
  return e?.parsedValue instanceof pkijs.BasicConstraints && !!e.parsedValue.cA;
};
/** `issuer` issued `child`: the names chain and `child`'s signature verifies with `issuer`'s key. */
async function issued(
  child: pkijs.Certificate,
  issuer: pkijs.Certificate,
  crypto: pkijs.ICryptoEngine,
): Promise<boolean> {
  try {
    return child.issuer.isEqual(issuer.subject) && (await child.verify(issuer, crypto));
  } catch {
    return false;
  }
}

/**
 * docs/verification.md#time-stamp-tokens, the chain: from the signer, each certificate valid at the token's time, up
 * to a trusted anchor (the certificate itself, or one that issued it), through at most eight CA certificates the token
 * carries. Every verifier walks it this way, so that a stray certificate in the token changes no verdict. The reason
 * when there is no such path, else null.
 */
async function chainProblem(
  signer: pkijs.Certificate,
  others: pkijs.Certificate[],
  anchors: readonly pkijs.Certificate[],
  at: Date,
  crypto: pkijs.ICryptoEngine,
): Promise<string | null> {
  let cur = signer;
  for (let hops = 0; hops < 8; hops++) {
    if (!validAt(cur, at)) return `certificate ${nameText(cur.subject)} is not valid at that time`;
    if (anchors.some((a) => sameCertificate(a, cur))) return null;
    for (const a of anchors)
      if (await issued(cur, a, crypto))
        return validAt(a, at) ? null : `the anchor ${nameText(a.subject)} is not valid at that time`;
    let next: pkijs.Certificate | null = null;
    for (const o of others)
      if (o !== cur && isCa(o) && (await issued(cur, o, crypto))) {
        next = o;
        break;
      }
    if (!next) return 'no path to a trusted anchor';
    cur = next;
  }
  return 'the chain is too long';
}

/**
 * Verdicts already reached, per anchor set and (token, data, nonce). Parsing a token with pkijs/asn1js costs
 * milliseconds while every record proof built on the same head carries the same tokens, so a verifier checking many
 * proofs pays once per head. Sound because a verdict depends on nothing else: the chain is checked at the token's own
 * genTime, not at the current time. Bounded: the oldest entries go first.
 */
const verdicts = new WeakMap<object, Map<string, Promise<TimestampVerdict>>>();
const NO_ANCHORS = {};
const MAX_VERDICTS = 1024;

/**
 * Verifies a DER TimeStampToken (a CMS ContentInfo holding SignedData over a TSTInfo) for `data`, in this order:
 * the structure (one signer, eContentType id-ct-TSTInfo), the message imprint = SHA-256(data), the nonce when one is
 * expected, the CMS signature by the embedded signer certificate, that certificate's extended key usage (exactly
 * timeStamping, critical), the ESS signing-certificate attribute, and the chain from that certificate to one of the
 * anchors at the token's genTime. The first failure is returned with a named reason. Never throws.
 */
export async function verifyTimestampToken(
  sha: Sha256,
  token: Uint8Array,
  data: Uint8Array,
  expect: TimestampExpectation = {},
): Promise<TimestampVerdict> {
  const scope = expect.anchors ?? NO_ANCHORS;
  let seen = verdicts.get(scope);
  if (!seen) verdicts.set(scope, (seen = new Map()));
  const key = `${toHex(sha(token))}:${toHex(sha(data))}:${expect.nonce ?? ''}`;
  let verdict = seen.get(key);
  if (!verdict) {
    verdict = verifyToken(sha, token, data, expect).catch((e: unknown) =>
      fail('malformed', `the token could not be read: ${(e as Error)?.message ?? String(e)}`),
    );
    seen.set(key, verdict);
    if (seen.size > MAX_VERDICTS) seen.delete(seen.keys().next().value!);
  }
  const v = await verdict;
  // A fresh Date per caller: the cached one is shared.
  return v.ok ? { ...v, genTime: new Date(v.genTime) } : v;
}

async function verifyToken(
  sha: Sha256,
  token: Uint8Array,
  data: Uint8Array,
  expect: TimestampExpectation,
): Promise<TimestampVerdict> {
  const crypto = cryptoEngine();
  let signed: pkijs.SignedData;
  let tst: pkijs.TSTInfo;
  try {
    const ci = pkijs.ContentInfo.fromBER(token.slice());
    if (ci.contentType !== OID.signedData)
      return fail('malformed', `the token is a CMS ${ci.contentType}, not SignedData`);
    signed = new pkijs.SignedData({ schema: ci.content });
    if (signed.encapContentInfo.eContentType !== OID.tstInfo)
      return fail('malformed', `the signed content is ${signed.encapContentInfo.eContentType}, not a TSTInfo`);
    if (signed.signerInfos.length !== 1)
      return fail('malformed', `the token has ${signed.signerInfos.length} signers, RFC 3161 allows one`);
    const e = signed.encapContentInfo.eContent;
    if (!e) return fail('malformed', 'the token carries no TSTInfo');
    tst = pkijs.TSTInfo.fromBER(e.getValue());
  } catch {
    return fail('malformed', 'the token is not a DER CMS SignedData over a TSTInfo');
  }
  const imprint = tst.messageImprint;
  if (imprint.hashAlgorithm.algorithmId !== OID.sha256)
    return fail('imprint', `the message imprint uses hash algorithm ${imprint.hashAlgorithm.algorithmId}, not SHA-256`);
  const expected = sha(data);
  const stated = bytesOf(imprint.hashedMessage.valueBlock.valueHexView);
  if (!equalBytes(stated, expected))
    return fail('imprint', `the token stamps ${toHex(stated)}, not SHA-256 of the data ${toHex(expected)}`);
  if (expect.nonce !== undefined) {
    const got = tst.nonce ? tst.nonce.toBigInt() : null;
    if (got !== expect.nonce)
      return fail(
        'nonce',
        got === null
          ? 'the token carries no nonce'
          : `the token's nonce ${got.toString(16)} is not the request's ${expect.nonce.toString(16)}`,
      );
  }
  let signer: pkijs.Certificate | null = null;
  try {
    const r = await signed.verify(
      { signer: 0, data: data.slice().buffer, checkChain: false, extendedMode: true },
      crypto,
    );
    signer = r.signerCertificate ?? null;
    if (!r.signatureVerified) return fail('signature', 'the CMS signature over the TSTInfo does not verify');
  } catch (e) {
    const code = (e as { code?: number }).code;
    if (code === 2 || code === 3)
      return fail('no_certificate', 'the token does not carry the TSA certificate that signed it (ask with certReq)');
    return fail('signature', `the CMS signature does not verify: ${(e as Error).message}`);
  }
  if (!signer)
    return fail('no_certificate', 'the token does not carry the TSA certificate that signed it (ask with certReq)');
  const eku = ekuProblem(signer);
  if (eku) return fail('eku', eku);
  const ess = await signingCertificateProblem(sha, signed.signerInfos[0]!, signer);
  if (ess) return fail('signing_certificate', ess);
  const anchors = expect.anchors?.certificates ?? [];
  if (anchors.length) {
    const others = (signed.certificates ?? []).filter(
      (c): c is pkijs.Certificate => c instanceof pkijs.Certificate && !sameCertificate(c, signer),
    );
    const problem = await chainProblem(signer, others, anchors, tst.genTime, crypto);
    if (problem)
      return fail(
        'chain',
        `the TSA certificate (${nameText(signer.subject)}) does not chain to a trusted anchor at ${tst.genTime.toISOString()}: ${problem}`,
      );
  }
  const parsed = parseTimestampToken(token);
  if (!parsed) return fail('malformed', 'the token is not a strict DER TimeStampToken (docs/verification.md)');
  return {
    ok: true,
    genTime: tst.genTime,
    genTimeText: formatInstant(parsed.genTime),
    tsa: tsaNameOf(tst, signer),
    serial: toHex(bytesOf(tst.serialNumber.valueBlock.valueHexView)),
    chainChecked: anchors.length > 0,
  };
}

/** A fresh positive 63-bit nonce, as RFC 3161 §2.4.1 recommends to tie a reply to its request. */
export function newNonce(): bigint {
  const b = globalThis.crypto.getRandomValues(new Uint8Array(8));
  // Top bit clear (a positive INTEGER), second bit set (no leading zero byte, so DER stays minimal).
  b[0] = (b[0]! & 0x7f) | 0x40;
  return BigInt(`0x${toHex(b)}`);
}

/** DER TimeStampReq (RFC 3161 §2.4.1): version 1, SHA-256 imprint of `digest`, the nonce, certReq true, no policy. */
export function buildTimestampRequest(digest: Uint8Array, nonce: bigint): Uint8Array {
  if (digest.length !== 32) throw new RangeError('a SHA-256 digest is 32 bytes');
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: digest.slice().buffer }),
    }),
    nonce: asn1js.Integer.fromBigInt(nonce),
    certReq: true,
  });
  return new Uint8Array(req.toSchema().toBER(false));
}

export type TimestampReply = TimestampVerdict & { token: Uint8Array | null };

/**
 * Checks a DER TimeStampResp for `data` and the request's nonce: the status is granted (0, or 1 grantedWithMods,
 * RFC 3161 §2.4.2), a token is present, and the token passes verifyTimestampToken. `token` is the token's exact
 * bytes as the TSA sent them (null when refused), so that a kept reply is stored unchanged.
 */
export async function checkTimestampResponse(
  sha: Sha256,
  response: Uint8Array,
  data: Uint8Array,
  expect: TimestampExpectation & { nonce: bigint },
): Promise<TimestampReply> {
  let resp: pkijs.TimeStampResp;
  let token: Uint8Array | null = null;
  try {
    const asn = asn1js.fromBER(response);
    if (asn.offset !== response.length) return { ...fail('malformed', 'bytes follow the TimeStampResp'), token: null };
    resp = new pkijs.TimeStampResp({ schema: asn.result });
    const seq = asn.result as asn1js.Sequence;
    if (seq.valueBlock.value[1]) token = new Uint8Array(seq.valueBlock.value[1].valueBeforeDecodeView);
  } catch {
    return { ...fail('malformed', 'the answer is not a DER TimeStampResp'), token: null };
  }
  const status = resp.status.status;
  if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) {
    const text = resp.status.statusStrings?.map((s) => s.valueBlock.value).join('; ');
    return { ...fail('status', `the TSA refused (PKIStatus ${status}${text ? `: ${text}` : ''})`), token: null };
  }
  if (!token) return { ...fail('malformed', 'the TSA granted but sent no token'), token: null };
  const verdict = await verifyTimestampToken(sha, token, data, expect);
  return { ...verdict, token: verdict.ok ? token : null };
}
