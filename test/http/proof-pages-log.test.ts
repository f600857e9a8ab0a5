// The proof pages check a record's `log` block (docs/verification.md#12-the-transparency-log) in headless Chromium: "Included in the tenant's log at
// checkpoint N" for a valid block, INVALID for an altered one or one of another log, not checked while pending. The log
// blocks are added to real proofs of a real appliance on their way to the page, with a checkpoint signed by a newer
// published tenant key.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHash, randomBytes, sign } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, cleanup, sha, startServer, tempDir, until, type Server, launchChromium } from '../helpers';
import { newSigner } from '../unit/proof-fixtures';

let s: Server;
let browser: Browser;
let ctx: BrowserContext;
const dir = tempDir();
const next = newSigner(); // the tenant's "rotated" key that signs checkpoints, published through /keys/{domain}
/** A tenant log's origin is `<public host>/<domain>` (docs/transparency-logs.md#origin); the domain is the proof's issuer domain. */
const originOf = (domain: string) => `proof.example.test/${domain}`;

// Independent RFC 6962 tree code (node:crypto), so this test does not lean on src/verify.
const H = (...p: Buffer[]) => createHash('sha256').update(Buffer.concat(p)).digest();
const MTH = (d: Buffer[]): Buffer =>
  d.length === 1
    ? H(Buffer.from([0]), d[0]!)
    : H(
        Buffer.from([1]),
        MTH(d.slice(0, 2 ** Math.ceil(Math.log2(d.length) - 1))),
        MTH(d.slice(2 ** Math.ceil(Math.log2(d.length) - 1))),
      );
function PATH(m: number, d: Buffer[]): Buffer[] {
  if (d.length <= 1) return [];
  const k = 2 ** Math.ceil(Math.log2(d.length) - 1);
  return m < k ? [...PATH(m, d.slice(0, k)), MTH(d.slice(k))] : [...PATH(m - k, d.slice(k)), MTH(d.slice(0, k))];
}
/** Log blocks for `records` (hex signed bytes) at leaf indexes `at` of a log of `size` leaves, with one signed checkpoint. */
function logBlocks(records: string[], at: number[], size: number, ORIGIN: string) {
  const leaves = Array.from({ length: size }, () => randomBytes(30));
  records.forEach((r, i) => (leaves[at[i]!] = Buffer.from(r, 'hex')));
  const root = MTH(leaves);
  const body = `${ORIGIN}\n${size}\n${root.toString('base64')}\n`;
  const pub = Buffer.from(next.publicHex, 'hex');
  const keyId = H(Buffer.from(ORIGIN), Buffer.from([0x0a, 0x01]), pub).subarray(0, 4);
  const note = `${body}\n\u2014 ${ORIGIN} ${Buffer.concat([keyId, sign(null, Buffer.from(body), next.key)]).toString('base64')}\n`;
  return at.map((i) => ({
    leaf_index: i,
    tree_size: size,
    leaf_hash: H(Buffer.from([0]), leaves[i]!).toString('hex'),
    audit_path: PATH(i, leaves).map((h) => h.toString('hex')),
    root_hash: root.toString('hex'),
    checkpoint: note,
  }));
}

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: { SVC_PUBLIC_RPS: '1000' } });
  browser = await launchChromium();
  ctx = await browser.newContext({ ignoreHTTPSErrors: true });
});
afterAll(async () => {
  await browser?.close();
  await s.stop();
  cleanup(dir);
});

/** Opens `path` with the proof JSON rewritten by `change` and the newer checkpoint key added to the published keys. */
async function open(
  path: string,
  proofGlob: string,
  change: (j: any) => void,
): Promise<{ page: Page; errors: string[] }> {
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.route(proofGlob, async (route) => {
    const res = await route.fetch();
    const j = await res.json();
    change(j);
    await route.fulfill({ response: res, json: j });
  });
  await page.route('**/keys/**', async (route) => {
    const res = await route.fetch();
    const j = await res.json();
    j.keys.push({
      key_id: next.keyId,
      public_key: Buffer.from(next.publicHex, 'hex').toString('base64url'),
      algorithm: 'ed25519',
      valid_from: new Date().toISOString(),
      valid_until: null,
    });
    await route.fulfill({ response: res, json: j });
  });
  await page.goto(s.url + path);
  await page.locator('#verdict').waitFor();
  return { page, errors };
}
const failedChecks = (page: Page) =>
  page.locator('.checks li.fail').evaluateAll((els) => els.map((e) => e.getAttribute('data-check')));

describe('GET /proof/event/{event_id} page with a log block', () => {
  let proof: any;
  beforeAll(async () => {
    const r = await call(s, 'POST', '/v1/events', {
      key: s.apiKey,
      body: { event_type: 'invoice.approved', payload: { invoice: 'INV-77' } },
    });
    expect(r.status).toBe(201);
    proof = await until(async () => {
      const p = await call(s, 'GET', `/v1/proof/event/${r.body.event_id}`);
      return p.status === 200 ? p.body : null;
    });
  });

  it('shows "Included in the tenant\'s log at checkpoint N", checked in the browser', async () => {
    const ORIGIN = originOf(proof.organization.primary_domain);
    const [log] = logBlocks([proof.signed_payload], [6], 11, ORIGIN);
    const { page, errors } = await open(`/proof/event/${proof.event_id}`, '**/v1/proof/event/**', (j) => (j.log = log));
    expect(await page.locator('#verdict').getAttribute('data-valid')).toBe('true');
    expect(await page.locator('#log-status').getAttribute('data-included')).toBe('true');
    expect(await page.locator('#log-status').textContent()).toContain(
      "Included in the tenant's log at checkpoint 11 (leaf 6)",
    );
    expect(
      await page
        .locator('.checks li[data-check="Merkle inclusion proof leads to the checkpoint root"]')
        .getAttribute('data-ok'),
    ).toBe('true');
    expect(
      await page.locator('.checks li[data-check="Checkpoint belongs to the expected log"]').getAttribute('data-ok'),
    ).toBe('true');
    expect((await page.textContent('main'))!).toContain(
      `note key id ${H(Buffer.from(ORIGIN), Buffer.from([0x0a, 0x01]), Buffer.from(next.publicHex, 'hex'))
        .subarray(0, 4)
        .toString('hex')}`,
    );
    expect(await failedChecks(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows INVALID when one hash of the audit path is changed', async () => {
    const [log] = logBlocks([proof.signed_payload], [6], 11, originOf(proof.organization.primary_domain));
    log!.audit_path[1] = sha('not the sibling');
    const { page } = await open(`/proof/event/${proof.event_id}`, '**/v1/proof/event/**', (j) => (j.log = log));
    expect(await page.locator('#verdict').getAttribute('data-valid')).toBe('false');
    expect(await page.locator('#log-status').getAttribute('data-included')).toBe('false');
    expect(await failedChecks(page)).toEqual(['Merkle inclusion proof leads to the checkpoint root']);
    await page.close();
  });

  it("shows INVALID for a valid checkpoint of the tenant's org log presented as the tenant's log", async () => {
    const [log] = logBlocks(
      [proof.signed_payload],
      [6],
      11,
      `${originOf(proof.organization.primary_domain)}/audit/org-1`,
    );
    const { page } = await open(`/proof/event/${proof.event_id}`, '**/v1/proof/event/**', (j) => (j.log = log));
    expect(await page.locator('#verdict').getAttribute('data-valid')).toBe('false');
    expect(await failedChecks(page)).toEqual(['Checkpoint belongs to the expected log']);
    await page.close();
  });

  it('says the inclusion was not checked when the log block was removed', async () => {
    const { page } = await open(`/proof/event/${proof.event_id}`, '**/v1/proof/event/**', (j) => delete j.log);
    expect(await page.locator('#log-status').getAttribute('data-included')).toBe('absent');
    expect(
      await page
        .locator('.checks li[data-ok="null"]')
        .filter({ hasText: 'absent: the document carries no log block' })
        .count(),
    ).toBe(1);
    await page.close();
  });

  it('leaves the verdict to the signature while the block is pending', async () => {
    const { page } = await open(
      `/proof/event/${proof.event_id}`,
      '**/v1/proof/event/**',
      (j) => (j.log = { status: 'pending' }),
    );
    expect(await page.locator('#verdict').getAttribute('data-valid')).toBe('true');
    expect(await page.locator('#log-status').getAttribute('data-included')).toBe('pending');
    expect(
      await page
        .locator('.checks li[data-ok="null"]')
        .filter({ hasText: 'pending: the document says no signed checkpoint' })
        .count(),
    ).toBe(1);
    await page.close();
  });
});

describe('GET /proof/trace/{trace_id} page with log blocks', () => {
  let traceId: string;
  beforeAll(async () => {
    const t = await call(s, 'POST', '/v1/traces', {
      key: s.apiKey,
      body: { label: `Log ${crypto.randomUUID()}`, public: true },
    });
    traceId = t.body.trace_id;
    for (let i = 0; i < 2; i++)
      expect(
        (
          await call(s, 'POST', '/v1/events', {
            key: s.apiKey,
            body: { event_type: 'step', trace_id: traceId, payload: { i } },
          })
        ).status,
      ).toBe(201);
    expect((await call(s, 'POST', `/v1/traces/${traceId}/seal`, { key: s.apiKey })).status).toBe(202);
    await until(async () => (await call(s, 'GET', `/v1/proof/trace/${traceId}`)).status === 200);
  });
  const withLogs = (swap: boolean) => (j: any) => {
    const blocks = logBlocks(
      [...j.items, j.seal].map((x: any) => x.signed_payload),
      [2, 5, 8],
      9,
      originOf(j.header.tenant_domain),
    );
    if (swap) [blocks[0], blocks[1]] = [blocks[1]!, blocks[0]!];
    j.items.forEach((it: any, i: number) => (it.log = blocks[i]));
    j.seal.log = blocks[2];
  };

  it("checks every item and the seal, and shows the seal's checkpoint", async () => {
    const { page, errors } = await open(`/proof/trace/${traceId}`, '**/v1/proof/trace/**', withLogs(false));
    expect(await page.locator('#verdict').getAttribute('data-valid')).toBe('true');
    expect(await page.locator('#log-status').textContent()).toContain(
      "Included in the tenant's log at checkpoint 9 (leaf 8)",
    );
    expect(
      await page
        .locator('.item .checks li[data-check="Merkle inclusion proof leads to the checkpoint root"][data-ok="true"]')
        .count(),
    ).toBe(2);
    expect(await failedChecks(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('marks the items whose log blocks were swapped INVALID', async () => {
    const { page } = await open(`/proof/trace/${traceId}`, '**/v1/proof/trace/**', withLogs(true));
    expect(await page.locator('#verdict').getAttribute('data-valid')).toBe('false');
    expect(
      await page.locator('.item-verdict').evaluateAll((els) => els.map((e) => e.getAttribute('data-valid'))),
    ).toEqual(['false', 'false', 'false', 'false']);
    await page.close();
  });
});
