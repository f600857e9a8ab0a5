// The portal viewer in headless Chromium against a real appliance: link exchange, list, filters, paging,
// in-browser verification, CSV/JSON export, a reused link, the log_streams view, CSP and token hygiene.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, cleanup, cli, startServer, tempDir, until, type Server, launchChromium } from '../helpers';
import { canonicalJson } from './independent-canonical';

const dir = tempDir();
let s: Server;
let browser: Browser;
let ctx: BrowserContext;
let n = 0;
const ORG = 'acme-web';
const HEADER =
  'id,org_id,seq,schema_id,occurred_at,ingested_at,action,actor_type,actor_id,actor_name,targets,context,metadata,payload_hash,signature,actor_metadata';
const day = (d: number) => new Date(Date.now() - d * 86400_000).toISOString().slice(0, 10);
const secrets: string[] = [];
const requested: string[] = [];

const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(s, method, path, { key: s.apiKey, body, headers });

async function link(intent: 'audit_logs' | 'log_streams' = 'audit_logs'): Promise<string> {
  const r = await api('POST', '/v1/audit/portal_sessions', { organization_id: ORG, intent });
  expect(r.status).toBe(201);
  secrets.push(r.body.token);
  return r.body.url;
}

async function open(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => requested.push(r.url()));
  page.on('response', async (r) => {
    if (r.url().endsWith('/v1/audit/portal/exchange') && r.status() === 200)
      secrets.push((await r.json()).session_token);
  });
  await page.goto(url);
  return { page, errors };
}
const seqsShown = (page: Page) =>
  page.locator('#rows tr').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-seq'))));
async function applyFilters(page: Page, f: { action?: string; actor?: string; from?: string; to?: string }) {
  await page.fill('#f-action', f.action ?? '');
  await page.fill('#f-actor', f.actor ?? '');
  await page.fill('#f-from', f.from ?? '');
  await page.fill('#f-to', f.to ?? '');
  const loaded = page.waitForResponse((r) => r.url().includes('/v1/portal/audit/events?'));
  await page.click('#f-apply');
  await loaded;
  await page.waitForFunction(() => !document.getElementById('status')?.textContent?.startsWith('Loading'));
}

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: { SVC_PUBLIC_RPS: '1000', SVC_STREAM_ALLOW_CIDRS: '203.0.113.0/24' } });
  // The bootstrap tenant is on builder (50 req/s per key); this file sends bursts faster than that.
  await cli(dir, 'tenant', 'set-plan', 'localhost', 'enterprise');
  expect((await api('POST', '/v1/audit/orgs', { organization_id: ORG, name: 'Acme Web' })).status).toBe(201);
  // 40 events over three days, three actions, two actors, and cells a spreadsheet would run as formulas.
  for (let i = 0; i < 40; i++) {
    const body = {
      organization_id: ORG,
      action: ['user.login', 'doc.read', 'doc.update'][i % 3],
      occurred_at: `${day(2 - (i % 3))}T12:00:${String(i).padStart(2, '0')}Z`,
      actor: { type: 'user', id: i === 7 ? '=HYPERLINK("x")' : `u${i % 2}`, name: i === 8 ? '+SUM(1)' : undefined },
      targets: [{ type: 'doc', id: `d${i}` }],
      metadata: { i, note: i === 9 ? '@cmd' : 'ok, "quoted"' },
    };
    const r = await api('POST', '/v1/audit/events', body, { 'idempotency-key': `pp-${++n}` });
    expect(r.status).toBe(201);
  }
  await until(async () => (await api('GET', `/v1/audit/orgs/${ORG}`)).body.last_seq === 40, 20000);
  browser = await launchChromium();
  ctx = await browser.newContext({ ignoreHTTPSErrors: true, acceptDownloads: true });
});
afterAll(async () => {
  await browser?.close();
  await s.stop();
  cleanup(dir);
});

describe('portal page, audit_logs intent', () => {
  let page: Page;
  let errors: string[];
  let url: string;

  it('exchanges the link from the fragment, drops it from the address, and lists newest first', async () => {
    url = await link();
    expect(url).toMatch(/^https:\/\/localhost:\d+\/portal#link=plk_/);
    ({ page, errors } = await open(url));
    await page.waitForSelector('#rows tr');
    expect(page.url()).toBe(`https://localhost:${s.port}/portal`);
    expect(await page.textContent('#session')).toContain('Acme Web');
    expect(await seqsShown(page)).toEqual(Array.from({ length: 25 }, (_, i) => 40 - i));
    // Keyset paging: older, then back.
    await page.click('#older');
    await page.waitForFunction(() => document.querySelector('#rows tr')?.getAttribute('data-seq') === '15');
    expect(await seqsShown(page)).toEqual(Array.from({ length: 15 }, (_, i) => 15 - i));
    expect(await page.isDisabled('#older')).toBe(true);
    await page.click('#newer');
    await page.waitForFunction(() => document.querySelector('#rows tr')?.getAttribute('data-seq') === '40');
    expect(await page.isDisabled('#newer')).toBe(true);
  });

  it('filters by action, actor and date', async () => {
    await applyFilters(page, { action: 'doc.update' });
    const upd = await seqsShown(page);
    expect(upd).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1)
        .filter((q) => (q - 1) % 3 === 2)
        .reverse(),
    );
    await applyFilters(page, { action: 'doc.read, doc.update', actor: 'u1' });
    expect(await seqsShown(page)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1)
        .filter((q) => (q - 1) % 3 !== 0 && (q - 1) % 2 === 1 && q !== 8)
        .reverse(),
    );
    // Events with i % 3 == 2 happened today; "from" today includes only those.
    await applyFilters(page, { from: day(0), to: day(0) });
    expect(await seqsShown(page)).toEqual(upd);
    await applyFilters(page, { from: day(2), to: day(1) });
    expect(await seqsShown(page)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1)
        .filter((q) => (q - 1) % 3 !== 2)
        .reverse()
        .slice(0, 25),
    );
    await applyFilters(page, {});
    expect((await seqsShown(page))[0]).toBe(40);
  });

  it('opens an event and verifies it in the browser with the published key (also valid for node:crypto)', async () => {
    await page.click('#rows tr[data-seq="38"]');
    await page.click('#verify');
    await page.waitForSelector('#verify-result [data-verdict]');
    expect(await page.getAttribute('#verify-result [data-verdict]', 'data-verdict')).toBe('valid');
    expect(await page.locator('#verify-result .checks li.fail').count()).toBe(0);
    // public_key, key_id, payload_hash, signature, the key list's domain and the key published in it, the platform key
    // the page fetched and its signature over that key record.
    expect(await page.locator('#verify-result .checks li.pass').count()).toBe(8);
    const e = (await api('GET', `/v1/audit/events?organization_id=${ORG}&limit=3`)).body.events.find(
      (x: any) => x.seq === 38,
    );
    const keys = (await call(s, 'GET', '/keys/localhost')).body;
    const pub = keys.keys.find((k: any) => k.key_id === e.key_id).public_key;
    const signed = {
      action: e.action,
      actor: e.actor,
      context: e.context,
      event_id: e.id,
      ingested_at: e.ingested_at,
      metadata: e.metadata,
      occurred_at: e.occurred_at,
      org_id: e.org_id,
      schema_id: e.schema_id,
      seq: e.seq,
      targets: e.targets,
    };
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: pub }, format: 'jwk' });
    expect(verify(null, Buffer.from(canonicalJson(signed)), key, Buffer.from(e.signature, 'hex'))).toBe(true);
  });

  it('downloads the filtered view as CSV (neutralized cells) and as JSON', async () => {
    await applyFilters(page, { action: 'user.login,doc.read' });
    const want = (await api('GET', `/v1/audit/events?organization_id=${ORG}&actions=user.login,doc.read&limit=100`))
      .body.events;
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
    expect(csv.suggestedFilename()).toMatch(/^audit-acme-web-.*\.csv$/);
    const text = readFileSync((await csv.path())!, 'utf8');
    expect(text.split('\n')[0]).toBe(HEADER);
    const rows: Record<string, string>[] = parse(text, { columns: true, skip_empty_lines: true });
    expect(rows.map((r) => r.id)).toEqual(want.map((e: any) => e.id));
    expect(rows.find((r) => r.seq === '8')!.actor_id).toBe(`'=HYPERLINK("x")`);
    expect(rows.find((r) => r.seq === '10')!.metadata).toBe('{"i":9,"note":"@cmd"}');
    for (const r of rows) for (const v of Object.values(r)) expect(/^[=+\-@\t\r]/.test(v)).toBe(false);
    const [json] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
    expect(JSON.parse(readFileSync((await json.path())!, 'utf8'))).toEqual(want);
  });

  it('shows INVALID when an event was altered on its way to the browser', async () => {
    const p = await ctx.newPage();
    await p.route('**/v1/portal/audit/events?*', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.events[0].metadata = { ...body.events[0].metadata, i: 999 };
      await route.fulfill({ response: res, json: body });
    });
    await p.goto(await link());
    await p.click('#rows tr[data-seq="40"]');
    await p.click('#verify');
    await p.waitForSelector('#verify-result [data-verdict]');
    expect(await p.getAttribute('#verify-result [data-verdict]', 'data-verdict')).toBe('invalid');
    await p.close();
  });

  it('refuses a reused link (401 invalid_or_used_link)', async () => {
    const again = await open(url);
    await again.page.waitForSelector('[data-error]');
    expect(await again.page.getAttribute('[data-error]', 'data-error')).toBe('invalid_or_used_link');
    expect(await again.page.textContent('#notice')).toContain('expired or was already used');
    const token = new URL(url).hash.slice('#link='.length);
    const r = await call(s, 'POST', '/v1/audit/portal/exchange', { body: { token } });
    expect([r.status, r.body.error]).toEqual([401, 'invalid_or_used_link']);
    await again.page.close();
  });

  it('is served with a strict CSP and raised no errors (no CSP violation)', async () => {
    const r = await fetch(`${s.url}/portal`, { tls: { rejectUnauthorized: false } } as RequestInit);
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(errors).toEqual([]);
  });
});

describe('portal page, log_streams intent', () => {
  it("shows the org's streams and their state", async () => {
    const st = await api('POST', `/v1/audit/orgs/${ORG}/streams`, {
      type: 'webhook',
      url: 'https://203.0.113.9/collector',
    });
    expect(st.status).toBe(201);
    const { page, errors } = await open(await link('log_streams'));
    await page.waitForSelector('#stream-rows tr');
    const row = page.locator(`#stream-rows tr[data-id="${st.body.id}"]`);
    expect(await row.textContent()).toContain('https://203.0.113.9/collector');
    expect(['active', 'failing', 'paused']).toContain((await row.getAttribute('data-state'))!);
    expect(await page.locator('#rows').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('token hygiene', () => {
  it('never puts a link or session token in a request URL or in the server log', async () => {
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    const out = s.output();
    for (const t of secrets) {
      expect(out).not.toContain(t);
      for (const u of requested) expect(u).not.toContain(t);
    }
  });
});
