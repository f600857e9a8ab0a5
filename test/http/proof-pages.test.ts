// The public proof pages in headless Chromium against a real appliance: in-browser verdicts, tampering, CSP, local file hashing.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createPublicKey, verify } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, cleanup, startServer, tempDir, until, sha, type Server, launchChromium } from '../helpers';

let s: Server;
let browser: Browser;
let ctx: BrowserContext;
const dir = tempDir();
const nodeVerify = (pubHex: string, msgHex: string, sigHex: string) =>
  verify(
    null,
    Buffer.from(msgHex, 'hex'),
    createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(pubHex, 'hex').toString('base64url') },
      format: 'jwk',
    }),
    Buffer.from(sigHex, 'hex'),
  );
const flipHex = (h: string, i: number) => h.slice(0, i) + (h[i] === '0' ? '1' : '0') + h.slice(i + 1);

beforeAll(async () => {
  // Polling the public proof endpoint must not trip the per-IP public rate limit.
  s = await startServer({ dataDir: dir, env: { SVC_PUBLIC_RPS: '1000' } });
  browser = await launchChromium();
  ctx = await browser.newContext({ ignoreHTTPSErrors: true });
});
afterAll(async () => {
  await browser?.close();
  await s.stop();
  cleanup(dir);
});

/** A page that records console errors (CSP violations are reported there). */
async function open(path: string, setup?: (p: Page) => Promise<void>): Promise<{ page: Page; errors: string[] }> {
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  if (setup) await setup(page);
  await page.goto(s.url + path);
  return { page, errors };
}

async function newEvent(): Promise<any> {
  const r = await call(s, 'POST', '/v1/events', {
    key: s.apiKey,
    body: { event_type: 'invoice.approved', payload: { invoice: 'INV-1042', amount: 1250.5, note: 'é 日本' } },
  });
  expect(r.status).toBe(201);
  const proof = await until(async () => {
    const p = await call(s, 'GET', `/v1/proof/event/${r.body.event_id}`);
    return p.status === 200 ? p.body : null;
  });
  // What the page will call valid is valid for node:crypto too.
  expect(nodeVerify(proof.public_key, proof.signed_payload, proof.signature)).toBe(true);
  return proof;
}

const failedChecks = (page: Page) =>
  page.locator('.checks li.fail').evaluateAll((els) => els.map((e) => e.getAttribute('data-check')));

/** Rewrites the proof JSON the page receives. */
const tamper = (change: (j: any) => void) => async (page: Page) => {
  await page.route('**/v1/proof/event/**', async (route) => {
    const res = await route.fetch();
    const j = await res.json();
    change(j);
    await route.fulfill({ response: res, json: j });
  });
};

describe('GET /proof/event/{event_id} page', () => {
  let proof: any;
  beforeAll(async () => {
    proof = await newEvent();
  });

  it('shows "Signature valid" for a real ledger event, with issuer and hashes, and no CSP violation', async () => {
    const { page, errors } = await open(`/proof/event/${proof.event_id}`);
    const verdict = page.locator('#verdict');
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-valid')).toBe('true');
    expect(await verdict.textContent()).toBe('Signature valid');
    const body = (await page.textContent('main'))!;
    expect(body).toContain(proof.organization.issuer_name);
    expect(body).toContain(proof.payload_hash);
    expect(body).toContain(proof.signature);
    expect(await page.locator('.checks li.fail').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows "Signature INVALID" when fed a signature with one changed hex digit', async () => {
    const { page } = await open(
      `/proof/event/${proof.event_id}`,
      tamper((j) => {
        j.signature = flipHex(j.signature, 40);
      }),
    );
    const verdict = page.locator('#verdict');
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-valid')).toBe('false');
    expect(await verdict.textContent()).toBe('Signature INVALID');
    expect(await failedChecks(page)).toEqual(['Ed25519 signature verifies over the signed bytes']);
    await page.close();
  });

  it('shows INVALID when the displayed payload_hash is not the signed one', async () => {
    const { page } = await open(
      `/proof/event/${proof.event_id}`,
      tamper((j) => {
        j.payload_hash = sha('something else');
      }),
    );
    await page.locator('#verdict').waitFor();
    expect(await page.locator('#verdict').getAttribute('data-valid')).toBe('false');
    expect(await failedChecks(page)).toEqual(['Fields shown agree with the signed bytes']);
    await page.close();
  });

  it('shows "No proof found" for an unknown id and for a malformed one', async () => {
    for (const id of ['01a203be-9bd6-75e7-9717-52a0ef6b1100', 'not-an-id']) {
      const { page } = await open(`/proof/event/${id}`);
      await page.locator('#notfound').waitFor();
      expect(await page.locator('#notfound').textContent()).toBe('No proof found');
      expect(await page.locator('#verdict').count()).toBe(0);
      await page.close();
    }
  });

  it('is served with a strict Content-Security-Policy, and the bundle with a long cache', async () => {
    const r = await call(s, 'GET', `/proof/event/${proof.event_id}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = r.headers.get('content-security-policy')!;
    for (const d of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
    ])
      expect(csp).toContain(d);
    expect(csp).not.toContain('unsafe');
    // No inline script, style or handler that the policy would have to allow.
    expect(r.text).not.toMatch(/<script>|<style|\sstyle=|\son[a-z]+=/);
    const js = /src="(\/assets\/proof\.js\?v=[0-9a-f]+)"/.exec(r.text)![1];
    const a = await call(s, 'GET', js);
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(a.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The bundle is self-contained: noble is inside it, nothing is loaded from a CDN.
    expect(a.text).not.toMatch(/cdn\.|unpkg\.com|jsdelivr|esm\.sh|import\s*\(/);
    const css = /href="(\/assets\/proof\.css\?v=[0-9a-f]+)"/.exec(r.text)![1];
    const c = await call(s, 'GET', css);
    expect(c.headers.get('content-type')).toBe('text/css; charset=utf-8');
    // A URL that does not name the current version is not cached for a year.
    expect((await call(s, 'GET', '/assets/proof.js')).headers.get('cache-control')).toBe('public, max-age=300');
  });
});

describe('GET /proof/document/{event_id} page', () => {
  it('reports a match for the anchored file and a mismatch for another, without uploading the file', async () => {
    const marker = `CONFIDENTIAL-${crypto.randomUUID()}`;
    const original = Buffer.from(`%PDF-1.4\n${marker}\nSigned master services agreement, version 3.\n`);
    const other = Buffer.from(`%PDF-1.4\n${marker}\nSigned master services agreement, version 4.\n`);
    const a = await call(s, 'POST', '/v1/document/anchor', {
      key: s.apiKey,
      body: { document_hash: sha(original), document_ref: 'msa-v3.pdf' },
    });
    expect(a.status).toBe(201);
    await until(async () => (await call(s, 'GET', `/v1/proof/document/${a.body.event_id}`)).status === 200);

    const { page, errors } = await open(`/proof/document/${a.body.event_id}`);
    const sent: string[] = [];
    page.on('request', (r) => sent.push(r.postData() ?? ''));
    await page.locator('#dropzone').waitFor();
    if (await page.locator('#verdict').count())
      expect(await page.locator('#verdict').getAttribute('data-valid')).toBe('true');

    await page.setInputFiles('#file', { name: 'msa-v3.pdf', mimeType: 'application/pdf', buffer: original });
    await page.locator('#match[data-match="true"]').waitFor();
    expect(await page.textContent('#file-result')).toContain(sha(original));

    await page.setInputFiles('#file', { name: 'msa-v4.pdf', mimeType: 'application/pdf', buffer: other });
    await page.locator('#match[data-match="false"]').waitFor();
    expect(await page.textContent('#file-result')).toContain(sha(other));

    // The bytes never leave the browser: only hashes are ever posted.
    await until(async () => sent.length >= 2 || (await page.textContent('#file-server'))?.includes('service'));
    expect(sent.some((b) => b.includes(marker))).toBe(false);
    for (const b of sent.filter(Boolean)) expect(Object.keys(JSON.parse(b))).toEqual(['document_hash']);
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await page.close();
  });
});

describe('GET /proof/ai/{id} page', () => {
  it('shows "Signature valid" and compares pasted text by its SHA-256 computed in the browser', async () => {
    const output = 'Risk band B; approve with standard terms';
    const a = await call(s, 'POST', '/v1/ai/attestations', {
      key: s.apiKey,
      body: {
        attestation_type: 'decision',
        input: 'Assess applicant A-2291',
        output,
        model_provider: 'openai',
        model_name: 'gpt-4o',
      },
    });
    expect(a.status).toBe(201);
    const proof = await until(async () => {
      const p = await call(s, 'GET', `/v1/proof/ai/${a.body.attestation_id}`);
      return p.status === 200 ? p.body : null;
    });
    expect(nodeVerify(proof.public_key, proof.signed_payload, proof.signature)).toBe(true);

    const { page, errors } = await open(`/proof/ai/${a.body.attestation_id}`);
    await page.locator('#verdict').waitFor();
    expect(await page.locator('#verdict').getAttribute('data-valid')).toBe('true');
    expect(await page.locator('#verdict').textContent()).toBe('Signature valid');

    await page.fill('#content', output);
    await page.click('#content-check');
    await page.locator('#content-match[data-match="true"]').waitFor();
    expect(await page.textContent('#content-result')).toContain(sha(output));
    await until(async () => (await page.textContent('#content-server'))?.includes('confirms the match (output_hash)'));

    await page.fill('#content', 'Risk band C; decline');
    await page.click('#content-check');
    await page.locator('#content-match[data-match="false"]').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('GET /proof/trace/{trace_id} page', () => {
  let traceId: string;
  beforeAll(async () => {
    const t = await call(s, 'POST', '/v1/traces', {
      key: s.apiKey,
      body: { label: `Loan ${crypto.randomUUID()}`, public: true },
    });
    expect(t.status).toBe(201);
    traceId = t.body.trace_id;
    const e = await call(s, 'POST', '/v1/events', {
      key: s.apiKey,
      body: { event_type: 'application.received', trace_id: traceId, payload: { applicant: 'A-2291', amount: 25000 } },
    });
    const a = await call(s, 'POST', '/v1/ai/attestations', {
      key: s.apiKey,
      body: {
        attestation_type: 'decision',
        trace_id: traceId,
        input: `risk ${traceId}`,
        output: 'band B',
        subject: { step: 2 },
      },
    });
    const d = await call(s, 'POST', '/v1/document/anchor', {
      key: s.apiKey,
      body: {
        document_hash: sha(`contract ${traceId}`),
        document_ref: 'contract.pdf',
        metadata: { pages: 12 },
        trace_id: traceId,
      },
    });
    expect([e.status, a.status, d.status]).toEqual([201, 201, 201]);
    expect((await call(s, 'POST', `/v1/traces/${traceId}/seal`, { key: s.apiKey })).status).toBe(202);
    const bundle = await until(async () => {
      const p = await call(s, 'GET', `/v1/proof/trace/${traceId}`);
      return p.status === 200 ? p.body : null;
    });
    for (const it of [...bundle.items, bundle.seal])
      expect(nodeVerify(it.public_key, it.signed_payload, it.signature)).toBe(true);
    const raw = Buffer.concat(bundle.items.map((it: any) => Buffer.from(it.content_hash, 'hex')));
    expect(sha(raw)).toBe(bundle.header.composite_hash);
  });

  it('shows every item valid and an overall "All signatures valid"', async () => {
    const { page, errors } = await open(`/proof/trace/${traceId}`);
    await page.locator('#verdict').waitFor();
    expect(await page.locator('#verdict').getAttribute('data-valid')).toBe('true');
    expect(
      await page.locator('.item-verdict').evaluateAll((els) => els.map((e) => e.getAttribute('data-valid'))),
    ).toEqual(['true', 'true', 'true']);
    expect(await failedChecks(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('marks the item whose payload was altered, and the trace, INVALID', async () => {
    const { page } = await open(`/proof/trace/${traceId}`, async (p) => {
      await p.route('**/v1/proof/trace/**', async (route) => {
        const res = await route.fetch();
        const j = await res.json();
        j.items[0].payload.amount = 250000;
        await route.fulfill({ response: res, json: j });
      });
    });
    await page.locator('#verdict').waitFor();
    expect(await page.locator('#verdict').getAttribute('data-valid')).toBe('false');
    expect(await page.locator('#verdict').textContent()).toBe('Trace INVALID');
    // The failed item is listed twice (failed items, then all items); the others stay valid.
    expect(
      await page.locator('.item-verdict').evaluateAll((els) => els.map((e) => e.getAttribute('data-valid'))),
    ).toEqual(['false', 'false', 'true', 'true']);
    expect([...new Set(await failedChecks(page))]).toEqual(['Content hash recomputed from the payload']);
    await page.close();
  });

  it('shows INVALID when two items are swapped (composite hash and sequence)', async () => {
    const { page } = await open(`/proof/trace/${traceId}`, async (p) => {
      await p.route('**/v1/proof/trace/**', async (route) => {
        const res = await route.fetch();
        const j = await res.json();
        [j.items[0], j.items[1]] = [j.items[1], j.items[0]];
        await route.fulfill({ response: res, json: j });
      });
    });
    await page.locator('#verdict').waitFor();
    expect(await page.locator('#verdict').getAttribute('data-valid')).toBe('false');
    expect(await failedChecks(page)).toContain(
      'Composite hash recomputed from the item hashes (raw digests, in order)',
    );
    await page.close();
  });

  it('shows "No proof found" for a trace that is not public', async () => {
    const t = await call(s, 'POST', '/v1/traces', { key: s.apiKey, body: { label: `Private ${crypto.randomUUID()}` } });
    const { page } = await open(`/proof/trace/${t.body.trace_id}`);
    await page.locator('#notfound').waitFor();
    expect(await page.locator('#notfound').textContent()).toBe('No proof found');
    await page.close();
  });
});
