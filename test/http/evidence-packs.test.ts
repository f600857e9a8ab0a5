// Evidence packs as a client downloads them from a real appliance cosigned by an independent witness and dated by a
// real openssl TSA: each kind's ZIP opened by Python's zipfile (not the product's code), every file equal to what its
// own route answers, the time-stamp tokens accepted by `openssl ts -verify` run as README.txt writes it, `svc verify`
// passing proof.json, the same bytes twice and from `svc evidence export`, and the pending, not-found and access answers.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, cleanupDirs, newTenant, ownedDir, python, startServer, svc, until, type Server } from '../helpers';
import { startIndependentWitness } from './independent-witness';
import { startTsa, type Tsa } from '../tsa-server';

const PUBLIC_URL = 'https://evidence.test:8443';
const FAST = {
  SVC_CHECKPOINT_SECONDS: '1',
  SVC_HEAD_SECONDS: '1',
  SVC_PUBLIC_RPS: '100000',
  SVC_PUBLIC_URL: PUBLIC_URL,
};
const DOMAIN = 'packs.test';
let s: Server;
let tsa: Tsa;
let w: ReturnType<typeof startIndependentWitness>;
let key = '';
let readOnlyKey = '';
let tenantId = '';
/** The server's settings; the CLI runs with them as an operator's does (docs/operations.md#operator-cli). */
let env: Record<string, string> = {};

type Got = { status: number; headers: Headers; body: Buffer };
async function get(path: string, apiKey?: string, server = s): Promise<Got> {
  const r = await fetch(server.url + path, {
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
    tls: { rejectUnauthorized: false },
  } as RequestInit);
  return { status: r.status, headers: r.headers, body: Buffer.from(await r.arrayBuffer()) };
}

/** The ZIP opened by Python's zipfile: every member's name (in order) and bytes, and the entries' stored times. */
const UNZIP = `
import base64, io, json, sys, zipfile
out = []
for z in json.load(sys.stdin):
    with zipfile.ZipFile(io.BytesIO(base64.b64decode(z))) as f:
        assert f.testzip() is None
        out.append({'names': f.namelist(), 'times': sorted({str(i.date_time) for i in f.infolist()}),
                    'files': {n: base64.b64encode(f.read(n)).decode() for n in f.namelist()}})
json.dump(out, sys.stdout)
`;
type Unzipped = { names: string[]; times: string[]; files: Record<string, Buffer> };
async function unzip(zip: Buffer): Promise<Unzipped> {
  const [r] = await python(['-c', UNZIP], [zip.toString('base64')]);
  return {
    names: r.names,
    times: r.times,
    files: Object.fromEntries(Object.entries(r.files).map(([n, b]) => [n, Buffer.from(b as string, 'base64')])),
  };
}

/** A pack's kind, its routes and what it proves. */
type Case = {
  name: string;
  pack: string;
  json: string;
  apiKey?: string;
  filename: string;
  /** The record routes of each directory of the pack ('' for a single record). */
  records: Array<{ dir: string; path: string; apiKey?: string }>;
};
const cases: Case[] = [];

const proofOf = (path: string, apiKey?: string) =>
  until(
    async () => {
      const r = await call(s, 'GET', path, { key: apiKey });
      if (r.status !== 200) return null;
      const logs = r.body.items ? [...r.body.items.map((i: any) => i.log), r.body.seal.log] : [r.body.log];
      return logs.every((l: any) => l?.head?.timestamps?.length) ? r.body : null;
    },
    90_000,
    100,
  );

beforeAll(async () => {
  w = startIndependentWitness('witness.test/packs');
  tsa = await startTsa();
  const dir = ownedDir();
  const policyFile = join(ownedDir(), 'policy.txt');
  writeFileSync(policyFile, `witness W1 ${w.vkey} ${w.url}\nquorum W1\n`);
  env = { ...FAST, SVC_WITNESS_POLICY_FILE: policyFile, SVC_TSA_URLS: tsa.url, SVC_TSA_CA_FILE: tsa.caFile };
  s = await startServer({ dataDir: dir, env });
  const platform = (await call(s, 'GET', '/.well-known/svc-platform-key')).body;
  w.addLog(platform.note_verifier_key.split('+')[0], platform.note_verifier_key);
  const t = await newTenant(dir, DOMAIN, 'read,write,audit:read,audit:write', 'enterprise');
  key = t.key;
  tenantId = t.tenantId;
  const ro = await svc(['--data-dir', dir, 'key', 'create', '--tenant', tenantId, '--name', 'ro', '--scopes', 'write']);
  readOnlyKey = ro.json.api_key;
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const r = await call(s, 'POST', path, { key, body, headers });
    expect([201, 202]).toContain(r.status);
    return r.body;
  };
  const ev = await post('/v1/events', { event_type: 'pack.check', payload: { n: 1 } });
  const ai = await post('/v1/ai/attestations', { attestation_type: 'output', input: 'q', output: 'a' });
  const doc = await post('/v1/document/anchor', {
    document_hash: createHash('sha256').update('a document').digest('hex'),
  });
  const trace = await post('/v1/traces', { label: 'packs' });
  const tid = trace.trace_id;
  const e1 = await post('/v1/events', { event_type: 'step', payload: { i: 0 }, trace_id: tid });
  const a1 = await post('/v1/ai/attestations', { attestation_type: 'output', input: 'x', output: 'y', trace_id: tid });
  expect((await call(s, 'POST', `/v1/traces/${tid}/public`, { key, body: { enabled: true } })).status).toBe(200);
  await post(`/v1/traces/${tid}/seal`, undefined);
  const sealId = await until(async () => {
    const tr = (await call(s, 'GET', `/v1/traces/${tid}`, { key })).body;
    return tr.status === 'sealed' && tr.seal_event_id;
  }, 30_000);
  await post('/v1/audit/orgs', { organization_id: 'org-p' });
  const audit = await post(
    '/v1/audit/events',
    { organization_id: 'org-p', action: 'user.login', actor: { type: 'user', id: 'u1' } },
    { 'idempotency-key': 'packs-1' },
  );
  for (const [kind, id] of [
    ['event', ev.event_id],
    ['ai', ai.attestation_id],
    ['document', doc.event_id],
  ] as const)
    cases.push({
      name: kind,
      pack: `/v1/proof/${kind}/${id}/evidence`,
      json: `/v1/proof/${kind}/${id}`,
      filename: `evidence-${kind}-${id}.zip`,
      records: [{ dir: '', path: `/v1/proof/${kind}/${id}` }],
    });
  const items = [
    { dir: 'items/0/', path: `/v1/proof/event/${e1.event_id}` },
    { dir: 'items/1/', path: `/v1/proof/ai/${a1.attestation_id}` },
    { dir: 'seal/', path: `/v1/proof/event/${sealId}` },
  ];
  cases.push(
    {
      name: 'public trace',
      pack: `/v1/proof/trace/${tid}/evidence`,
      json: `/v1/proof/trace/${tid}`,
      filename: `evidence-trace-${tid}.zip`,
      records: items,
    },
    {
      name: 'trace',
      pack: `/v1/traces/${tid}/evidence`,
      json: `/v1/traces/${tid}/proof`,
      apiKey: key,
      filename: `evidence-trace-${tid}.zip`,
      records: items,
    },
    {
      name: 'audit',
      pack: `/v1/audit/events/${audit.event_id}/evidence`,
      json: `/v1/audit/events/${audit.event_id}`,
      apiKey: key,
      filename: `evidence-audit-${audit.event_id}.zip`,
      records: [{ dir: '', path: `/v1/audit/events/${audit.event_id}`, apiKey: key }],
    },
  );
  for (const c of cases) await proofOf(c.json, c.apiKey);
}, 240_000);

afterAll(async () => {
  await s?.stop();
  w?.stop();
  tsa?.stop();
  cleanupDirs();
});

const SINGLE = ['receipt.cose', 'head-receipt.cose', 'proof.tlog-proof', 'head.tlog-proof'];

describe('GET .../evidence', () => {
  it('answers a ZIP whose files are exactly what their own routes answer, for every kind', async () => {
    const keys = await get(`/keys/${DOMAIN}`);
    const platform = await get('/.well-known/svc-platform-key');
    const policy = await get('/.well-known/svc-witness-policy');
    const verifier = await get('/verify.html');
    expect([verifier.status, verifier.body.length > 1000]).toEqual([200, true]);
    for (const c of cases) {
      const r = await get(c.pack, c.apiKey);
      expect([c.name, r.status, r.headers.get('content-type')]).toEqual([c.name, 200, 'application/zip']);
      expect(r.headers.get('content-disposition')).toBe(`attachment; filename="${c.filename}"`);
      const z = await unzip(r.body);
      // One fixed time on every entry: the DOS epoch.
      expect(z.times).toEqual(['(1980, 1, 1, 0, 0, 0)']);
      const json = await get(c.json, c.apiKey);
      const proof = JSON.parse(json.body.toString());
      const logs = proof.items ? [...proof.items.map((i: any) => i.log), proof.seal.log] : [proof.log];
      const tokens = [...new Set(logs.flatMap((l: any) => l.head.timestamps.map((t: any) => t.token)))];
      expect(z.names).toEqual([
        'README.txt',
        'proof.json',
        ...c.records.flatMap((rec) => SINGLE.map((f) => rec.dir + f)),
        'keys.json',
        'platform-key.json',
        'witness-policy.txt',
        ...tokens.map((_, i) => `tsa/${i + 1}.tsr`),
        'verify.html',
      ]);
      expect([c.name, z.files['proof.json']!.equals(json.body)]).toEqual([c.name, true]);
      for (const [i, rec] of c.records.entries()) {
        const log = logs[i];
        const [origin, size] = log.checkpoint.split('\n');
        const q = `?origin=${encodeURIComponent(origin)}&size=${size}`;
        const want: Record<string, Got> = {
          'receipt.cose': await get(`${rec.path}/receipt`, rec.apiKey),
          'proof.tlog-proof': await get(`${rec.path}/tlog-proof`, rec.apiKey),
          'head-receipt.cose': await get(`/v1/proof/head/receipt${q}`),
          'head.tlog-proof': await get(`/v1/proof/head/tlog-proof${q}`),
        };
        for (const [f, g] of Object.entries(want)) {
          expect([c.name, rec.dir + f, g.status]).toEqual([c.name, rec.dir + f, 200]);
          expect([c.name, rec.dir + f, z.files[rec.dir + f]!.equals(g.body)]).toEqual([c.name, rec.dir + f, true]);
        }
      }
      expect(z.files['keys.json']!.equals(keys.body)).toBe(true);
      expect(z.files['platform-key.json']!.equals(platform.body)).toBe(true);
      expect(z.files['witness-policy.txt']!.equals(policy.body)).toBe(true);
      expect(z.files['verify.html']!.equals(verifier.body)).toBe(true);
      tokens.forEach((t, i) => {
        expect(z.files[`tsa/${i + 1}.tsr`]!.equals(Buffer.from(t as string, 'base64'))).toBe(true);
      });
      // The same pack twice is the same bytes.
      expect((await get(c.pack, c.apiKey)).body.equals(r.body)).toBe(true);
    }
  }, 120_000);

  it("README.txt's openssl commands accept every token against the TSA's root, and its svc verify passes proof.json", async () => {
    for (const c of cases) {
      const z = await unzip((await get(c.pack, c.apiKey)).body);
      const dir = ownedDir();
      for (const [n, b] of Object.entries(z.files)) {
        mkdirSync(join(dir, n, '..'), { recursive: true });
        writeFileSync(join(dir, n), b);
      }
      copyFileSync(tsa.caFile, join(dir, 'tsa-roots.pem'));
      const readme = z.files['README.txt']!.toString();
      const verifies = readme
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.startsWith('openssl ts -verify'));
      const tokens = Object.keys(z.files).filter((n) => n.startsWith('tsa/'));
      expect(tokens.length).toBeGreaterThan(0);
      // One -digest command per token, and the -data recipe after the awk line.
      expect(verifies.filter((l) => l.includes('-digest')).length).toBe(tokens.length);
      for (const line of verifies) {
        const awk = readme
          .split('\n')
          .map((l) => l.trim())
          .find((l) => l.startsWith('awk '))!;
        const script = line.includes('-data') ? `${awk}\n${line}` : line;
        const r = Bun.spawnSync(['sh', '-ec', script], { cwd: dir, stdout: 'pipe', stderr: 'pipe' });
        expect([c.name, line, r.exitCode, r.stdout.toString() + r.stderr.toString()]).toEqual([
          c.name,
          line,
          0,
          expect.stringContaining('Verification: OK'),
        ]);
      }
      // A token checked against a digest of other bytes is refused (the command can fail).
      const wrong = verifies[0]!.replace(/-digest [0-9a-f]{64}/, `-digest ${'0'.repeat(64)}`);
      expect(Bun.spawnSync(['sh', '-ec', wrong], { cwd: dir }).exitCode).not.toBe(0);

      const cmd = readme
        .split('\n')
        .map((l) => l.trim())
        .find((l) => l.startsWith('svc verify '))!;
      const args = cmd
        .split(/\s+/)
        .slice(1)
        .map((a) => (/\.(json|txt|pem)$/.test(a) ? join(dir, a) : a));
      const v = await svc(args);
      expect([c.name, v.code, v.json?.valid, v.json?.trust]).toEqual([c.name, 0, true, 'policy']);
      expect(v.json.existed_no_later_than).not.toBeNull();
      // The published policy names the witness by its key name.
      expect(v.json.witnessed_by).toEqual(['witness.test/packs']);
    }
  }, 180_000);

  it('svc verify takes the pack itself: VALID with its pack checks, a flipped receipt bit or a broken zip refused', async () => {
    for (const c of cases) {
      const zip = (await get(c.pack, c.apiKey)).body;
      const dir = ownedDir();
      writeFileSync(join(dir, 'pack.zip'), zip);
      const ok = await svc(['verify', join(dir, 'pack.zip'), '--tsa-ca', tsa.caFile]);
      const names: string[] = ok.json.checks.map((k: { name: string }) => k.name);
      expect([c.name, ok.code, ok.json.valid]).toEqual([c.name, 0, true]);
      const z = await unzip(zip);
      // A record's own receipt (a trace pack holds one per item, under items/N/).
      const receiptFile = Object.keys(z.files).find((n) => n.endsWith('receipt.cose') && !n.includes('head-'))!;
      expect(names).toContain(`pack.receipt_signature[${receiptFile}]`);
      // The proof inside answers the same record checks on its own.
      writeFileSync(join(dir, 'proof.json'), z.files['proof.json']!);
      const alone = await svc(['verify', join(dir, 'proof.json'), '--tsa-ca', tsa.caFile]);
      expect(names).toEqual(expect.arrayContaining(alone.json.checks.map((k: { name: string }) => k.name)));

      const receipt = Buffer.from(z.files[receiptFile]!);
      receipt[receipt.length - 1]! ^= 1;
      // The flipped receipt in a zip written by Python's zipfile (not the product's writer).
      const rewritten = await python(
        [
          '-c',
          `import base64, io, json, sys, zipfile
[d] = json.load(sys.stdin)
b = io.BytesIO()
with zipfile.ZipFile(b, 'w') as f:
    for n, v in d.items(): f.writestr(n, base64.b64decode(v))
json.dump(base64.b64encode(b.getvalue()).decode(), sys.stdout)`,
        ],
        [
          Object.fromEntries(
            Object.entries({ ...z.files, [receiptFile]: receipt }).map(([n, b]) => [n, b.toString('base64')]),
          ),
        ],
      );
      writeFileSync(join(dir, 'flipped.zip'), Buffer.from(rewritten as string, 'base64'));
      const bad = await svc(['verify', join(dir, 'flipped.zip')]);
      expect([c.name, bad.code, bad.json.valid]).toEqual([c.name, 1, false]);
      expect(bad.json.checks.find((k: { ok: boolean }) => !k.ok).name).toBe(`pack.receipt_signature[${receiptFile}]`);
    }
    const dir = ownedDir();
    writeFileSync(join(dir, 'cut.zip'), (await get(cases[0]!.pack, cases[0]!.apiKey)).body.subarray(0, 200));
    const cut = await svc(['verify', join(dir, 'cut.zip')]);
    expect([cut.code, cut.json.valid, cut.json.checks.map((k: { name: string }) => k.name)]).toEqual([
      1,
      false,
      ['pack.zip[pack]'],
    ]);
  }, 180_000);

  it('answers 404 as the JSON proofs, and refuses packs without the scope of their JSON proof', async () => {
    const none = '00000000-0000-4000-8000-000000000000';
    for (const kind of ['event', 'ai', 'document']) {
      const r = await call(s, 'GET', `/v1/proof/${kind}/${none}/evidence`);
      expect([r.status, r.body.error]).toEqual([404, 'proof_not_found']);
      expect((await call(s, 'GET', `/v1/proof/${kind}/not-a-uuid/evidence`)).status).toBe(400);
    }
    expect((await call(s, 'GET', `/v1/proof/trace/${none}/evidence`)).body.error).toBe('proof_not_found');
    expect((await call(s, 'GET', `/v1/traces/${none}/evidence`, { key })).body.error).toBe('trace_not_found');
    expect((await call(s, 'GET', '/v1/audit/events/aevt_none/evidence', { key })).body.error).toBe('not_found');
    for (const c of cases.filter((x) => x.apiKey)) {
      expect((await call(s, 'GET', c.pack)).status).toBe(401);
      const r = await call(s, 'GET', c.pack, { key: readOnlyKey });
      expect([c.name, r.status, r.body.error]).toEqual([c.name, 403, 'insufficient_scope']);
    }
  });
});

describe('svc evidence export', () => {
  it('writes the same bytes as the API, offline from the data directory', async () => {
    for (const c of cases.filter((x) => x.name !== 'public trace')) {
      const api = (await get(c.pack, c.apiKey)).body;
      const kind = c.name;
      const id = c.filename.replace(/^evidence-[a-z]+-/, '').replace(/\.zip$/, '');
      const out = join(ownedDir(), c.filename);
      const tenant = ['trace', 'audit'].includes(kind) ? ['--tenant', DOMAIN] : [];
      const r = await svc(
        ['--data-dir', s.dataDir, 'evidence', 'export', '--kind', kind, '--id', id, ...tenant, '--out', out],
        env,
      );
      expect([kind, r.code, r.stderr]).toEqual([kind, 0, '']);
      expect(r.json).toEqual({ kind, id, out, bytes: api.length });
      expect([kind, readFileSync(out).equals(api)]).toEqual([kind, true]);
    }
  }, 120_000);

  it('refuses a missing tenant for audit events and an unknown record, exit 1 with one line', async () => {
    const out = join(ownedDir(), 'x.zip');
    const noTenant = await svc([
      '--data-dir',
      s.dataDir,
      'evidence',
      'export',
      '--kind',
      'audit',
      '--id',
      'aevt_x',
      '--out',
      out,
    ]);
    expect(noTenant.code).toBe(2);
    const none = '00000000-0000-4000-8000-000000000000';
    const r = await svc(['--data-dir', s.dataDir, 'evidence', 'export', '--kind', 'event', '--id', none, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    const bad = await svc([
      '--data-dir',
      s.dataDir,
      'evidence',
      'export',
      '--kind',
      'nope',
      '--id',
      none,
      '--out',
      out,
    ]);
    expect(bad.code).toBe(2);
  });
});

describe('before the proof is complete', () => {
  it('answers 409 leaf_pending with Retry-After before a checkpoint, and before a published head', async () => {
    const slow = await startServer({
      dataDir: ownedDir(),
      env: { SVC_CHECKPOINT_SECONDS: '3', SVC_HEAD_SECONDS: '86400', SVC_PUBLIC_RPS: '100000' },
    });
    try {
      const e = await call(slow, 'POST', '/v1/events', { key: slow.apiKey, body: { event_type: 'x', payload: {} } });
      expect(e.status).toBe(201);
      const path = `/v1/proof/event/${e.body.event_id}/evidence`;
      const first = await call(slow, 'GET', path);
      expect([first.status, first.body.error]).toEqual([409, 'leaf_pending']);
      expect(Number(first.headers.get('retry-after'))).toBeGreaterThan(0);
      // Checkpointed, its head not yet published: still pending.
      await until(
        async () => (await call(slow, 'GET', `/v1/proof/event/${e.body.event_id}`)).body.log?.leaf_index >= 0,
        30_000,
        100,
      );
      const second = await call(slow, 'GET', path);
      expect([second.status, second.body.error]).toEqual([409, 'leaf_pending']);
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await slow.stop();
    }
  }, 90_000);
});
