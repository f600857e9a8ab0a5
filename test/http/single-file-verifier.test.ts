// The single-file verifier (GET /verify.html) opened from file:// in headless Chromium with every request aborted: a
// genuine proof VALID and a tampered one INVALID, each with the verdict of `svc verify --json` on the same file; an
// evidence pack assembled here from the appliance's routes (proof.json, receipts, tlog-proofs, key answers, policy,
// tokens) VALID, and with one bit of receipt.cose flipped INVALID naming the receipt check.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createPublicKey, verify } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  call,
  cleanupDirs,
  cli,
  launchChromium,
  newTenant,
  ownedDir,
  startServer,
  until,
  type Server,
} from '../helpers';
import { startIndependentWitness } from './independent-witness';
import { startTsa, type Tsa } from '../tsa-server';
import { verifierHtml } from '../../src/web/verifier/page';

const FAST = { SVC_CHECKPOINT_SECONDS: '1', SVC_HEAD_SECONDS: '1', SVC_PUBLIC_RPS: '100000' };
const DOMAIN = 'verifier.test';
let s: Server;
let w: ReturnType<typeof startIndependentWitness>;
let tsa: Tsa;
let browser: Browser;
let ctx: BrowserContext;
let dir = '';
let pageUrl = '';
let policyText = '';
/** Every request the pages tried: the file itself is let through, anything else is aborted and recorded here. */
const attempted: string[] = [];
let proofText = '';
let proof: any;

const fetchBytes = async (path: string): Promise<Uint8Array> => {
  const r = await fetch(s.url + path, { tls: { rejectUnauthorized: false } } as RequestInit);
  expect([path, r.status]).toEqual([path, 200]);
  return new Uint8Array(await r.arrayBuffer());
};
let n = 0;
function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, `${++n}-${name}`);
  writeFileSync(path, content);
  return path;
}

beforeAll(async () => {
  w = startIndependentWitness('witness.test/verifier');
  tsa = await startTsa();
  dir = ownedDir();
  const policyFile = join(dir, 'appliance-policy.txt');
  writeFileSync(policyFile, `witness W1 ${w.vkey} ${w.url}\nquorum W1\n`);
  s = await startServer({
    dataDir: ownedDir(),
    env: { ...FAST, SVC_WITNESS_POLICY_FILE: policyFile, SVC_TSA_URLS: tsa.url, SVC_TSA_CA_FILE: tsa.caFile },
  });
  const platform = (await call(s, 'GET', '/.well-known/svc-platform-key')).body;
  w.addLog(platform.note_verifier_key.split('+')[0], platform.note_verifier_key);
  const t = await newTenant(s.dataDir, DOMAIN, 'read,write', 'enterprise');
  const ev = await call(s, 'POST', '/v1/events', {
    key: t.key,
    body: { event_type: 'verifier.check', payload: { n: 1 } },
  });
  expect(ev.status).toBe(201);
  const got = await until(
    async () => {
      const r = await call(s, 'GET', `/v1/proof/event/${ev.body.event_id}`);
      return r.status === 200 && r.body.log?.head?.checkpoint && r.body.log.head.timestamps?.length && r;
    },
    60_000,
    50,
  );
  proofText = got.text;
  proof = got.body;
  // What the verifier will call genuine is genuine for node:crypto too.
  const pub = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(proof.public_key, 'hex').toString('base64url') },
    format: 'jwk',
  });
  expect(verify(null, Buffer.from(proof.signed_payload, 'hex'), pub, Buffer.from(proof.signature, 'hex'))).toBe(true);
  policyText = (await call(s, 'GET', '/.well-known/svc-witness-policy')).text;
  const html = await call(s, 'GET', '/verify.html');
  const htmlFile = file('verify.html', html.text);
  pageUrl = `file://${htmlFile}`;
  browser = await launchChromium();
  ctx = await browser.newContext();
  await ctx.route('**/*', (route) => {
    const url = route.request().url();
    if (url === pageUrl) return route.continue();
    attempted.push(url);
    return route.abort();
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
  w?.stop();
  tsa?.stop();
  cleanupDirs();
});

/** The verifier page from file://, with its console errors (a CSP violation is reported there). */
async function open(): Promise<{ page: Page; errors: string[] }> {
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(pageUrl);
  await page.locator('body[data-ready="true"]').waitFor();
  return { page, errors };
}

type Trust = { policy?: string; tsaRoots?: string };
/** Chooses `path` in the page (after typing the trust given) and answers its verdict and its result JSON. */
async function check(path: string, trust: Trust = {}): Promise<{ valid: string | null; result: any; page: Page }> {
  const { page, errors } = await open();
  if (trust.policy || trust.tsaRoots) await page.locator('details.trust summary').click();
  if (trust.policy) await page.locator('#policy').fill(trust.policy);
  if (trust.tsaRoots) await page.locator('#tsa-roots').fill(trust.tsaRoots);
  await page.locator('#proof-file').setInputFiles(path);
  await page.locator('#verdict').waitFor();
  const valid = await page.locator('#verdict').getAttribute('data-valid');
  const result = JSON.parse((await page.locator('#result-json').textContent())!);
  expect(errors).toEqual([]);
  return { valid, result, page };
}

/** `svc verify --json` on the same file with the same trust. */
async function cliVerdict(path: string, trust: Trust = {}): Promise<any> {
  const flags: string[] = [];
  if (trust.policy) flags.push('--policy', file('policy.txt', trust.policy));
  if (trust.tsaRoots) flags.push('--tsa-ca', file('roots.pem', trust.tsaRoots));
  const r = await cli(dir, 'verify', path, ...flags);
  expect(r.code).toBe(r.json.valid ? 0 : 1);
  return r.json;
}

/** What every verifier must agree on (docs/verification.md#the-result): everything but the words of each detail. */
const verdict = (r: any) => ({
  valid: r.valid,
  trust: r.trust,
  complete: r.complete,
  sandbox: r.sandbox,
  existed_no_later_than: r.existed_no_later_than,
  witnessed_by: r.witnessed_by,
  kind: r.kind,
  unsigned: r.unsigned,
  checks: r.checks.map((c: any) => [c.name, c.ok, c.skipped ?? false]),
});
const failed = (r: any): string[] => r.checks.filter((c: any) => !c.ok).map((c: any) => c.name);

describe('GET /verify.html', () => {
  it('answers the one HTML file, self-contained, under a policy that allows no connection', async () => {
    const r = await call(s, 'GET', '/verify.html');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(r.text).toBe(await verifierHtml());
    const csp = r.headers.get('content-security-policy')!;
    for (const d of ["default-src 'none'", "connect-src 'none'", "form-action 'none'", "frame-ancestors 'none'"])
      expect(csp).toContain(d);
    // The meta policy is the header's (without frame-ancestors, which a meta tag cannot carry).
    expect(r.text).toContain(
      `<meta http-equiv="Content-Security-Policy" content="${csp.replace("; frame-ancestors 'none'", '')}">`,
    );
    // Nothing it loads: no external script, stylesheet, image, frame or font.
    expect(r.text).not.toMatch(/<(script|link|img|iframe)[^>]*\s(src|href)=/i);
    expect(r.text).not.toMatch(/@import|url\(\s*['"]?(https?:|\/\/)/i);
  });
});

describe('a JSON proof, opened from file:// with the network blocked', () => {
  it('a genuine proof is VALID, with the verdict of svc verify --json, and no request was attempted', async () => {
    const path = file('proof.json', proofText);
    const page = await check(path);
    expect(page.valid).toBe('true');
    expect(await page.page.locator('#verdict').textContent()).toBe('VERIFIED');
    const cliResult = await cliVerdict(path);
    expect(cliResult.valid).toBe(true);
    expect(verdict(page.result)).toEqual(verdict(cliResult));
    expect(page.result.trust).toBe('file');
    expect(attempted).toEqual([]);
  }, 60_000);

  it("under the auditor's policy and TSA roots: trust policy, witnessed and dated, as svc verify says", async () => {
    const path = file('proof.json', proofText);
    const trust = { policy: policyText, tsaRoots: tsa.caPem };
    const page = await check(path, trust);
    expect(page.valid).toBe('true');
    expect(page.result).toMatchObject({ trust: 'policy', witnessed_by: [w.name] });
    expect(page.result.existed_no_later_than).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(verdict(page.result)).toEqual(verdict(await cliVerdict(path, trust)));
    expect(attempted).toEqual([]);
  }, 60_000);

  it('a tampered proof is INVALID naming the failed check, as svc verify says', async () => {
    const sig = proof.signature as string;
    const forged = { ...proof, signature: (sig[0] === '0' ? '1' : '0') + sig.slice(1) };
    const path = file('forged.json', JSON.stringify(forged));
    const page = await check(path);
    expect(page.valid).toBe('false');
    expect(failed(page.result)).toContain('record.signature');
    expect(await page.page.locator('li.fail[data-check="record.signature"]').count()).toBe(1);
    const cliResult = await cliVerdict(path);
    expect(verdict(page.result)).toEqual(verdict(cliResult));
    expect(failed(page.result)).toEqual(failed(cliResult));
    expect(attempted).toEqual([]);
  }, 60_000);
});

/** The evidence pack of the proof in the documented layout, assembled from the appliance's individual routes. */
async function packFiles(): Promise<Record<string, Uint8Array>> {
  const id = proof.event_id;
  const body = proof.log.checkpoint.slice(0, proof.log.checkpoint.indexOf('\n\n'));
  const [origin, size] = body.split('\n');
  const head = `origin=${encodeURIComponent(origin)}&size=${size}`;
  const enc = new TextEncoder();
  const files: Record<string, Uint8Array> = {
    'proof.json': enc.encode(proofText),
    'receipt.cose': await fetchBytes(`/v1/proof/event/${id}/receipt`),
    'head-receipt.cose': await fetchBytes(`/v1/proof/head/receipt?${head}`),
    'proof.tlog-proof': await fetchBytes(`/v1/proof/event/${id}/tlog-proof`),
    'head.tlog-proof': await fetchBytes(`/v1/proof/head/tlog-proof?${head}`),
    'keys.json': await fetchBytes(`/keys/${DOMAIN}`),
    'platform-key.json': await fetchBytes('/.well-known/svc-platform-key'),
    'witness-policy.txt': await fetchBytes('/.well-known/svc-witness-policy'),
    'verify.html': await fetchBytes('/verify.html'),
    'README.txt': enc.encode('Open verify.html in a browser and choose this file.\n'),
  };
  proof.log.head.timestamps.forEach((t: { token: string }, i: number) => {
    files[`tsa/${i + 1}.tsr`] = new Uint8Array(Buffer.from(t.token, 'base64'));
  });
  return files;
}

describe('an evidence pack, opened from file:// with the network blocked', () => {
  it("a genuine pack is VALID: proof.json as svc verify says, and every other file's checks pass", async () => {
    const files = await packFiles();
    const path = file('pack.zip', zipSync(files));
    const page = await check(path, { policy: policyText, tsaRoots: tsa.caPem });
    expect(failed(page.result)).toEqual([]);
    expect(page.valid).toBe('true');
    const names = page.result.checks.map((c: any) => c.name);
    for (const n of [
      'pack.receipt_signature[receipt.cose]',
      'pack.receipt_checkpoint[receipt.cose]',
      'pack.receipt_signature[head-receipt.cose]',
      'pack.tlog_proof_inclusion[proof.tlog-proof]',
      'pack.tlog_proof_log_key[proof.tlog-proof]',
      'pack.tlog_proof_quorum[head.tlog-proof]',
      'pack.record.key_published[keys.json]',
      'pack.record.key_platform_signature[keys.json]',
      'pack.record.head.key[platform-key.json]',
      'pack.timestamp[tsa/1.tsr]',
      'pack.timestamps[tsa/]',
      'pack.policy[witness-policy.txt]',
    ])
      expect(names).toContain(n);
    expect(page.result.files).toEqual(Object.keys(files).sort());
    expect(page.result.shipped_policy).toBe(policyText);
    // The proof's own checks are those of svc verify on the pack's proof.json, under the same trust.
    const cliResult = await cliVerdict(file('proof.json', proofText), { policy: policyText, tsaRoots: tsa.caPem });
    expect(
      verdict({ ...page.result, checks: page.result.checks.filter((c: any) => !c.name.startsWith('pack.')) }),
    ).toEqual(verdict(cliResult));
    expect(attempted).toEqual([]);
  }, 60_000);

  it('a pack whose receipt.cose has one bit flipped is INVALID, naming the receipt check', async () => {
    const files = await packFiles();
    const receipt = Uint8Array.from(files['receipt.cose']!);
    receipt[receipt.length - 1]! ^= 0x01; // inside the Ed25519 signature, the last field of the COSE_Sign1
    const page = await check(file('pack.zip', zipSync({ ...files, 'receipt.cose': receipt })));
    expect(page.valid).toBe('false');
    expect(failed(page.result)).toEqual(['pack.receipt_signature[receipt.cose]']);
    expect(
      await page.page.locator('#pack-checks li.fail[data-check="pack.receipt_signature[receipt.cose]"]').count(),
    ).toBe(1);
    expect(attempted).toEqual([]);
  }, 60_000);

  it('a pack whose keys.json does not hold the signing key is INVALID, naming the key check', async () => {
    const files = await packFiles();
    const keys = JSON.parse(new TextDecoder().decode(files['keys.json']));
    keys.keys = keys.keys.map((k: any) => ({
      ...k,
      key_id: `${k.key_id.slice(0, -1)}${k.key_id.endsWith('0') ? '1' : '0'}`,
    }));
    const page = await check(
      file('pack.zip', zipSync({ ...files, 'keys.json': new TextEncoder().encode(JSON.stringify(keys)) })),
    );
    expect(page.valid).toBe('false');
    expect(failed(page.result)).toContain('pack.record.key_published[keys.json]');
    expect(failed(page.result).every((n) => n.startsWith('pack.'))).toBe(true);
  }, 60_000);
});
