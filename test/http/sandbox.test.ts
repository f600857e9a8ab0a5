// Sandbox tenants (docs/api.md#sandbox-tenants) as a client meets them: made by `svc tenant create --sandbox` and the
// operator API, keys like any other; every record kind's signed bytes say "sandbox": true (checked with node:crypto over
// independently canonicalized bytes); svc verify, the TypeScript and the Python verifiers say valid, sandbox, complete;
// a stripped flag fails; no quota is used; no checkpoint of theirs enters the head; the PDF and the proof page say
// "TEST — not evidence"; an ordinary tenant's records are unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { verify as edVerify } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { verify as tsVerify } from '../../clients/typescript/src/index';
import {
  call,
  cleanupDirs,
  cli,
  launchChromium,
  newTenant,
  ownedDir,
  pubKey,
  python,
  ROOT,
  runCommand,
  sha,
  startServer,
  svc,
  until,
  type Server,
} from '../helpers';
import { canonicalJson } from './independent-canonical';

const MARK = 'TEST \u2014 not evidence';
let s: Server;
let dir: string;
let opToken: string;
let key: string;
let sandboxId: string;
let plain: Awaited<ReturnType<typeof newTenant>>;
/** The sandbox tenant's documents by name, each with every log block checkpointed. */
const docs: Record<string, any> = {};
let plainProof: any;
let traceId: string;

const op = (method: string, path: string, body?: unknown) =>
  call(s, method, path, { body, headers: { authorization: `Bearer ${opToken}` } });
async function post(k: string, path: string, body?: unknown): Promise<any> {
  const r = await call(s, 'POST', path, { key: k, body, headers: { 'idempotency-key': crypto.randomUUID() } });
  const ok = r.status === 201 || (r.status === 202 && path.endsWith('/seal'));
  expect([path, ok ? '' : r.text]).toEqual([path, '']);
  return r.body;
}
/** Polls until every log block of the document carries its checkpoint. */
const checkpointed = (path: string, k: string | null = null) =>
  until(
    async () => {
      const r = await call(s, 'GET', path, { key: k });
      if (r.status !== 200) return null;
      const blocks = r.body.bundle_version ? [...r.body.items.map((i: any) => i.log), r.body.seal.log] : [r.body.log];
      return blocks.every((l: any) => typeof l?.checkpoint === 'string') ? r.body : null;
    },
    60_000,
    100,
  );
const signedOf = (hex: string) => JSON.parse(Buffer.from(hex, 'hex').toString('utf8'));
const edOk = (publicKeyHex: string, bytes: Buffer, sigHex: string) =>
  edVerify(null, bytes, pubKey(publicKeyHex), Buffer.from(sigHex, 'hex'));
/** The same document with `"sandbox":true` taken out of its signed bytes (the signature no longer covers them). */
const stripped = (d: any) => ({
  ...d,
  signed_payload: Buffer.from(
    Buffer.from(d.signed_payload, 'hex').toString('utf8').replace(',"sandbox":true', ''),
  ).toString('hex'),
});

beforeAll(async () => {
  dir = ownedDir();
  s = await startServer({
    dataDir: dir,
    env: { SVC_CHECKPOINT_SECONDS: '1', SVC_HEAD_SECONDS: '1', SVC_PUBLIC_RPS: '100000' },
  });
  opToken = (await cli(dir, 'admin-token', 'create', '--name', 'ci')).json.token;
  const t = await cli(
    dir,
    'tenant',
    'create',
    '--name',
    'CI',
    '--domain',
    'ci.sandbox.test',
    '--plan',
    'enterprise',
    '--sandbox',
  );
  expect([t.code, t.json.sandbox]).toEqual([0, true]);
  sandboxId = t.json.tenant_id;
  const k = await cli(
    dir,
    'key',
    'create',
    '--tenant',
    sandboxId,
    '--name',
    'ci',
    '--scopes',
    'read,write,audit:read,audit:write',
  );
  key = k.json.api_key;
  plain = await newTenant(dir, 'plain.sandbox.test', 'read,write,audit:read,audit:write', 'enterprise');

  const ev = await post(key, '/v1/events', { event_type: 'test.order', payload: { order_id: 'T-1' } });
  const ai = await post(key, '/v1/ai/attestations', {
    attestation_type: 'decision',
    input: 'in',
    output: 'out',
    model_provider: 'ci',
    model_name: 'reviewer',
    model_version: '1',
  });
  const doc = await post(key, '/v1/document/anchor', { document_hash: sha('sandbox doc'), document_ref: 'doc.pdf' });
  traceId = (await post(key, '/v1/traces', { label: 'sandbox trace' })).trace_id;
  await post(key, '/v1/events', { event_type: 'test.step', payload: { step: 1 }, trace_id: traceId });
  await post(key, `/v1/traces/${traceId}/seal`);
  await post(key, '/v1/audit/orgs', { organization_id: 'org-ci', name: 'CI Org' });
  const ae = await post(key, '/v1/audit/events', {
    organization_id: 'org-ci',
    action: 'user.login',
    actor: { type: 'user', id: 'u-1' },
    targets: [{ type: 'app', id: 'console' }],
  });
  docs.event = await checkpointed(`/v1/proof/event/${ev.event_id}`);
  docs.ai = await checkpointed(`/v1/proof/ai/${ai.attestation_id}`);
  docs.document = await checkpointed(`/v1/proof/document/${doc.event_id}`);
  await until(
    async () => (await call(s, 'GET', `/v1/traces/${traceId}`, { key })).body?.status === 'sealed',
    30_000,
    100,
  );
  docs.bundle = await checkpointed(`/v1/traces/${traceId}/proof`, key);
  docs.audit = await checkpointed(`/v1/audit/events/${ae.event_id}`, key);
  // An ordinary tenant's record, signed after every sandbox checkpoint above: once its head is published, any
  // sandbox checkpoint that entered the head would be in it too.
  const pe = await post(plain.key, '/v1/events', { event_type: 'real.order', payload: { order_id: 'R-1' } });
  plainProof = await until(
    async () => {
      const r = await call(s, 'GET', `/v1/proof/event/${pe.event_id}`);
      return r.status === 200 && typeof r.body.log?.head?.checkpoint === 'string' ? r.body : null;
    },
    60_000,
    100,
  );
}, 240_000);
afterAll(async () => {
  await s?.stop();
  cleanupDirs();
});

describe('creating a sandbox tenant', () => {
  it('svc tenant create --sandbox: keys keep the svc_live_ prefix; svc_test_ is still refused as a format', async () => {
    expect(key).toMatch(/^svc_live_/);
    const show = await cli(dir, 'tenant', 'show', sandboxId);
    expect(show.json.sandbox).toBe(true);
    const r = await call(s, 'GET', '/v1/events?limit=1', { key: key.replace('svc_live_', 'svc_test_') });
    expect([r.status, r.body.error]).toEqual([401, 'invalid_api_key_format']);
  });

  it('POST /v1/operator/tenants with sandbox: true makes one (201, sandbox true), logged in the operator log', async () => {
    const r = await op('POST', '/v1/operator/tenants', { name: 'Op CI', domain: 'op.sandbox.test', sandbox: true });
    expect([r.status, r.body.sandbox]).toEqual([201, true]);
    const got = await op('GET', `/v1/operator/tenants/${r.body.tenant_id}`);
    expect([got.status, got.body.sandbox]).toEqual([200, true]);
    const k = await op('POST', `/v1/operator/tenants/${r.body.tenant_id}/keys`, { name: 'ci', scopes: ['write'] });
    expect(k.body.api_key).toMatch(/^svc_live_/);
    const e = await call(s, 'POST', '/v1/events', { key: k.body.api_key, body: { event_type: 'x', payload: {} } });
    expect(e.status).toBe(201);
    const p = await checkpointed(`/v1/proof/event/${e.body.event_id}`);
    expect(signedOf(p.signed_payload).sandbox).toBe(true);
    const log = (await cli(dir, 'operator', 'log')).json as Array<{ entry: any }>;
    const entry = log.map((x) => x.entry).find((x) => x.target?.tenant_id === r.body.tenant_id);
    expect(JSON.stringify(entry)).toContain('"sandbox":true');
  });
});

describe("a sandbox tenant's records", () => {
  it('every record kind signs "sandbox": true inside canonical bytes that node:crypto verifies', () => {
    for (const name of ['event', 'ai', 'document']) {
      const d = docs[name];
      const bytes = Buffer.from(d.signed_payload, 'hex');
      expect([name, bytes.toString('utf8')]).toEqual([name, canonicalJson(signedOf(d.signed_payload))]);
      expect([name, signedOf(d.signed_payload).sandbox]).toEqual([name, true]);
      expect([name, edOk(d.public_key, bytes, d.signature)]).toEqual([name, true]);
    }
    for (const it of [...docs.bundle.items, docs.bundle.seal]) {
      expect(signedOf(it.signed_payload).sandbox).toBe(true);
      expect(edOk(it.public_key, Buffer.from(it.signed_payload, 'hex'), it.signature)).toBe(true);
    }
    // An audit event's signed data, rebuilt from its fields by the rule of docs/verification.md: sandbox is one.
    const a = docs.audit;
    expect(a.sandbox).toBe(true);
    const data = {
      action: a.action,
      actor: a.actor,
      context: a.context ?? null,
      event_id: a.id,
      ingested_at: a.ingested_at,
      metadata: a.metadata ?? null,
      occurred_at: a.occurred_at,
      org_id: a.org_id,
      sandbox: true,
      schema_id: a.schema_id,
      seq: a.seq,
      targets: a.targets,
    };
    const bytes = Buffer.from(canonicalJson(data));
    expect(sha(bytes)).toBe(a.payload_hash);
    expect(edOk(a.signing_public_key, bytes, a.signature)).toBe(true);
  });

  it('their log blocks have a checkpoint and no head: their checkpoints never enter the head', async () => {
    for (const log of [
      docs.event.log,
      docs.audit.log,
      ...docs.bundle.items.map((i: any) => i.log),
      docs.bundle.seal.log,
    ])
      expect([typeof log.checkpoint, 'head' in log]).toEqual(['string', false]);
    // The ordinary tenant's later checkpoint is in a published head; the sandbox checkpoints, signed before it, are not.
    expect(plainProof.log.head.checkpoint).toBeString();
    for (const log of [docs.event.log, docs.audit.log]) {
      const origin = log.checkpoint.slice(0, log.checkpoint.indexOf('\n'));
      const r = await call(
        s,
        'GET',
        `/v1/proof/head/inclusion?origin=${encodeURIComponent(origin)}&size=${log.tree_size}`,
      );
      expect([origin, r.status]).not.toEqual([origin, 200]);
    }
    const again = await call(s, 'GET', `/v1/proof/event/${docs.event.event_id}`);
    expect('head' in again.body.log).toBe(false);
  });

  it('have evidence packs without head files: the receipt and tlog-proof of the checkpoint, no head receipt', async () => {
    const r = await fetch(`${s.url}/v1/proof/event/${docs.event.event_id}/evidence`, {
      tls: { rejectUnauthorized: false },
    });
    expect([r.status, r.headers.get('content-type')]).toEqual([200, 'application/zip']);
    const zip = Buffer.from(await r.arrayBuffer());
    // Opened by Python's zipfile, not by the product's code.
    const names: string[] = await python(
      [
        '-c',
        'import base64,io,json,sys,zipfile; print(json.dumps(zipfile.ZipFile(io.BytesIO(base64.b64decode(json.load(sys.stdin)[0]))).namelist()))',
      ],
      [zip.toString('base64')],
    );
    expect(names).toContain('receipt.cose');
    expect(names).toContain('proof.tlog-proof');
    expect(names.filter((n: string) => n.startsWith('head') || n.startsWith('tsa/'))).toEqual([]);
  });

  it("count against no quota, while an ordinary tenant's do", async () => {
    const u = (await op('GET', `/v1/operator/tenants/${sandboxId}`)).body.usage;
    for (const r of ['events_per_month', 'ai_attestations_per_month', 'traces_per_month'])
      expect([r, u[r].used]).toEqual([r, 0]);
    const p = (await op('GET', `/v1/operator/tenants/${plain.tenantId}`)).body.usage;
    expect(p.events_per_month.used).toBeGreaterThan(0);
    // The stored counters too, as another process reads them (what a restart would start from).
    const shown = await cli(s.dataDir, 'tenant', 'show', sandboxId, '--json');
    for (const r of ['events_per_month', 'ai_attestations_per_month', 'traces_per_month'])
      expect([r, shown.json.usage[r].used]).toEqual([r, 0]);
  });
});

describe('every verifier', () => {
  const files = () =>
    Object.entries(docs).map(([name, d]) => {
      const f = join(dir, `${name}.json`);
      writeFileSync(f, JSON.stringify(d));
      return [name, f] as const;
    });
  const PY = `
import json, sys
sys.path.insert(0, "clients/python")
from proof_ledger import verify
out = [verify(d) for d in json.load(sys.stdin)]
json.dump([{"valid": r["valid"], "sandbox": r["sandbox"], "complete": r["complete"]} for r in out], sys.stdout)
`;
  const py = (ds: unknown[]) => python(['-c', PY], ds);

  it('svc verify --json, the TypeScript and the Python client: valid, sandbox and complete', async () => {
    for (const [name, f] of files()) {
      const r = await svc(['verify', f]);
      expect([name, r.code, r.json.valid, r.json.sandbox, r.json.complete]).toEqual([name, 0, true, true, true]);
      const t = await tsVerify(docs[name]);
      expect([name, t.valid, t.sandbox, t.complete]).toEqual([name, true, true, true]);
    }
    const p = await py(Object.values(docs));
    expect(p).toEqual(Object.values(docs).map(() => ({ valid: true, sandbox: true, complete: true })));
    const text = await runCommand(['bun', 'src/cli/index.ts', 'verify', join(dir, 'event.json')], {
      cwd: ROOT,
      env: process.env,
    });
    expect(text.stdout).toContain(MARK);
  });

  it('refuse a record whose sandbox flag was stripped', async () => {
    const audit = structuredClone(docs.audit);
    delete audit.sandbox;
    const bad = [stripped(docs.event), stripped(docs.ai), stripped(docs.document), audit];
    for (const d of bad) {
      const t = await tsVerify(d);
      expect([t.valid, t.checks.find((c) => !c.ok)?.name]).toEqual([
        false,
        d === audit ? 'record.payload_hash' : 'record.signature',
      ]);
      const f = join(dir, 'stripped.json');
      writeFileSync(f, JSON.stringify(d));
      expect((await svc(['verify', f])).code).toBe(1);
    }
    const p = await py(bad);
    expect(p.map((r: any) => r.valid)).toEqual([false, false, false, false]);
  });

  it("an ordinary tenant's record is unchanged: no sandbox field, sandbox false", async () => {
    expect('sandbox' in signedOf(plainProof.signed_payload)).toBe(false);
    expect(Object.keys(signedOf(plainProof.signed_payload)).sort()).toEqual([
      'event_id',
      'event_type',
      'ingested_at',
      'payload_hash',
      'request_hash',
      'tenant_id',
      'v',
    ]);
    const t = await tsVerify(plainProof);
    expect([t.valid, t.sandbox, t.complete]).toEqual([true, false, true]);
    const p = await py([plainProof]);
    expect(p).toEqual([{ valid: true, sandbox: false, complete: true }]);
  });
});

describe('what people read', () => {
  it(`the trace PDF says "${MARK}" (pdftotext)`, async () => {
    const res = await fetch(`${s.url}/v1/traces/${traceId}/proof.pdf`, {
      headers: { authorization: `Bearer ${key}` },
      tls: { rejectUnauthorized: false },
    } as RequestInit);
    expect(res.status).toBe(200);
    const f = join(dir, 'trace.pdf');
    writeFileSync(f, Buffer.from(await res.arrayBuffer()));
    const r = await runCommand(['pdftotext', f, '-'], { cwd: dir, env: process.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(MARK);
    expect(r.stdout).toContain('never enter the head');
  });

  it(`the proof page and the portal's audit viewer say "${MARK}"`, async () => {
    const browser = await launchChromium();
    try {
      const page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
      await page.goto(`${s.url}/proof/event/${docs.event.event_id}`);
      await page.waitForSelector('#sandbox', { timeout: 30_000 });
      expect(await page.textContent('#sandbox')).toContain(MARK);
      await page.goto(`${s.url}/proof/event/${plainProof.event_id}`);
      await page.waitForSelector('#verdict', { timeout: 30_000 });
      expect(await page.locator('#sandbox').count()).toBe(0);
      // The audit viewer of the portal, on the sandbox tenant's event.
      const link = await post(key, '/v1/audit/portal_sessions', { organization_id: 'org-ci', intent: 'audit_logs' });
      await page.goto(link.url);
      await page.click('#rows tr[data-seq="1"]', { timeout: 30_000 });
      expect(await page.textContent('#detail #sandbox')).toContain(MARK);
    } finally {
      await browser.close();
    }
  });
});
