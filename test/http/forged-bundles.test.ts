// Forged proof documents built from a real appliance's public proofs: each is INVALID on its proof page in Chromium and
// refused (exit 1) by `svc verify`, while the untouched documents are valid in both; unsigned fields are shown as such.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  call,
  cleanup,
  launchChromium,
  newTenant,
  sha,
  startServer,
  svc,
  tempDir,
  until,
  type Server,
} from '../helpers';
import { canonicalJson } from './independent-canonical';

let s: Server;
let browser: Browser;
let ctx: BrowserContext;
let key: string;
const dir = tempDir();
const files = tempDir('svc-forged-');
const DOMAIN = 'forged-bundles.test';

let bundleA: any; // public bundle of trace A (4 items, metadata), every block covered by a checkpoint
let bundleB: any; // public bundle of trace B (3 items, ingested before A was sealed)
let privateA: any; // GET /v1/traces/{A}/proof
let eventProof: any; // GET /v1/proof/event/{id} of a plain event, covered by a checkpoint
let auditEvent: any; // GET /v1/audit/events/{id}, covered by its org log's checkpoint

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(s, 'POST', path, { key, body, headers });
const complete = (log: any) => log && typeof log.leaf_index === 'number';

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: { SVC_PUBLIC_RPS: '100000', SVC_CHECKPOINT_SECONDS: '1' } });
  key = (await newTenant(dir, DOMAIN, 'read,write,audit:read,audit:write', 'enterprise')).key;
  const a = await post('/v1/traces', {
    label: 'Loan A-2291',
    public: true,
    metadata: { case: 'A-2291', branch: 'north' },
  });
  const b = await post('/v1/traces', { label: 'Loan B-7', public: true });
  expect([a.status, b.status]).toEqual([201, 201]);
  const [A, B] = [a.body.trace_id, b.body.trace_id];
  const items = [
    await post('/v1/events', {
      event_type: 'application.received',
      trace_id: A,
      payload: { applicant: 'A-2291', amount: 25000 },
    }),
    await post('/v1/ai/attestations', {
      attestation_type: 'decision',
      trace_id: A,
      input: 'risk A-2291',
      output: 'band B',
      subject: { step: 2 },
    }),
    await post('/v1/document/anchor', {
      document_hash: sha(`contract ${A}`),
      document_ref: 'contract.pdf',
      metadata: { pages: 12 },
      trace_id: A,
    }),
    await post('/v1/events', { event_type: 'loan.approved', trace_id: A, payload: { amount: 25000 } }),
  ];
  for (let i = 0; i < 3; i++) items.push(await post('/v1/events', { event_type: 'step', trace_id: B, payload: { i } }));
  expect(items.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201, 201]);
  const ev = await post('/v1/events', { event_type: 'invoice.approved', payload: { invoice: 'INV-9' } });
  expect((await post('/v1/audit/orgs', { organization_id: 'org-f', name: 'Org F' })).status).toBe(201);
  const au = await post(
    '/v1/audit/events',
    {
      organization_id: 'org-f',
      action: 'user.login',
      actor: { type: 'user', id: 'u1' },
      targets: [{ type: 'doc', id: 'd1' }],
    },
    { 'idempotency-key': 'forged-1' },
  );
  expect([ev.status, au.status]).toEqual([201, 201]);
  expect((await post(`/v1/traces/${A}/seal`, {})).status).toBe(202);
  expect((await post(`/v1/traces/${B}/seal`, {})).status).toBe(202);
  const covered = async (path: string, k: string | null, done: (j: any) => boolean) =>
    until(async () => {
      const r = await call(s, 'GET', path, { key: k });
      return r.status === 200 && done(r.body) ? r.body : null;
    }, 30_000);
  const allCovered = (j: any) => complete(j.seal?.log) && j.items.every((it: any) => complete(it.log));
  bundleA = await covered(`/v1/proof/trace/${A}`, null, allCovered);
  bundleB = await covered(`/v1/proof/trace/${B}`, null, allCovered);
  privateA = await covered(`/v1/traces/${A}/proof`, key, allCovered);
  eventProof = await covered(`/v1/proof/event/${ev.body.event_id}`, null, (j) => complete(j.log));
  auditEvent = await covered(`/v1/audit/events/${au.body.id ?? au.body.event_id}`, key, (j) => complete(j.log));
  browser = await launchChromium();
  ctx = await browser.newContext({ ignoreHTTPSErrors: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await s.stop();
  cleanup(dir);
  cleanup(files);
});

const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v));
/** What a forger recomputes after changing the list: sequence numbers, counts, composite hash, the seal payload shown. */
function recount(b: any): any {
  b.items.forEach((it: any, i: number) => (it.sequence = i + 1));
  const composite = sha(Buffer.concat(b.items.map((it: any) => Buffer.from(it.content_hash, 'hex'))));
  b.header.item_count = b.seal.item_count = b.items.length;
  b.header.composite_hash = b.seal.composite_hash = composite;
  Object.assign(b.seal.payload, { composite_hash: composite, item_count: b.items.length });
  return b;
}

/** The page for `path` fed `doc` instead of the appliance's answer to `glob`. */
async function openWith(path: string, glob: string, doc: unknown): Promise<Page> {
  const page = await ctx.newPage();
  await page.route(glob, (route) => route.fulfill({ status: 200, json: doc }));
  await page.goto(s.url + path);
  await page.locator('#verdict').waitFor();
  return page;
}
const verdictOf = async (page: Page) => page.locator('#verdict').getAttribute('data-valid');
const failedChecks = (page: Page) =>
  page.locator('.checks li.fail').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-check')))]);

let n = 0;
/** `svc verify` on `doc` written to a file: exit code and the names of the failed checks. */
async function svcVerify(doc: unknown): Promise<{ code: number; failed: string[] }> {
  const f = join(files, `doc-${++n}.json`);
  writeFileSync(f, JSON.stringify(doc));
  const r = await svc(['verify', f]);
  return {
    code: r.code,
    failed: (r.json?.checks ?? []).filter((c: any) => !c.ok).map((c: any) => c.name),
  };
}

describe('the untouched documents', () => {
  it('are valid on the pages and for svc verify, and both bundle endpoints carry the seal payload', async () => {
    for (const b of [bundleA, privateA]) {
      expect(b.seal.payload).toEqual({
        trace_id: bundleA.header.trace_id,
        composite_hash: bundleA.header.composite_hash,
        item_count: 4,
        metadata: { case: 'A-2291', branch: 'north' },
        sealed_at: bundleA.header.sealed_at,
      });
      expect(sha(canonicalJson(b.seal.payload))).toBe(
        JSON.parse(Buffer.from(b.seal.signed_payload, 'hex').toString()).payload_hash,
      );
    }
    const page = await openWith(`/proof/trace/${bundleA.header.trace_id}`, '**/v1/proof/trace/**', bundleA);
    expect(await verdictOf(page)).toBe('true');
    expect(await failedChecks(page)).toEqual([]);
    await page.close();
    const ev = await openWith(`/proof/event/${eventProof.event_id}`, '**/v1/proof/event/**', eventProof);
    expect(await verdictOf(ev)).toBe('true');
    await ev.close();
    for (const d of [bundleA, bundleB, privateA, eventProof, auditEvent])
      expect(await svcVerify(d)).toEqual({ code: 0, failed: [] });
  }, 60_000);
});

describe('forged trace bundles: INVALID in Chromium, exit 1 from svc verify', () => {
  const forgeries: Array<[string, () => any, string]> = [
    [
      'an item removed (counts and composite recomputed)',
      () => recount(Object.assign(copy(bundleA), { items: bundleA.items.slice(0, 3).map(copy) })),
      'seal.payload_hash',
    ],
    [
      'an item duplicated',
      () => recount(Object.assign(copy(bundleA), { items: [...bundleA.items, bundleA.items[3]].map(copy) })),
      'seal.payload_hash',
    ],
    [
      'two items reordered',
      () => {
        const b = copy(bundleA);
        [b.items[1], b.items[2]] = [b.items[2], b.items[1]];
        return recount(b);
      },
      'seal.payload_hash',
    ],
    [
      'an item taken from another trace',
      () => {
        const b = copy(bundleA);
        b.items[3] = copy(bundleB.items[2]);
        return recount(b);
      },
      'seal.payload_hash',
    ],
    [
      "every item replaced by another trace's, under this trace's label, id and seal",
      () => recount(Object.assign(copy(bundleA), { items: copy(bundleB.items) })),
      'seal.payload_hash',
    ],
    [
      'the header trace_id changed',
      () => {
        const b = copy(bundleA);
        b.header.trace_id = b.seal.payload.trace_id = bundleB.header.trace_id;
        return b;
      },
      'seal.payload_hash',
    ],
    [
      'the header metadata changed',
      () => {
        const b = copy(bundleA);
        b.header.metadata = b.seal.payload.metadata = { case: 'A-2291', branch: 'south' };
        return b;
      },
      'seal.payload_hash',
    ],
    [
      'sealed_at changed',
      () => {
        const b = copy(bundleA);
        b.header.sealed_at =
          b.seal.sealed_at =
          b.seal.payload.sealed_at =
            new Date(Date.parse(b.header.sealed_at) - 3_600_000).toISOString();
        return b;
      },
      'seal.fields',
    ],
    [
      'an item timestamp changed',
      () => {
        const b = copy(bundleA);
        b.items[1].timestamp = new Date(Date.parse(b.items[1].timestamp) + 1).toISOString();
        return b;
      },
      'items[1].fields',
    ],
    [
      'an item without its payload',
      () => {
        const b = copy(bundleA);
        delete b.items[2].payload;
        return b;
      },
      'items[2].payload',
    ],
    [
      "a document item's metadata_hash changed",
      () => {
        const b = copy(bundleA);
        b.items[2].payload.metadata_hash = sha('other metadata');
        return b;
      },
      'items[2].fields',
    ],
    ['an unknown bundle_version', () => Object.assign(copy(bundleA), { bundle_version: 2 }), 'bundle.version'],
    [
      'an item log block made pending while the seal is covered',
      () => {
        const b = copy(bundleA);
        b.items[0].log = { status: 'pending' };
        return b;
      },
      'bundle.log_order',
    ],
    [
      'an item log block removed while the seal is covered',
      () => {
        const b = copy(bundleA);
        delete b.items[1].log;
        return b;
      },
      'bundle.log_order',
    ],
  ];

  for (const [what, forge, failing] of forgeries) {
    it(`${what}`, async () => {
      const doc = forge();
      const page = await openWith(`/proof/trace/${bundleA.header.trace_id}`, '**/v1/proof/trace/**', doc);
      expect(await verdictOf(page)).toBe('false');
      expect(await page.locator('#verdict').textContent()).toBe('Trace INVALID');
      await page.close();
      const r = await svcVerify(doc);
      expect(r.code).toBe(1);
      expect(r.failed).toContain(failing);
    }, 30_000);
  }
});

describe('forged record proofs: INVALID in Chromium, exit 1 from svc verify', () => {
  /** An event proof made of an audit event: its signed bytes, signature and key are real, its kind is not. */
  function eventProofFromAudit(withLog: boolean) {
    const e = auditEvent;
    const signed = canonicalJson({
      action: e.action,
      actor: e.actor,
      context: e.context ?? null,
      event_id: e.id,
      ingested_at: e.ingested_at,
      metadata: e.metadata ?? null,
      occurred_at: e.occurred_at,
      org_id: e.org_id,
      schema_id: e.schema_id,
      seq: e.seq,
      targets: e.targets,
    });
    expect(sha(signed)).toBe(e.payload_hash);
    return {
      event_id: e.id,
      algorithm: 'ed25519',
      key_id: e.key_id,
      public_key: e.signing_public_key,
      signature: e.signature,
      signed_payload: Buffer.from(signed).toString('hex'),
      payload_hash: e.payload_hash,
      ingested_at: e.ingested_at,
      signature_valid: true,
      organization: eventProof.organization,
      ...(withLog ? { log: e.log } : {}),
    };
  }

  it('an event proof built from an audit event (wrong record kind)', async () => {
    const doc = eventProofFromAudit(false);
    const page = await openWith(`/proof/event/${eventProof.event_id}`, '**/v1/proof/event/**', doc);
    expect(await verdictOf(page)).toBe('false');
    expect(await failedChecks(page)).toContain('Signed bytes are a record of the kind this proof claims');
    await page.close();
    expect(await svcVerify(doc)).toMatchObject({
      code: 1,
      failed: expect.arrayContaining(['record.record_kind']),
    });
  }, 30_000);

  it("the org log's checkpoint shown as the tenant's log", async () => {
    const doc = eventProofFromAudit(true);
    const page = await openWith(`/proof/event/${eventProof.event_id}`, '**/v1/proof/event/**', doc);
    expect(await verdictOf(page)).toBe('false');
    // The inclusion itself is real (those bytes are in the org log); the log is not the tenant's.
    expect(await failedChecks(page)).toContain('Checkpoint belongs to the expected log');
    expect(
      await page
        .locator('.checks li[data-check="Merkle inclusion proof leads to the checkpoint root"]')
        .getAttribute('data-ok'),
    ).toBe('true');
    await page.close();
    expect(await svcVerify(doc)).toMatchObject({
      code: 1,
      failed: expect.arrayContaining(['record.log.origin']),
    });
  }, 30_000);
});

describe('fields no signature covers', () => {
  it('the event banner names the signing key and its domain, never the issuer block a forger rewrote', async () => {
    const doc = copy(eventProof);
    doc.organization.issuer_name = 'Bank of Forgery';
    doc.organization.name = 'Bank of Forgery';
    const page = await openWith(`/proof/event/${doc.event_id}`, '**/v1/proof/event/**', doc);
    expect(await verdictOf(page)).toBe('true');
    const banner = (await page.locator('.banner').textContent())!;
    expect(banner).not.toContain('Forgery');
    expect(banner).toContain(`signed by key ${doc.key_id}, published for ${DOMAIN}`);
    expect(banner).toContain(`named in the signed log checkpoint of`);
    expect(await page.locator('.issuer[data-unsigned="true"]').textContent()).toContain('not covered by any signature');
    await page.close();
  }, 30_000);

  it('the trace label and created_at are marked as not covered by any signature', async () => {
    const page = await openWith(`/proof/trace/${bundleA.header.trace_id}`, '**/v1/proof/trace/**', bundleA);
    const unsigned = await page.locator('dd[data-unsigned="true"]').evaluateAll((els) => els.map((e) => e.textContent));
    expect(unsigned).toHaveLength(2);
    expect(unsigned[0]).toContain('Loan A-2291');
    for (const u of unsigned) expect(u).toContain('not covered by any signature');
    await page.close();
  }, 30_000);
});
