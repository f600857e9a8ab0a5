// Builds the shared verification vectors (test/vectors/proofs/): real proofs, bundles, audit events, checkpoints and
// keys from a real appliance on a temp data dir, every one with its complete head (two witnesses, an openssl TSA),
// plus tampered variants, each with its expected verdict and the checks that must fail, in manifest.json. Every
// verifier (src/verify, the TypeScript and Python clients) is held to it.
// Usage: npx bun scripts/make-proof-vectors.ts [--out DIR]
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { verifyProofDocument } from '../src/verify/offline-verify';
import { resultOf, type VerifyOptions, type VerifyResult } from '../src/verify/verify-document';
import { cosignerVerifierKey } from '../src/verify/cosignature';
import { nodeSha256 } from '../src/verify/node-primitives';
import { verifierKey } from '../src/verify/note';
import { parsePolicy, type Policy } from '../src/verify/policy';
import { fromBase64, toBase64 } from '../src/verify/primitives';
import { buildTimestampRequest, checkTimestampResponse, loadTrustAnchors, newNonce } from '../src/verify/timestamp';
import { startIndependentWitness } from '../test/http/independent-witness';
import { forgedPolicies, forgedVectors } from './proof-vector-forgeries';
import { sandboxVectors } from './proof-vector-sandbox';
import { call, cleanup, cli, newTenant, startServer, tempDir, until, type Server } from '../test/helpers';
import { startTsa, type Tsa } from '../test/tsa-server';

const ROOT = resolve(import.meta.dir, '..');
const outFlag = process.argv.indexOf('--out');
const OUT = outFlag > 0 ? resolve(process.argv[outFlag + 1]!) : join(ROOT, 'test/vectors/proofs');

type Json = any;
type Options = VectorOptions;
export type VectorOptions = { keys?: string; platform_key?: string; policy?: string; tsa_ca?: string };
type Vector = {
  name: string;
  file: string;
  options: Options;
  valid: boolean;
  /** Names of checks that must be among the failed ones (`record.signature`, `items[2].fields`). */
  must_fail: string[];
  note: string;
  /** docs/verification.md#the-result, as the appliance's rules give it: every verifier must give exactly these. */
  trust?: string;
  complete?: boolean;
  sandbox?: boolean;
  /** Every check the appliance's rules fail on this vector, by name, in report order. */
  failed_checks?: string[];
  existed_no_later_than?: string | null;
  witnessed_by?: string[];
};

/** The options of a vector as the rule set takes them, read from the files in `dir`. */
export function vectorOptions(dir: string, o: VectorOptions): VerifyOptions {
  const text = (f: string) => readFileSync(join(dir, f), 'utf8');
  let policy: Policy | undefined;
  if (o.policy) {
    const p = parsePolicy(nodeSha256, text(o.policy));
    if (!p.ok) throw new Error(`${o.policy}: ${p.error}`);
    policy = p.policy;
  }
  return {
    keys: o.keys ? JSON.parse(text(o.keys)) : undefined,
    platformKey: o.platform_key ? JSON.parse(text(o.platform_key)) : undefined,
    policy,
    tsaAnchors: o.tsa_ca ? loadTrustAnchors(text(o.tsa_ca)) : undefined,
  };
}

/** The fields of a result the manifest records, every verifier's alike. */
type Recorded = Pick<VerifyResult, 'valid' | 'complete' | 'sandbox' | 'existed_no_later_than' | 'witnessed_by'> & {
  trust: string;
};
/** What a verifier's result says on a vector, as the manifest records it. */
export const summaryOf = (r: Recorded & { checks: Array<{ name: string; ok: boolean }> }) =>
  expectedOf({ ...r, failed_checks: r.checks.filter((c) => !c.ok).map((c) => c.name) });
/** The manifest's record of a vector: what every verifier must give exactly. */
export const expectedOf = (v: Recorded & { failed_checks: string[] }) => ({
  valid: v.valid,
  trust: v.trust,
  complete: v.complete,
  sandbox: v.sandbox,
  failed_checks: v.failed_checks,
  existed_no_later_than: v.existed_no_later_than,
  witnessed_by: v.witnessed_by,
});
/** A result without its words (the details): what every verifier must give alike, check by check. */
export const comparable = <R extends { checks: Array<{ name: string; ok: boolean; skipped?: true }> }>(r: R) => ({
  ...r,
  checks: r.checks.map((c) => [c.name, c.ok, !!c.skipped]),
});

/** The result of the appliance's rules (src/verify, as `svc verify` runs them) on a vector of `dir`: the file's bytes. */
export const applianceVerdict = async (dir: string, v: Pick<Vector, 'file' | 'options'>): Promise<VerifyResult> =>
  resultOf(await verifyProofDocument(readFileSync(join(dir, v.file)), vectorOptions(dir, v.options)));

const vectors: Vector[] = [];
const json = (value: Json): string => `${JSON.stringify(value, null, 2)}\n`;
function save(file: string, value: Json | string | Uint8Array): string {
  writeFileSync(join(OUT, file), typeof value === 'string' || value instanceof Uint8Array ? value : json(value));
  return file;
}
/** Files by content: vectors of one document under other options share its file. */
const files = new Map<string, string>();
export type VectorSpec = Pick<Vector, 'valid' | 'must_fail' | 'note'> & { options?: Options };
/** A vector whose file is exactly `content` (not JSON, or JSON written by hand). */
function vectorFile(name: string, content: string | Uint8Array, v: VectorSpec): void {
  const key = typeof content === 'string' ? content : Buffer.from(content).toString('latin1');
  const file = files.get(key) ?? save(`${name}.json`, content);
  files.set(key, file);
  vectors.push({ name, file, options: v.options ?? {}, valid: v.valid, must_fail: v.must_fail, note: v.note });
}
const vector = (name: string, doc: Json, v: VectorSpec): void => vectorFile(name, json(doc), v);
const clone = <T>(x: T): T => structuredClone(x);
/** A copy of a trace bundle whose items' and seal's log blocks carry no head. */
function withoutHeads(b: Json): Json {
  const c = clone(b);
  for (const l of [...c.items.map((i: Json) => i.log), c.seal.log]) delete l.head;
  return c;
}
/** The same hex string with its first character changed (still hex, still the same length). */
const flipHex = (h: string, at = 0): string => h.slice(0, at) + (h[at] === '0' ? '1' : '0') + h.slice(at + 1);
const sha256 = (b: string | Uint8Array): string => createHash('sha256').update(b).digest('hex');

async function api(
  s: Server,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<Json> {
  const r = await call(s, method, path, { key, body, headers });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
  return r.body;
}
/** Polls until the document's own log block (and, for a bundle, every item's and the seal's) carries its complete head. */
async function complete(s: Server, key: string | null, path: string): Promise<Json> {
  return until(
    async () => {
      const r = await call(s, 'GET', path, { key });
      if (r.status !== 200) return null;
      const blocks = r.body.bundle_version ? [...r.body.items.map((i: Json) => i.log), r.body.seal.log] : [r.body.log];
      return blocks.every((l: Json) => typeof l?.head?.checkpoint === 'string' && l.head.timestamps.length > 0)
        ? r.body
        : null;
    },
    60_000,
    200,
  );
}

/** The parts the appliance needs for complete head evidence, all on 127.0.0.1: witnesses, TSAs, its trust files. */
type Trust = {
  w1: ReturnType<typeof startIndependentWitness>;
  /** A witness outside the appliance's policy, whose cosignatures the hand-made vectors date at will. */
  hostile: ReturnType<typeof startIndependentWitness>;
  a2: Server;
  a2Witness: { name: string; vkey: string };
  tsa: Tsa;
  otherTsa: Tsa;
};

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  for (const f of readdirSync(OUT))
    if (f.endsWith('.json') || f.endsWith('.pem') || f.endsWith('.txt')) rmSync(join(OUT, f));
  const dir = tempDir('svc-vectors-');
  const witnessDir = tempDir('svc-vectors-witness-');
  // The head (docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens) with real parts: a witness written from the C2SP texts, a second appliance as witness, an openssl TSA
  // (and a TSA of another CA, whose token the appliance would refuse: the script asks it for one tamper vector).
  const w1 = startIndependentWitness('witness.vectors.example/w1');
  const hostile = startIndependentWitness('witness.vectors.example/hostile');
  const [tsa, otherTsa] = await Promise.all([startTsa(), startTsa('other_ca')]);
  const a2 = await startServer({ dataDir: witnessDir, env: { SVC_PUBLIC_URL: 'https://witness.vectors.example' } });
  let server: Server | undefined;
  try {
    const a2Witness = (await call(a2, 'GET', '/.well-known/svc-witness-key')).body;
    const policy = join(dir, 'witness-policy.txt');
    writeFileSync(
      policy,
      `witness ${w1.name} ${w1.vkey} ${w1.url}\nwitness ${a2Witness.name} ${a2Witness.vkey} ${a2.url}/witness\ngroup both all ${w1.name} ${a2Witness.name}\nquorum both\n`,
    );
    server = await startServer({
      dataDir: dir,
      env: {
        SVC_PUBLIC_URL: 'https://proof.vectors.example',
        SVC_CHECKPOINT_SECONDS: '1',
        SVC_HEAD_SECONDS: '1',
        SVC_PUBLIC_RPS: '100000',
        SVC_WITNESS_POLICY_FILE: policy,
        SVC_WITNESS_CA_FILE: join(witnessDir, 'tls', 'cert.pem'),
        SVC_TSA_URLS: tsa.url,
        SVC_TSA_CA_FILE: tsa.caFile,
      },
    });
    const platform = (await call(server, 'GET', '/.well-known/svc-platform-key')).body;
    const headOrigin = platform.note_verifier_key.split('+')[0];
    w1.addLog(headOrigin, platform.note_verifier_key);
    const added = await cli(
      witnessDir,
      'witness',
      'add-log',
      '--origin',
      headOrigin,
      '--vkey',
      platform.note_verifier_key,
    );
    if (added.code !== 0) throw new Error(`svc witness add-log: ${added.stderr}`);
    await build(server, dir, { w1, hostile, a2, a2Witness, tsa, otherTsa });
  } finally {
    await Promise.all([server?.stop(), a2.stop()]);
    w1.stop();
    hostile.stop();
    tsa.stop();
    otherTsa.stop();
    cleanup(dir);
    cleanup(witnessDir);
  }
  for (const v of vectors) {
    const r = summaryOf(await applianceVerdict(OUT, v));
    if (r.valid !== v.valid)
      throw new Error(
        `${v.name}: the appliance's rules say ${r.valid ? 'valid' : 'invalid'}: ${JSON.stringify(r.failed_checks)}`,
      );
    for (const m of v.must_fail)
      if (!r.failed_checks.includes(m))
        throw new Error(`${v.name}: ${m} did not fail: ${JSON.stringify(r.failed_checks)}`);
    Object.assign(v, r);
  }
  save('manifest.json', {
    about: 'Verification vectors: real documents from a real appliance and tampered variants. See README.md.',
    generated_by: 'npx bun scripts/make-proof-vectors.ts',
    vectors,
  });
  console.log(`${vectors.length} vectors in ${OUT}`);
}

async function build(s: Server, dir: string, trust: Trust): Promise<void> {
  const acme = await newTenant(dir, 'acme.example');
  const beta = await newTenant(dir, 'beta.example');
  const k = acme.key;
  // A few records first, so that audit paths are not empty.
  for (let i = 0; i < 5; i++) await api(s, k, 'POST', '/v1/events', { event_type: 'warmup', payload: { i } });
  const ev = await api(
    s,
    k,
    'POST',
    '/v1/events',
    {
      event_type: 'order.paid',
      payload: { order_id: 'A-1001', customer: 'Zoë', amount: 12.5, items: [{ sku: 'X1', qty: 2 }] },
    },
    { 'idempotency-key': 'vectors-order-1' },
  );
  const ai = await api(s, k, 'POST', '/v1/ai/attestations', {
    attestation_type: 'decision',
    input: 'Approve invoice INV-7?',
    output: { approved: true },
    model_provider: 'acme-ai',
    model_name: 'reviewer',
    model_version: '3',
    subject: { approver_id: 'u-42' },
  });
  const docHash = sha256('the document INV-7.pdf');
  const doc = await api(s, k, 'POST', '/v1/document/anchor', {
    document_hash: docHash,
    document_ref: 'INV-7.pdf',
    metadata: { pages: 3 },
  });
  const trace = await api(s, k, 'POST', '/v1/traces', {
    label: 'invoice INV-7',
    metadata: { period: '2025-01' },
    public: true,
  });
  const t = trace.trace_id as string;
  await api(s, k, 'POST', '/v1/events', {
    event_type: 'invoice.received',
    payload: { invoice: 'INV-7', total: 99 },
    trace_id: t,
  });
  await api(s, k, 'POST', '/v1/ai/attestations', {
    attestation_type: 'approval',
    input: 'INV-7',
    output: 'approved',
    model_provider: 'acme-ai',
    model_name: 'reviewer',
    model_version: '3',
    subject: { approver_id: 'u-42' },
    trace_id: t,
    store_plaintext: true,
  });
  await api(s, k, 'POST', '/v1/document/anchor', {
    document_hash: sha256('INV-7 scan'),
    document_ref: 'INV-7-scan.pdf',
    metadata: { pages: 1 },
    trace_id: t,
  });
  await api(s, k, 'POST', '/v1/events', {
    event_type: 'invoice.paid',
    payload: { invoice: 'INV-7', paid: true },
    trace_id: t,
  });
  await api(s, k, 'POST', `/v1/traces/${t}/seal`);
  await until(async () => (await call(s, 'GET', `/v1/traces/${t}`, { key: k })).body?.status === 'sealed', 30_000, 100);
  await api(s, k, 'POST', '/v1/audit/orgs', { organization_id: 'org-vectors', name: 'Vectors Inc' });
  for (let i = 0; i < 3; i++) {
    await api(
      s,
      k,
      'POST',
      '/v1/audit/events',
      {
        organization_id: 'org-vectors',
        action: 'user.login',
        actor: { type: 'user', id: `u-${i}`, name: 'Ada' },
        targets: [{ type: 'app', id: 'console' }],
        context: { location: '10.0.0.1' },
        metadata: { attempt: i },
      },
      { 'idempotency-key': `vectors-audit-${i}` },
    );
  }
  // A second tenant's sealed trace: the source of a foreign item.
  const bt = await api(s, beta.key, 'POST', '/v1/traces', { label: 'beta trace' });
  await api(s, beta.key, 'POST', '/v1/events', {
    event_type: 'beta.event',
    payload: { beta: true },
    trace_id: bt.trace_id,
  });
  await api(s, beta.key, 'POST', `/v1/traces/${bt.trace_id}/seal`);
  await until(
    async () => (await call(s, 'GET', `/v1/traces/${bt.trace_id}`, { key: beta.key })).body?.status === 'sealed',
    30_000,
    100,
  );

  const eventProof = await complete(s, null, `/v1/proof/event/${ev.event_id}`);
  const aiProof = await complete(s, null, `/v1/proof/ai/${ai.attestation_id}`);
  const docProof = await complete(s, null, `/v1/proof/document/${doc.event_id}`);
  const bundle = await complete(s, k, `/v1/traces/${t}/proof`);
  const publicBundle = await complete(s, null, `/v1/proof/trace/${t}`);
  const betaBundle = await complete(s, beta.key, `/v1/traces/${bt.trace_id}/proof`);
  const list = await api(s, k, 'GET', '/v1/audit/events?organization_id=org-vectors&limit=10');
  const auditId = list.events.find((e: Json) => e.seq === 2).id as string;
  const audit = await complete(s, k, `/v1/audit/events/${auditId}`);
  const keys = await api(s, k, 'GET', '/keys/acme.example');
  const betaKeys = await api(s, k, 'GET', '/keys/beta.example');
  const platform = await api(s, k, 'GET', '/.well-known/svc-platform-key');
  const checkpoint = await api(s, k, 'GET', '/v1/proof/log/acme.example/checkpoint');
  save('keys-acme.example.json', keys);
  save('keys-beta.example.json', betaKeys);
  save('platform-key.json', platform);
  save('checkpoint-acme.example.json', checkpoint);
  const withKeys: Options = { keys: 'keys-acme.example.json', platform_key: 'platform-key.json' };
  const names = saveTrust(platform, trust);
  // The verifier's own trust (docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens): its witness policy (log line = the platform key) and its TSA roots.
  const trusted: Options = { policy: 'policy.txt', tsa_ca: 'tsa-ca.pem' };
  const allTrust: Options = { ...withKeys, ...trusted };

  // ---- valid documents ----
  vector('event-proof', eventProof, {
    valid: true,
    must_fail: [],
    note: 'GET /v1/proof/event/{id}, log block complete',
  });
  vector('event-proof-with-keys', eventProof, {
    options: withKeys,
    valid: true,
    must_fail: [],
    note: 'the same proof, its key pinned in /keys/acme.example signed by the platform key',
  });
  vector(
    'event-proof-with-payload',
    { ...eventProof, payload: { amount: 12.5, customer: 'Zoë', items: [{ qty: 2, sku: 'X1' }], order_id: 'A-1001' } },
    {
      valid: true,
      must_fail: [],
      note: 'the payload added by its holder: its canonical hash is the signed payload_hash',
    },
  );
  vector('ai-proof', aiProof, {
    options: allTrust,
    valid: true,
    must_fail: [],
    note: 'GET /v1/proof/ai/{id} (subject not in the record: payload_hash is a SKIP line)',
  });
  vector('document-proof', docProof, {
    options: allTrust,
    valid: true,
    must_fail: [],
    note: 'GET /v1/proof/document/{id}',
  });
  vector('trace-bundle', bundle, {
    options: allTrust,
    valid: true,
    must_fail: [],
    note: 'GET /v1/traces/{id}/proof: four items (event, AI with plaintext, document, event) and the seal',
  });
  vector('trace-bundle-public', publicBundle, {
    options: trusted,
    valid: true,
    must_fail: [],
    note: 'GET /v1/proof/trace/{id} (public form)',
  });
  vector('audit-event', audit, {
    options: allTrust,
    valid: true,
    must_fail: [],
    note: 'GET /v1/audit/events/{id}: signed bytes rebuilt from the fields, org log',
  });

  // ---- tampered event proofs ----
  const ep = (f: (d: Json) => void): Json => {
    const d = clone(eventProof);
    f(d);
    return d;
  };
  vector(
    'event-signature-flipped',
    ep((d) => (d.signature = flipHex(d.signature, 10))),
    { valid: false, must_fail: ['record.signature'], note: 'one hex digit of the signature changed' },
  );
  vector(
    'event-signed-payload-altered',
    ep(
      (d) =>
        (d.signed_payload = d.signed_payload.replace(
          Buffer.from('"v":1').toString('hex'),
          Buffer.from('"v":2').toString('hex'),
        )),
    ),
    { valid: false, must_fail: ['record.signature'], note: 'the signed bytes changed (v 2)' },
  );
  vector(
    'event-key-id-wrong',
    ep((d) => (d.key_id = flipHex(d.key_id))),
    { valid: false, must_fail: ['record.key_id'], note: 'key_id is not the hash of the public key' },
  );
  vector(
    'event-payload-hash-field',
    ep((d) => (d.payload_hash = flipHex(d.payload_hash))),
    {
      valid: false,
      must_fail: ['record.fields'],
      note: 'payload_hash outside the signed bytes differs from the signed one',
    },
  );
  vector(
    'event-ingested-at-field',
    ep((d) => (d.ingested_at = '2020-01-01T00:00:00.000Z')),
    { valid: false, must_fail: ['record.fields'], note: 'ingested_at outside the signed bytes differs' },
  );
  vector(
    'event-server-claim-false',
    ep((d) => (d.signature_valid = false)),
    { valid: false, must_fail: ['record.reported'], note: 'the server reported signature_valid false' },
  );
  vector(
    'event-algorithm',
    ep((d) => (d.algorithm = 'rsa')),
    { valid: false, must_fail: ['record.algorithm'], note: 'algorithm other than ed25519' },
  );
  vector(
    'event-wrong-payload',
    ep((d) => (d.payload = { order_id: 'A-1002' })),
    {
      valid: false,
      must_fail: ['record.payload'],
      note: 'a payload whose canonical hash is not the signed payload_hash',
    },
  );
  vector(
    'event-record-kind',
    ep((d) =>
      Object.assign(d, {
        key_id: aiProof.key_id,
        public_key: aiProof.public_key,
        signature: aiProof.signature,
        signed_payload: aiProof.signed_payload,
      }),
    ),
    {
      valid: false,
      must_fail: ['record.record_kind'],
      note: "an AI attestation's signed bytes, validly signed by the same key, presented as an event proof",
    },
  );
  const forger = generateKeyPairSync('ed25519');
  const forgerPub = Buffer.from(forger.publicKey.export({ format: 'jwk' }).x!, 'base64url');
  vector(
    'event-not-canonical',
    ep((d) => {
      const signed = JSON.parse(Buffer.from(d.signed_payload, 'hex').toString('utf8'));
      const bytes = Buffer.from(JSON.stringify(signed, null, 1));
      Object.assign(d, {
        public_key: forgerPub.toString('hex'),
        key_id: sha256(forgerPub).slice(0, 16),
        signed_payload: bytes.toString('hex'),
        signature: sign(null, bytes, forger.privateKey).toString('hex'),
      });
    }),
    {
      valid: false,
      must_fail: ['record.canonical'],
      note: 'signed bytes with whitespace (not canonical), signed by another key',
    },
  );
  vector(
    'event-other-key-pinned',
    ep(() => {}),
    {
      options: { keys: 'keys-beta.example.json', platform_key: 'platform-key.json' },
      valid: false,
      must_fail: ['record.key_published', 'keys.domain'],
      note: "a key list of another domain: the proof's key is not published there",
    },
  );
  const badKeys = clone(keys);
  badKeys.keys[0].platform_signature = flipHex(badKeys.keys[0].platform_signature, 6);
  save('keys-acme.example-bad-platform-signature.json', badKeys);
  vector(
    'event-key-record-forged',
    ep(() => {}),
    {
      options: { keys: 'keys-acme.example-bad-platform-signature.json', platform_key: 'platform-key.json' },
      valid: false,
      must_fail: ['record.key_platform_signature'],
      note: 'the key record is not signed by the platform key',
    },
  );
  vector(
    'event-log-leaf-hash',
    ep((d) => (d.log.leaf_hash = flipHex(d.log.leaf_hash))),
    {
      valid: false,
      must_fail: ['record.log.leaf_hash'],
      note: 'the log leaf hash is not SHA-256(0x00 || signed bytes)',
    },
  );
  vector(
    'event-log-audit-path',
    ep((d) => (d.log.audit_path[0] = flipHex(d.log.audit_path[0]))),
    { valid: false, must_fail: ['record.log.inclusion'], note: 'an audit path hash changed' },
  );
  vector(
    'event-log-leaf-index',
    ep((d) => (d.log.leaf_index = (d.log.leaf_index + 1) % d.log.tree_size)),
    { valid: false, must_fail: ['record.log.inclusion'], note: 'the leaf index moved' },
  );
  vector(
    'event-log-root',
    ep((d) => (d.log.root_hash = flipHex(d.log.root_hash))),
    {
      valid: false,
      must_fail: ['record.log.inclusion', 'record.log.checkpoint'],
      note: 'root_hash differs from the checkpoint',
    },
  );
  vector(
    'event-log-checkpoint-signature',
    ep(
      (d) =>
        (d.log.checkpoint = tamperLine(
          d.log.checkpoint,
          d.log.checkpoint.slice(0, d.log.checkpoint.indexOf('\n')),
          -1,
        )),
    ),
    { valid: false, must_fail: ['record.log.signature'], note: 'the checkpoint note signature altered' },
  );
  vector(
    'event-log-origin',
    ep((d) => (d.organization.primary_domain = 'beta.example')),
    {
      valid: false,
      must_fail: ['record.log.origin'],
      note: "the issuer block names another domain: the checkpoint is not that domain's log",
    },
  );
  vector(
    'event-log-shape',
    ep((d) => delete d.log.audit_path),
    { valid: false, must_fail: ['record.log.shape'], note: 'a log block without audit_path' },
  );
  vector(
    'event-log-pending',
    ep((d) => (d.log = { status: 'pending' })),
    { valid: true, must_fail: [], note: 'a pending log block is a SKIP line, not a failure' },
  );

  // ---- tampered AI, document and audit documents ----
  const ap = clone(aiProof);
  ap.record.input_hash = flipHex(ap.record.input_hash);
  vector('ai-input-hash', ap, {
    valid: false,
    must_fail: ['record.fields'],
    note: 'record.input_hash differs from the signed one',
  });
  const ap2 = clone(aiProof);
  ap2.record.subject = { approver_id: 'u-43' };
  vector('ai-wrong-subject', ap2, {
    valid: false,
    must_fail: ['record.payload_hash'],
    note: 'with another subject the payload_hash does not recompute',
  });
  const ap3 = clone(aiProof);
  ap3.record.subject = { approver_id: 'u-42' };
  vector('ai-with-subject', ap3, {
    valid: true,
    must_fail: [],
    note: 'the subject added by its holder: payload_hash recomputes',
  });
  const dp = clone(docProof);
  dp.document_hash = sha256('another document');
  vector('document-hash-field', dp, {
    valid: false,
    must_fail: ['record.fields'],
    note: 'document_hash differs from the signed one',
  });
  const au = clone(audit);
  au.action = 'user.logout';
  vector('audit-action-changed', au, {
    valid: false,
    must_fail: ['record.payload_hash', 'record.signature'],
    note: 'a signed field changed after signing',
  });
  const au2 = clone(audit);
  au2.log.checkpoint = eventProof.log.checkpoint;
  vector('audit-tenant-log-checkpoint', au2, {
    valid: false,
    must_fail: ['record.log.checkpoint'],
    note: "the tenant log's checkpoint in place of the org log's",
  });
  vector('audit-org-log-origin', audit, {
    options: { keys: 'keys-beta.example.json' },
    valid: false,
    must_fail: ['record.log.origin'],
    note: "with another domain's key list the org log origin is not that domain's",
  });

  // ---- tampered bundles ----
  // Made on the bundle without its heads (absent heads are SKIP lines): the bundle rules are what they test, and five
  // copies of the head evidence in each of these files would make the folder several times larger.
  const bare = (): Json => withoutHeads(bundle);
  vector(
    'bundle-version',
    { ...bare(), bundle_version: 2 },
    { valid: false, must_fail: ['bundle.version'], note: 'an unknown bundle version' },
  );
  const recount = (b: Json): Json => {
    b.items.forEach((it: Json, i: number) => (it.sequence = i + 1));
    const composite = sha256(Buffer.concat(b.items.map((it: Json) => Buffer.from(it.content_hash, 'hex'))));
    b.header.item_count = b.seal.item_count = b.items.length;
    b.header.composite_hash = b.seal.composite_hash = composite;
    if (b.seal.payload) Object.assign(b.seal.payload, { item_count: b.items.length, composite_hash: composite });
    return b;
  };
  const removed = bare();
  removed.items.splice(1, 1);
  vector('bundle-item-removed', recount(removed), {
    valid: false,
    must_fail: ['seal.payload_hash'],
    note: 'an item removed, counts and composite hash recomputed by the forger',
  });
  const dup = bare();
  dup.items.splice(2, 0, clone(dup.items[1]));
  vector('bundle-item-duplicated', recount(dup), {
    valid: false,
    must_fail: ['bundle.unique_items', 'seal.payload_hash'],
    note: 'an item twice, counts recomputed',
  });
  const swapped = bare();
  [swapped.items[0], swapped.items[3]] = [swapped.items[3], swapped.items[0]];
  vector('bundle-items-swapped', recount(swapped), {
    valid: false,
    must_fail: ['bundle.timestamps', 'seal.payload_hash'],
    note: 'first and last items swapped, sequence renumbered',
  });
  const unsequenced = bare();
  unsequenced.items[1].sequence = 3;
  vector('bundle-sequence', unsequenced, {
    valid: false,
    must_fail: ['bundle.sequence'],
    note: 'a sequence number out of order',
  });
  const counted = bare();
  counted.header.item_count += 1;
  vector('bundle-count', counted, {
    valid: false,
    must_fail: ['bundle.count'],
    note: 'header.item_count off by one',
  });
  const composite = bare();
  composite.header.composite_hash = flipHex(composite.header.composite_hash);
  vector('bundle-composite', composite, {
    valid: false,
    must_fail: ['bundle.composite_hash'],
    note: 'header.composite_hash changed',
  });
  const content = bare();
  content.items[0].payload.total = 100;
  vector('bundle-item-payload', content, {
    valid: false,
    must_fail: ['items[0].content_hash'],
    note: "an event item's payload changed",
  });
  const docMeta = bare();
  docMeta.items[2].payload.metadata = { pages: 2 };
  vector('bundle-document-metadata', docMeta, {
    valid: false,
    must_fail: ['items[2].fields'],
    note: "a document item's metadata changed",
  });
  const aiPlain = bare();
  aiPlain.items[1].payload.output = 'rejected';
  vector('bundle-ai-plaintext', aiPlain, {
    valid: false,
    must_fail: ['items[1].content_hash'],
    note: "an AI item's stored output changed",
  });
  const traceId = bare();
  traceId.header.trace_id = beta.tenantId;
  vector('bundle-trace-id', traceId, {
    valid: false,
    must_fail: ['seal.payload_hash'],
    note: 'another trace id in the header',
  });
  const sealedAt = bare();
  sealedAt.seal.sealed_at = '2020-01-01T00:00:00.000Z';
  vector('bundle-sealed-at', sealedAt, {
    valid: false,
    must_fail: ['seal.fields'],
    note: 'seal.sealed_at differs from the signed time',
  });
  const sealSig = bare();
  sealSig.seal.signature = flipHex(sealSig.seal.signature, 20);
  vector('bundle-seal-signature', sealSig, {
    valid: false,
    must_fail: ['seal.signature'],
    note: 'the seal signature altered',
  });
  const claims = bare();
  claims.seal.all_signatures_valid = false;
  vector('bundle-seal-claim', claims, {
    valid: false,
    must_fail: ['seal.reported'],
    note: 'the server reported all_signatures_valid false',
  });
  const foreign = bare();
  foreign.items[0] = withoutHeads(betaBundle).items[0];
  vector('bundle-foreign-item', recount(foreign), {
    valid: false,
    must_fail: ['bundle.tenant'],
    note: "another tenant's item in place of the first",
  });
  const pending = bare();
  pending.items[2].log = { status: 'pending' };
  vector('bundle-log-order', pending, {
    valid: false,
    must_fail: ['bundle.log_order'],
    note: 'an item pending while the seal is covered by a checkpoint',
  });
  const sealPayload = bare();
  sealPayload.seal.payload.metadata = { period: '2025-02' };
  vector('bundle-seal-payload', sealPayload, {
    valid: false,
    must_fail: ['seal.payload'],
    note: 'seal.payload carries other metadata',
  });

  await headVectors(eventProof, trusted, names, trust, { bareBundle: bare(), audit, platform });
  await sandboxVectors({ s, dir, vector, trusted });
}

/** The platform key, the verifier's witness policies and TSA roots; returns the names of the witnesses that cosign. */
function saveTrust(platform: Json, t: Trust): string[] {
  const logLine = `log ${platform.note_verifier_key}`;
  const w3 = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!;
  const absent = cosignerVerifierKey(
    nodeSha256,
    'witness.vectors.example/w3',
    new Uint8Array(Buffer.from(w3, 'base64url')),
  );
  const other = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!;
  const otherLog = verifierKey(
    nodeSha256,
    platform.note_verifier_key.split('+')[0],
    new Uint8Array(Buffer.from(other, 'base64url')),
  );
  const w = (label: string, x: { name: string; vkey: string }) => `witness ${label} ${x.vkey}`;
  save(
    'policy.txt',
    `# the verifier's policy: the platform key signs the head, both witnesses must cosign\n${logLine}\n${w('w1', t.w1)}\n${w('w2', t.a2Witness)}\ngroup both all w1 w2\nquorum both\n`,
  );
  save('policy-unmet.txt', `${logLine}\n${w('w1', t.w1)}\nwitness w3 ${absent}\ngroup both all w1 w3\nquorum both\n`);
  save('policy-other-log.txt', `log ${otherLog}\n${w('w1', t.w1)}\nquorum w1\n`);
  save('tsa-ca.pem', t.tsa.caPem);
  return [t.w1.name, t.a2Witness.name];
}

/** A copy of a note with the signature line of key name `name` changed in its byte `at` (from the end when negative). */
function tamperLine(note: string, name: string, at: number): string {
  const lines = note.split('\n');
  const i = lines.findIndex((l) => l.startsWith(`\u2014 ${name} `));
  const sp = lines[i]!.lastIndexOf(' ');
  const raw = fromBase64(lines[i]!.slice(sp + 1))!;
  raw[at < 0 ? raw.length + at : at]! ^= 1;
  lines[i] = lines[i]!.slice(0, sp + 1) + toBase64(raw);
  return lines.join('\n');
}

/**
 * The head step (docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens) on the appliance's own complete event proof: its head leaf, inclusion, platform-signed
 * head note cosigned by both witnesses, and RFC 3161 token, each link broken in turn, and the verifier's trust that
 * does not hold (a quorum the cosigners do not meet, another log key, a TSA of another CA, a pending head).
 */
async function headVectors(
  eventProof: Json,
  trusted: Options,
  names: string[],
  t: Trust,
  more: { bareBundle: Json; audit: Json; platform: Json },
): Promise<void> {
  const head = eventProof.log.head;
  const headOrigin = head.checkpoint.slice(0, head.checkpoint.indexOf('\n'));
  const body = head.checkpoint.slice(0, head.checkpoint.indexOf('\n\n') + 1);
  // Real tokens the appliance would not keep: from a TSA of another CA, and over other bytes than the head body.
  const stamp = async (tsa: Tsa, data: string) => {
    const nonce = newNonce();
    const res = await fetch(tsa.url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: Buffer.from(buildTimestampRequest(nodeSha256(new TextEncoder().encode(data)), nonce)),
    });
    const reply = await checkTimestampResponse(
      nodeSha256,
      new Uint8Array(await res.arrayBuffer()),
      new TextEncoder().encode(data),
      { nonce, anchors: loadTrustAnchors(tsa.mode === 'other_ca' ? tsa.otherCaPem : tsa.caPem) },
    );
    if (!reply.ok || !reply.token) throw new Error(`TSA refused: ${JSON.stringify(reply)}`);
    return { token: Buffer.from(reply.token).toString('base64'), gen_time: reply.genTime.toISOString(), tsa: tsa.url };
  };
  const foreign = await stamp(t.otherTsa, body);
  const overOther = await stamp(t.tsa, `${body}x`);
  const withHead = (f: (h: Json) => void): Json => {
    const d = clone(eventProof);
    f(d.log.head);
    return d;
  };
  vector('head-event-proof', eventProof, {
    options: trusted,
    valid: true,
    must_fail: [],
    note: `the appliance's log.head under the verifier's policy and TSA roots: head leaf, inclusion, platform signature, cosignatures of ${names.join(' and ')} meeting the quorum, an RFC 3161 token chaining to tsa-ca.pem`,
  });
  vector('head-no-policy', eventProof, {
    options: { platform_key: 'platform-key.json' },
    valid: true,
    must_fail: [],
    note: 'without a policy: the head note against the platform key given; cosignatures not checked, no outside trust applied',
  });
  vector(
    'head-leaf',
    withHead((h) => (h.leaf_hash = flipHex(h.leaf_hash))),
    {
      options: trusted,
      valid: false,
      must_fail: ['record.head.leaf'],
      note: "the head leaf is not the hash of the log checkpoint's head leaf",
    },
  );
  vector(
    'head-leaf-index',
    withHead((h) => (h.leaf_index = (h.leaf_index + 1) % h.tree_size)),
    { options: trusted, valid: false, must_fail: ['record.head.inclusion'], note: 'the head leaf index moved' },
  );
  vector(
    'head-inclusion',
    withHead((h) => (h.audit_path[0] = flipHex(h.audit_path[0]))),
    {
      options: trusted,
      valid: false,
      must_fail: ['record.head.inclusion'],
      note: 'a head audit path hash changed',
    },
  );
  vector(
    'head-root',
    withHead((h) => (h.root_hash = flipHex(h.root_hash))),
    {
      options: trusted,
      valid: false,
      must_fail: ['record.head.inclusion', 'record.head.checkpoint'],
      note: 'root_hash differs from the head checkpoint',
    },
  );
  vector(
    'head-signature',
    withHead((h) => (h.checkpoint = tamperLine(h.checkpoint, headOrigin, -1))),
    {
      options: trusted,
      valid: false,
      must_fail: ['record.head.signature'],
      note: 'the platform signature of the head note altered',
    },
  );
  vector(
    'head-signature-platform-key',
    withHead((h) => (h.checkpoint = tamperLine(h.checkpoint, headOrigin, -1))),
    {
      options: { platform_key: 'platform-key.json' },
      valid: false,
      must_fail: ['record.head.signature'],
      note: 'the same, checked against the platform key file without a policy',
    },
  );
  vector('head-other-log', eventProof, {
    options: { policy: 'policy-other-log.txt' },
    valid: false,
    must_fail: ['record.head.signature'],
    note: "the policy's log key is not the key that signed the head",
  });
  vector(
    'head-cosignature',
    withHead((h) => (h.checkpoint = tamperLine(h.checkpoint, names[1]!, 20))),
    {
      options: trusted,
      valid: false,
      must_fail: ['record.head.cosignature[w2]', 'record.head.quorum'],
      note: `the cosignature of ${names[1]} altered`,
    },
  );
  vector('head-quorum', eventProof, {
    options: { policy: 'policy-unmet.txt', tsa_ca: 'tsa-ca.pem' },
    valid: false,
    must_fail: ['record.head.quorum'],
    note: 'the policy needs w3, which did not cosign',
  });
  vector(
    'head-timestamp-other-ca',
    withHead((h) => (h.timestamps = [foreign])),
    {
      options: trusted,
      valid: false,
      must_fail: ['record.head.time'],
      note: 'the only token, over the head body, is from a TSA of another CA: with --tsa-ca none counts',
    },
  );
  vector(
    'head-timestamp-imprint',
    withHead((h) => (h.timestamps = [overOther])),
    {
      options: trusted,
      valid: false,
      must_fail: ['record.head.timestamp[0]'],
      note: 'a token of the trusted TSA over other bytes than the head body',
    },
  );
  vector(
    'head-timestamp-gen-time',
    withHead((h) => (h.timestamps[0].gen_time = '2020-01-01T00:00:00.000Z')),
    {
      options: trusted,
      valid: false,
      must_fail: ['record.head.timestamp[0]'],
      note: "gen_time differs from the token's",
    },
  );
  vector(
    'head-timestamp-token',
    withHead((h) => {
      const der = Buffer.from(h.timestamps[0].token, 'base64');
      der[der.length - 10]! ^= 1;
      h.timestamps[0].token = der.toString('base64');
    }),
    {
      options: trusted,
      valid: false,
      must_fail: ['record.head.timestamp[0]'],
      note: 'a byte of the token signature changed',
    },
  );
  vector(
    'head-shape',
    withHead((h) => delete h.audit_path),
    { options: trusted, valid: false, must_fail: ['record.head.shape'], note: 'a head block without audit_path' },
  );
  const pending = clone(eventProof);
  pending.log.head = { status: 'pending' };
  vector('head-pending', pending, {
    valid: true,
    must_fail: [],
    note: 'a head still pending is a SKIP line when the verifier asks for no outside trust',
  });
  vector('head-pending-policy', pending, {
    options: trusted,
    valid: false,
    must_fail: ['record.head.status'],
    note: 'a head still pending under a policy and TSA roots: the evidence asked for is not there',
  });
  const absent = clone(eventProof);
  delete absent.log.head;
  vector('head-absent-policy', absent, {
    options: trusted,
    valid: false,
    must_fail: ['record.head.status'],
    note: 'a log block without head under a policy and TSA roots',
  });
  vector(
    'head-empty',
    withHead((h) => Object.keys(h).forEach((k) => delete h[k])),
    { options: trusted, valid: false, must_fail: ['record.head.shape'], note: 'an empty head block ({}): not a head' },
  );
  const nulled = clone(eventProof);
  nulled.log.head = null;
  vector('head-null-policy', nulled, {
    options: trusted,
    valid: false,
    must_fail: ['record.head.status'],
    note: 'head: null under a policy and TSA roots is no head, not a pass',
  });
  forgedPolicies(
    more.platform,
    [
      { label: 'w1', vkey: t.w1.vkey },
      { label: 'w2', vkey: t.a2Witness.vkey },
    ],
    t.hostile,
    save,
  );
  forgedVectors({
    eventProof,
    bareBundle: more.bareBundle,
    audit: more.audit,
    trusted,
    platformKey: 'platform-key.json',
    hostile: t.hostile,
    foreignToken: foreign,
    vector,
    vectorFile,
  });
}

if (import.meta.main) await main();
