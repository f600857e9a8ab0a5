// The portal's per-event verification checks the event's place in its organization's log (docs/verification.md#12-the-transparency-log) when the event
// carries a `log` block: log blocks are added in the test (independent RFC 6962 code) to the real events the page receives.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHash, sign } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, cleanup, cli, startServer, tempDir, until, type Server, launchChromium } from '../helpers';
import { newSigner } from '../unit/proof-fixtures';
import { canonicalJson } from './independent-canonical';

const dir = tempDir();
const ORG = 'acme-log';
const next = newSigner(); // a newer published tenant key that signs the org checkpoints
let s: Server;
let browser: Browser;
let ctx: BrowserContext;
const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(s, method, path, { key: s.apiKey, body, headers });

const H = (...p: Buffer[]) => createHash('sha256').update(Buffer.concat(p)).digest();
const split = (n: number) => 2 ** Math.ceil(Math.log2(n) - 1);
const MTH = (d: Buffer[]): Buffer =>
  d.length === 1
    ? H(Buffer.from([0]), d[0]!)
    : H(Buffer.from([1]), MTH(d.slice(0, split(d.length))), MTH(d.slice(split(d.length))));
const PATH = (m: number, d: Buffer[]): Buffer[] =>
  d.length <= 1
    ? []
    : m < split(d.length)
      ? [...PATH(m, d.slice(0, split(d.length))), MTH(d.slice(split(d.length)))]
      : [...PATH(m - split(d.length), d.slice(split(d.length))), MTH(d.slice(0, split(d.length)))];
/** The bytes an audit event's signature covers (docs/audit.md#rows-and-what-is-signed), from the event as the API shows it. */
const signedBytes = (e: any) =>
  Buffer.from(
    canonicalJson({
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
    }),
  );

/** Adds to every event of the page's list its log block in a log whose leaf seq - 1 is the event (org log rule). */
function addLogs(events: any[], swap: boolean): void {
  const bySeq = [...events].sort((a, b) => a.seq - b.seq);
  const leaves = bySeq.map(signedBytes);
  const root = MTH(leaves);
  const origin = `localhost:${s.port}/localhost/audit/${ORG}`;
  const body = `${origin}\n${leaves.length}\n${root.toString('base64')}\n`;
  const keyId = H(Buffer.from(origin), Buffer.from([0x0a, 0x01]), Buffer.from(next.publicHex, 'hex')).subarray(0, 4);
  const note = `${body}\n\u2014 ${origin} ${Buffer.concat([keyId, sign(null, Buffer.from(body), next.key)]).toString('base64')}\n`;
  const blocks = bySeq.map((e, i) => ({
    leaf_index: e.seq - 1,
    tree_size: leaves.length,
    leaf_hash: H(Buffer.from([0]), leaves[i]!).toString('hex'),
    audit_path: PATH(i, leaves).map((h) => h.toString('hex')),
    root_hash: root.toString('hex'),
    checkpoint: note,
  }));
  if (swap) [blocks[0], blocks[1]] = [blocks[1]!, blocks[0]!];
  bySeq.forEach((e, i) => (e.log = blocks[i]));
}

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: { SVC_PUBLIC_RPS: '1000' } });
  await cli(dir, 'tenant', 'set-plan', 'localhost', 'enterprise');
  expect((await api('POST', '/v1/audit/orgs', { organization_id: ORG, name: 'Acme Log' })).status).toBe(201);
  for (let i = 0; i < 3; i++) {
    expect(
      (
        await api(
          'POST',
          '/v1/audit/events',
          {
            organization_id: ORG,
            action: 'user.login',
            occurred_at: new Date().toISOString(),
            actor: { type: 'user', id: `u${i}` },
            targets: [{ type: 'app', id: 'a' }],
          },
          { 'idempotency-key': `pl-${i}` },
        )
      ).status,
    ).toBe(201);
  }
  await until(async () => (await api('GET', `/v1/audit/orgs/${ORG}`)).body.last_seq === 3, 20000);
  browser = await launchChromium();
  ctx = await browser.newContext({ ignoreHTTPSErrors: true });
});
afterAll(async () => {
  await browser?.close();
  await s.stop();
  cleanup(dir);
});

async function verifySeq(seq: number, swap: boolean): Promise<Page> {
  const r = await api('POST', '/v1/audit/portal_sessions', { organization_id: ORG, intent: 'audit_logs' });
  expect(r.status).toBe(201);
  const page = await ctx.newPage();
  await page.route('**/v1/portal/audit/events?*', async (route) => {
    const res = await route.fetch();
    const j = await res.json();
    addLogs(j.events, swap);
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
  await page.goto(r.body.url);
  await page.click(`#rows tr[data-seq="${seq}"]`);
  await page.click('#verify');
  await page.waitForSelector('#verify-result [data-verdict]');
  return page;
}

describe('portal: verify an audit event with its org log block', () => {
  it("is valid, its inclusion in the organization's audit log at checkpoint 3 checked in the browser", async () => {
    const page = await verifySeq(2, false);
    expect(await page.getAttribute('#verify-result [data-verdict]', 'data-verdict')).toBe('valid');
    expect(await page.locator('#verify-result .checks li.fail').count()).toBe(0);
    expect(
      await page
        .locator('#verify-result .checks li[data-check="Merkle inclusion proof leads to the checkpoint root"]')
        .getAttribute('data-ok'),
    ).toBe('true');
    expect(await page.locator('#verify-result').textContent()).toContain('leaf 1 is in the tree of 3 leaves');
    expect(
      await page
        .locator('#verify-result .checks li[data-check="Checkpoint belongs to the expected log"]')
        .getAttribute('data-ok'),
    ).toBe('true');
    await page.close();
  });

  it("is INVALID when its log block is another event's", async () => {
    const page = await verifySeq(1, true);
    expect(await page.getAttribute('#verify-result [data-verdict]', 'data-verdict')).toBe('invalid');
    const failed = await page
      .locator('#verify-result .checks li.fail')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-check')));
    expect(failed).toContain('Log leaf hash is SHA-256(0x00 || signed bytes)');
    await page.close();
  });
});
