// Trace proofs as documents: the PDF bundle and svc verify on a real bundle.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, cleanup, cli, newTenant, startServer, tempDir, until, sha, type Server } from '../helpers';

let s: Server;
let key: string;
let traceId: string;
let bundle: any;
const dir = tempDir();

async function run(cmd: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const p = Bun.spawn(cmd, { stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  return { code: await p.exited, stdout, stderr };
}

beforeAll(async () => {
  s = await startServer({ dataDir: dir });
  key = (await newTenant(dir, 'proof-pdf.test', 'read,write', 'enterprise')).key;
  const post = (path: string, body: unknown) => call(s, 'POST', path, { key, body });
  traceId = (
    await post('/v1/traces', { label: 'Claim 2026-118: water damage', metadata: { claim: 118, adjuster: 'R. Ng' } })
  ).body.trace_id;
  for (let i = 0; i < 6; i++) {
    const payload = {
      step: i,
      note: `inspection note ${i} `.repeat(i * 8),
      nested: { list: [1, 2, { deep: 'é€😀' }] },
    };
    expect((await post('/v1/events', { event_type: 'claim.step', payload, trace_id: traceId })).status).toBe(201);
  }
  expect(
    (
      await post('/v1/ai/attestations', {
        attestation_type: 'approval',
        input: 'approve claim 118?',
        output: 'approved',
        trace_id: traceId,
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await post('/v1/document/anchor', {
        document_hash: sha('photo.jpg bytes'),
        document_ref: 'photo.jpg',
        trace_id: traceId,
      })
    ).status,
  ).toBe(201);
  expect((await post(`/v1/traces/${traceId}/seal`, undefined)).status).toBe(202);
  await until(async () => (await call(s, 'GET', `/v1/traces/${traceId}`, { key })).body.status === 'sealed');
  // Fetched once a signed checkpoint covers the seal, so every item and the seal carry a checkable log block.
  bundle = await until(async () => {
    const b = (await call(s, 'GET', `/v1/traces/${traceId}/proof`, { key })).body;
    return b.seal?.log && b.seal.log.status !== 'pending' ? b : null;
  }, 20000);
  expect(bundle.items).toHaveLength(8);
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('GET /v1/traces/{trace_id}/proof.pdf', () => {
  let pdfPath: string;
  const pdfOf = async (name: string) => {
    const res = await fetch(`${s.url}/v1/traces/${traceId}/proof.pdf`, {
      headers: { authorization: `Bearer ${key}` },
      tls: { rejectUnauthorized: false },
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };
  const qrOf = async (pdf: string) => {
    const png = join(dir, `${pdf.split('/').pop()}-page`);
    expect((await run(['pdftoppm', '-f', '1', '-l', '1', '-r', '150', '-png', pdf, png])).code).toBe(0);
    const file = (await run(['sh', '-c', `ls ${png}*.png`])).stdout.trim();
    const z = await run(['zbarimg', '--quiet', '--raw', file]);
    expect(z.code).toBe(0);
    return z.stdout.trim();
  };
  const origin = () => new URL(bundle.footer.verification_url).origin;
  beforeAll(async () => {
    pdfPath = await pdfOf('bundle.pdf');
  });

  it('has selectable text with the trace id, composite hash, every item hash and where to verify', async () => {
    const r = await run(['pdftotext', '-layout', pdfPath, '-']);
    expect(r.code).toBe(0);
    const flat = r.stdout.replace(/\s+/g, '');
    expect(r.stdout).toContain(traceId);
    expect(flat).toContain(bundle.header.composite_hash);
    for (const it of bundle.items) {
      expect(flat).toContain(it.content_hash);
      expect(flat).toContain(it.id);
    }
    expect(r.stdout).toContain('Claim 2026-118: water damage');
    expect(r.stdout).toMatch(/Page 1 of \d+/);
  });

  it('of a private trace points to the offline verifier and the evidence pack, never to a proof page', async () => {
    const r = await run(['pdftotext', pdfPath, '-']);
    const flat = r.stdout.replace(/\s+/g, '');
    const pages = r.stdout.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    // Every page's footer names the single-file verifier.
    for (const p of pages) expect(p.replace(/\s+/g, '')).toContain(`Verifyoffline:${origin()}/verify.html`);
    expect(flat).toContain(`${origin()}/v1/traces/${traceId}/evidence`);
    expect(r.stdout).toContain('Scan for the offline verifier');
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('This trace has no public proof page.');
    expect(r.stdout).not.toContain('Scan to verify online');
    expect(flat).not.toContain('/proof/trace/');
    expect(await qrOf(pdfPath)).toBe(`${origin()}/verify.html`);
  });

  it('of a public trace carries its proof page as a QR code (zbarimg) and in every footer', async () => {
    expect((await call(s, 'POST', `/v1/traces/${traceId}/public`, { key, body: { enabled: true } })).status).toBe(200);
    try {
      const pub = await pdfOf('public.pdf');
      const text = (await run(['pdftotext', pub, '-'])).stdout;
      expect(text).toContain('Scan to verify online');
      for (const p of text.split('\f').filter((x) => x.trim()))
        expect(p.replace(/\s+/g, '')).toContain(`Verifyat:${bundle.footer.verification_url}`);
      expect(text).not.toContain('verify.html');
      expect(await qrOf(pub)).toBe(bundle.footer.verification_url);
      expect(bundle.footer.verification_url).toBe(`${origin()}/proof/trace/${traceId}`);
    } finally {
      await call(s, 'POST', `/v1/traces/${traceId}/public`, { key, body: { enabled: false } });
    }
  });

  it('answers 409 trace_not_sealed before sealing and needs scope read', async () => {
    const open = (await call(s, 'POST', '/v1/traces', { key, body: { label: 'still open' } })).body.trace_id;
    const r = await call(s, 'GET', `/v1/traces/${open}/proof.pdf`, { key });
    expect([r.status, r.body.error]).toEqual([409, 'trace_not_sealed']);
    expect((await call(s, 'GET', `/v1/traces/${traceId}/proof.pdf`)).body.error).toBe('missing_api_key');
  });
});

describe('svc verify on a real bundle', () => {
  const save = (name: string, doc: unknown) => {
    const f = join(dir, name);
    writeFileSync(f, JSON.stringify(doc, null, 2));
    return f;
  };

  it('accepts the bundle as served', async () => {
    const r = await cli(
      dir,
      'verify',
      save('good.json', bundle),
      '--keys',
      save('keys.json', (await call(s, 'GET', '/keys/proof-pdf.test')).body),
    );
    expect(r.code).toBe(0);
    expect(r.json.valid).toBe(true);
    expect(r.json.kind).toBe('trace_bundle');
    // Nothing was left unchecked: the bundle carries what the seal binding needs (the trace metadata); only the heads
    // are still pending (SVC_HEAD_SECONDS is its default here), each said in a SKIP line.
    expect(r.json.checks.filter((c: any) => c.skipped && !c.name.endsWith('.head.status'))).toEqual([]);
  });

  it('rejects a bundle with one changed byte in a payload, in a signature, in the trace metadata, or with two items swapped', async () => {
    const payload = structuredClone(bundle);
    payload.items[2].payload.step = 4; // one character of the payload: 2 -> 4
    const sig = structuredClone(bundle);
    const s0 = sig.items[4].signature as string;
    sig.items[4].signature = s0.slice(0, 10) + (s0[10] === '0' ? '1' : '0') + s0.slice(11);
    const order = structuredClone(bundle);
    [order.items[1], order.items[2]] = [order.items[2], order.items[1]];
    order.items.forEach((it: any, i: number) => (it.sequence = i + 1)); // renumbered: only the order itself changed
    const meta = structuredClone(bundle);
    meta.header.metadata.claim = 119;
    for (const [name, doc] of [
      ['payload.json', payload],
      ['signature.json', sig],
      ['order.json', order],
      ['metadata.json', meta],
    ] as const) {
      const r = await cli(dir, 'verify', save(name, doc));
      expect(r.code).not.toBe(0);
      expect(r.json.valid).toBe(false);
    }
    // Text mode names the failure.
    const txt = Bun.spawnSync(['bun', 'src/cli/index.ts', 'verify', join(dir, 'order.json')], {
      cwd: join(import.meta.dir, '../..'),
    });
    expect(txt.exitCode).not.toBe(0);
    expect(txt.stdout.toString()).toContain('composite_hash');
  });
});
