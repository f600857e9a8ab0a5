// A real RFC 3161 time-stamping authority for tests: a throw-away CA and TSA certificates made with the `openssl`
// command, `openssl ts -reply` behind Bun.serve on 127.0.0.1, switches to misbehave, and `openssl ts -verify`.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const exec = promisify(execFile);

/**
 * How the TSA answers: `none` correctly; `no_eku` / `non_critical_eku` with a token signed by a certificate of the
 * same CA that lacks the timeStamping EKU or does not mark it critical (openssl ts refuses to sign with such a
 * certificate, so the TSTInfo it made is re-signed with `openssl cms -sign`); `other_ca` by a proper TSA of another
 * CA; `wrong_imprint` / `wrong_nonce` for a query whose imprint / nonce was changed; `refuse` with status rejection.
 */
export type TsaMode = 'none' | 'no_eku' | 'non_critical_eku' | 'other_ca' | 'wrong_imprint' | 'wrong_nonce' | 'refuse';

export type Tsa = {
  url: string;
  dir: string;
  /** PEM of the CA the well-behaved TSA chains to (the trust anchor), and its file. */
  caPem: string;
  caFile: string;
  /** PEM of the other CA (`other_ca` tokens chain to it). */
  otherCaPem: string;
  mode: TsaMode;
  /** Requests answered so far. */
  requests: number;
  stop(): void;
};

const CONFIG = (dir: string) => `
[ req ]
distinguished_name = dn
prompt = no
[ dn ]
CN = unused
[ ca_ext ]
basicConstraints = critical, CA:true
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[ tsa_ext ]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
[ tsa_noncritical_ext ]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
[ tsa_noeku_ext ]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
[ tsa ]
default_tsa = good
[ good ]
${tsaSection(dir, 'tsa', 'ca')}
[ other ]
${tsaSection(dir, 'other-tsa', 'other-ca')}
`;

function tsaSection(dir: string, cert: string, ca: string): string {
  return [
    `serial = ${dir}/serial`,
    'crypto_device = builtin',
    `signer_cert = ${dir}/${cert}.pem`,
    `signer_key = ${dir}/${cert}.key`,
    `certs = ${dir}/${ca}.pem`,
    'signer_digest = sha256',
    'default_policy = 1.3.6.1.4.1.55555.1.1',
    'digests = sha256, sha384, sha512',
    'accuracy = secs:1',
    'ordering = yes',
    'tsa_name = yes',
    'ess_cert_id_chain = no',
    'ess_cert_id_alg = sha256',
  ].join('\n');
}

async function openssl(dir: string, ...args: string[]): Promise<string> {
  const { stdout } = await exec('openssl', args, { cwd: dir, encoding: 'utf8' });
  return stdout;
}

async function makeCa(dir: string, name: string, cn: string): Promise<void> {
  await openssl(
    dir,
    'req',
    '-x509',
    '-new',
    '-config',
    'openssl.cnf',
    '-extensions',
    'ca_ext',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.pem`,
    '-subj',
    `/CN=${cn}/O=Proof Ledger Tests`,
    '-days',
    '30',
  );
}

async function makeTsaCert(dir: string, name: string, ca: string, ext: string, cn: string): Promise<void> {
  await openssl(
    dir,
    'req',
    '-new',
    '-config',
    'openssl.cnf',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
    '-subj',
    `/CN=${cn}/O=Proof Ledger Tests`,
  );
  await openssl(
    dir,
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.pem`,
    '-CAkey',
    `${ca}.key`,
    '-set_serial',
    String(Date.now()),
    '-days',
    '30',
    '-extfile',
    'openssl.cnf',
    '-extensions',
    ext,
    '-out',
    `${name}.pem`,
  );
}

/** DER length octets. */
function derLength(n: number): Uint8Array {
  if (n < 0x80) return Uint8Array.of(n);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}
const derSequence = (...parts: Uint8Array[]): Uint8Array => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Uint8Array.of(0x30), derLength(body.length), body]);
};
/** TimeStampResp ::= SEQUENCE { status PKIStatusInfo (SEQUENCE { INTEGER }), timeStampToken OPTIONAL }. */
const timeStampResp = (status: number, token?: Uint8Array): Uint8Array =>
  derSequence(derSequence(Uint8Array.of(0x02, 0x01, status)), ...(token ? [token] : []));

/** The query with its imprint or nonce changed, re-encoded with pkijs. */
function alterQuery(query: Uint8Array, what: 'imprint' | 'nonce'): Uint8Array {
  const req = pkijs.TimeStampReq.fromBER(query.slice());
  if (what === 'imprint') {
    const h = new Uint8Array(req.messageImprint.hashedMessage.valueBlock.valueHexView);
    h[0] = h[0]! ^ 0xff;
    req.messageImprint.hashedMessage = new asn1js.OctetString({ valueHex: h.buffer });
  } else {
    req.nonce = asn1js.Integer.fromBigInt((req.nonce?.toBigInt() ?? 0n) + 1n);
  }
  return new Uint8Array(req.toSchema().toBER(false));
}

let seq = 0;
async function answer(tsa: Tsa, query: Uint8Array): Promise<Uint8Array> {
  const dir = tsa.dir;
  const n = ++seq;
  if (tsa.mode === 'refuse') return timeStampResp(2);
  const q =
    tsa.mode === 'wrong_imprint'
      ? alterQuery(query, 'imprint')
      : tsa.mode === 'wrong_nonce'
        ? alterQuery(query, 'nonce')
        : query;
  writeFileSync(join(dir, `q${n}.tsq`), q);
  const section = tsa.mode === 'other_ca' ? 'other' : 'good';
  await openssl(
    dir,
    'ts',
    '-reply',
    '-config',
    'openssl.cnf',
    '-section',
    section,
    '-queryfile',
    `q${n}.tsq`,
    '-out',
    `r${n}.tsr`,
  );
  if (tsa.mode !== 'no_eku' && tsa.mode !== 'non_critical_eku') return readFileSync(join(dir, `r${n}.tsr`));
  // Re-sign the TSTInfo openssl made with a certificate openssl ts would refuse to use.
  const cert = tsa.mode === 'no_eku' ? 'noeku-tsa' : 'noncritical-tsa';
  await openssl(dir, 'ts', '-reply', '-config', 'openssl.cnf', '-in', `r${n}.tsr`, '-token_out', '-out', `t${n}.der`);
  await openssl(
    dir,
    'cms',
    '-verify',
    '-noverify',
    '-binary',
    '-inform',
    'DER',
    '-in',
    `t${n}.der`,
    '-out',
    `i${n}.der`,
  );
  await openssl(
    dir,
    'cms',
    '-sign',
    '-binary',
    '-nodetach',
    '-nosmimecap',
    '-md',
    'sha256',
    '-econtent_type',
    '1.2.840.113549.1.9.16.1.4',
    '-signer',
    `${cert}.pem`,
    '-inkey',
    `${cert}.key`,
    '-certfile',
    'ca.pem',
    '-in',
    `i${n}.der`,
    '-outform',
    'DER',
    '-out',
    `b${n}.der`,
  );
  return timeStampResp(0, readFileSync(join(dir, `b${n}.der`)));
}

/** Makes the CAs and certificates (a second or two) and serves RFC 3161 on 127.0.0.1 at a free port. */
export async function startTsa(mode: TsaMode = 'none'): Promise<Tsa> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-tsa-'));
  writeFileSync(join(dir, 'openssl.cnf'), CONFIG(dir));
  writeFileSync(join(dir, 'serial'), '01\n');
  await Promise.all([makeCa(dir, 'ca', 'Test TSA Root'), makeCa(dir, 'other-ca', 'Other Root')]);
  await Promise.all([
    makeTsaCert(dir, 'tsa', 'ca', 'tsa_ext', 'Test TSA'),
    makeTsaCert(dir, 'noeku-tsa', 'ca', 'tsa_noeku_ext', 'TSA without EKU'),
    makeTsaCert(dir, 'noncritical-tsa', 'ca', 'tsa_noncritical_ext', 'TSA with a non-critical EKU'),
    makeTsaCert(dir, 'other-tsa', 'other-ca', 'tsa_ext', 'Other TSA'),
  ]);
  const tsa: Tsa = {
    url: '',
    dir,
    caPem: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    caFile: join(dir, 'ca.pem'),
    otherCaPem: readFileSync(join(dir, 'other-ca.pem'), 'utf8'),
    mode,
    requests: 0,
    stop: () => {},
  };
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: async (req) => {
      if (req.method !== 'POST' || req.headers.get('content-type') !== 'application/timestamp-query')
        return new Response('POST application/timestamp-query\n', { status: 400 });
      const reply = await answer(tsa, new Uint8Array(await req.arrayBuffer()));
      tsa.requests++;
      return new Response(reply.slice(), { headers: { 'content-type': 'application/timestamp-reply' } });
    },
  });
  tsa.url = `http://127.0.0.1:${server.port}/`;
  tsa.stop = () => {
    server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  };
  return tsa;
}

/** `openssl ts -verify` of a DER token over `data` against the TSA's CA: an implementation independent of ours. */
export async function opensslVerifyToken(
  tsa: Tsa,
  token: Uint8Array,
  data: Uint8Array,
): Promise<{ ok: boolean; output: string }> {
  const n = ++seq;
  writeFileSync(join(tsa.dir, `v${n}.der`), token);
  writeFileSync(join(tsa.dir, `v${n}.dat`), data);
  try {
    const out = await openssl(
      tsa.dir,
      'ts',
      '-verify',
      '-token_in',
      '-in',
      `v${n}.der`,
      '-data',
      `v${n}.dat`,
      '-CAfile',
      'ca.pem',
    );
    return { ok: /Verification: OK/.test(out), output: out };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return { ok: false, output: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}
