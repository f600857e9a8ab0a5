// The PDF proof bundle: text extracted with pdftotext, QR code decoded with zbarimg, layout inside the page, speed.
import { afterAll, describe, expect, it } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderBundlePdf } from '../../src/proof/pdf';
import { createHash, sign } from 'node:crypto';
import { newSigner, traceBundle } from '../unit/proof-fixtures';

const dir = mkdtempSync(join(tmpdir(), 'svc-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (cmd: string[]) => {
  const p = Bun.spawnSync(cmd, { stdout: 'pipe', stderr: 'pipe' });
  if (p.exitCode !== 0) throw new Error(`${cmd[0]} failed: ${p.stderr.toString()}`);
  return p.stdout.toString();
};
const A4_WIDTH = 595.28;

describe('renderBundlePdf', async () => {
  const url = 'https://ledger.example.test:8443/proof/trace/0190a4b2-7c1e-7d3a-9f00-00000000abcd';
  const bundle = traceBundle(newSigner(), 12, { bigPayloads: true, url });
  // A public trace's PDF: its proof page on every page and in the QR code (a private one: see the next describe).
  const pdf = await renderBundlePdf(bundle, { publicPage: true });
  const file = join(dir, 'bundle.pdf');
  writeFileSync(file, pdf);
  const text = run(['pdftotext', file, '-']);
  // Hex and long strings wrap across lines: search the text with all whitespace removed.
  const joined = text.replace(/\s+/g, '');
  const pages = Number(/Pages:\s+(\d+)/.exec(run(['pdfinfo', file]))![1]);

  it('embeds every font it uses (no network, renders the same anywhere)', () => {
    const rows = run(['pdffonts', file]).split('\n').slice(2).filter(Boolean);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const r of rows) expect(r).toMatch(/\byes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$/); // emb, sub
  });

  it('is a PDF whose selectable text holds the trace id, the composite hash and every item content hash', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(joined).toContain(bundle.header.trace_id);
    expect(joined).toContain(bundle.header.composite_hash);
    for (const it of bundle.items) {
      expect(joined).toContain(it.content_hash);
      expect(joined).toContain(it.signature);
      expect(joined).toContain(it.public_key);
    }
    expect(joined).toContain(bundle.seal.signature);
    expect(joined).toContain(bundle.seal.seal_event_id);
  });

  it('prints each item section with sequence, timestamp, type and the full payload, long strings wrapped', () => {
    for (const it of bundle.items) expect(text).toContain(`Item ${it.sequence} of 12`);
    expect(text).toContain('2025-01-15T09:00:01.110Z');
    expect(joined).toContain('"blob":"' + 'ab'.repeat(150) + '"');
    expect(joined).toContain('"address":"1LongStreet,Springfield,aratherlongaddresslinethatmustwrapinsidethebox"');
    // Characters outside the standard fonts' encoding are shown as JSON escapes, never dropped.
    expect(joined).toContain('\\u65e5\\u672c\\u8a9eandemoji\\ud83d\\ude80');
    expect(text).toContain('VERIFIED when issued');
  });

  it('puts the verification URL and "Page N of M" in the footer of every page', () => {
    expect(pages).toBeGreaterThan(2);
    for (let n = 1; n <= pages; n++) {
      const page = run(['pdftotext', '-f', String(n), '-l', String(n), file, '-']).replace(/\s+/g, '');
      expect(page).toContain(`Page${n}of${pages}`);
      expect(page).toContain(url);
    }
  });

  it('keeps every word inside the page width', () => {
    const words = [...run(['pdftotext', '-bbox', file, '-']).matchAll(/xMax="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(words.length).toBeGreaterThan(500);
    expect(Math.max(...words)).toBeLessThan(A4_WIDTH - 40);
  });

  it('carries a QR code on the first page that decodes to the verification URL', () => {
    const png = join(dir, 'page');
    run(['pdftoppm', '-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, png]);
    expect(readFileSync(png + '.png').length).toBeGreaterThan(1000);
    expect(run(['zbarimg', '--raw', '-q', png + '.png']).trim()).toBe(url);
  });

  it('shows the label, tenant domain and created_at as not covered by any signature, apart from the signed fields', () => {
    const page1 = run(['pdftotext', '-f', '1', '-l', '1', file, '-']);
    const flat = page1.replace(/\s+/g, ' ');
    expect(flat).toContain('Title and tenant domain as the issuer states them: not covered by any signature.');
    const signedAt = page1.indexOf('SIGNED - covered by the seal signature');
    const unsignedAt = page1.indexOf('NOT COVERED BY ANY SIGNATURE');
    const verdictAt = page1.indexOf('VERIFIED when issued');
    expect(signedAt).toBeGreaterThan(-1);
    expect(unsignedAt).toBeGreaterThan(signedAt);
    expect(verdictAt).toBeGreaterThan(unsignedAt);
    const signed = page1.slice(signedAt, unsignedAt);
    const unsigned = page1.slice(unsignedAt, verdictAt);
    for (const field of ['Trace ID', 'Sealed', 'Item count', 'Composite hash']) expect(signed).toContain(field);
    for (const field of ['Label', 'Tenant domain', 'Created']) {
      expect(signed).not.toContain(field);
      expect(unsigned).toContain(field);
    }
    expect(unsigned).toContain(bundle.header.label);
    expect(unsigned).toContain(bundle.header.created_at);
    expect(unsigned.match(/not signed/g)?.length).toBeGreaterThanOrEqual(3);
    // Continuation pages name the label as unsigned too.
    expect(run(['pdftotext', '-f', '2', '-l', '2', file, '-']).replace(/\s+/g, ' ')).toContain(
      `label (not signed): ${bundle.header.label}`,
    );
  });

  it('keeps every word of the first page off the QR code, with a long label too', async () => {
    const long = {
      ...bundle,
      header: {
        ...bundle.header,
        label: 'Quarter-end close of the consolidated group accounts, all subsidiaries and the holding, Q4 2024',
      },
    };
    for (const [name, b, publicPage] of [
      ['bundle', bundle, true],
      ['long-label', long, true],
      ['private', long, false],
    ] as const) {
      const pdfFile = join(dir, `${name}-qr.pdf`);
      writeFileSync(pdfFile, await renderBundlePdf(b, { publicPage }));
      // pdftohtml reports the image's box in pixels of its own zoom; pdftotext -bbox reports words in points.
      const xml =
        run(['pdftohtml', '-xml', '-f', '1', '-l', '1', pdfFile, join(dir, `${name}-qr`)]) &&
        readFileSync(join(dir, `${name}-qr.xml`), 'utf8');
      const page = /<page [^>]*width="([\d.]+)"/.exec(xml)!;
      const img = /<image top="([\d.]+)" left="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/.exec(xml)!;
      const k = A4_WIDTH / Number(page[1]);
      const qr = {
        x0: Number(img[2]) * k,
        y0: Number(img[1]) * k,
        x1: (Number(img[2]) + Number(img[3])) * k,
        y1: (Number(img[1]) + Number(img[4])) * k,
      };
      expect(qr.x1 - qr.x0).toBeGreaterThan(80);
      const words = [
        ...run(['pdftotext', '-bbox', '-f', '1', '-l', '1', pdfFile, '-']).matchAll(
          /xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g,
        ),
      ];
      expect(words.length).toBeGreaterThan(50);
      const over = words
        .filter((m) => Number(m[1]) < qr.x1 && Number(m[3]) > qr.x0 && Number(m[2]) < qr.y1 && Number(m[4]) > qr.y0)
        .map((m) => m[5]);
      expect([name, over]).toEqual([name, []]);
    }
  });

  it('renders 100 items with large payloads, the last item included', async () => {
    const big = traceBundle(newSigner(), 100, { bigPayloads: true });
    const out = await renderBundlePdf(big);
    writeFileSync(join(dir, 'big.pdf'), out);
    expect(run(['pdftotext', join(dir, 'big.pdf'), '-']).replace(/\s+/g, '')).toContain(big.items[99]!.content_hash);
  });
});

describe('renderBundlePdf of a private trace (no public proof page)', async () => {
  const url = 'https://ledger.example.test:8443/base/proof/trace/0190a4b2-7c1e-7d3a-9f00-00000000abcd';
  const bundle = traceBundle(newSigner(), 12, { bigPayloads: true, url });
  const file = join(dir, 'private.pdf');
  writeFileSync(file, await renderBundlePdf(bundle));
  const text = run(['pdftotext', file, '-']);
  const verifier = 'https://ledger.example.test:8443/base/verify.html';

  it('names the offline verifier on every page and the evidence pack, never the proof page', () => {
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(2);
    for (const p of pages) expect(p.replace(/\s+/g, '')).toContain(`Verifyoffline:${verifier}`);
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain(`https://ledger.example.test:8443/base/v1/traces/${bundle.header.trace_id}/evidence`);
    expect(flat).not.toContain(url);
    expect(text).not.toContain('Scan to verify online');
    expect(text).toContain('Scan for the offline verifier');
  });

  it('keeps every word inside the page width, and its QR code decodes to the offline verifier', () => {
    const words = [...run(['pdftotext', '-bbox', file, '-']).matchAll(/xMax="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(Math.max(...words)).toBeLessThan(A4_WIDTH - 40);
    const png = join(dir, 'private-page');
    run(['pdftoppm', '-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, png]);
    expect(run(['zbarimg', '--raw', '-q', png + '.png']).trim()).toBe(verifier);
  });
});

describe('renderBundlePdf: the transparency log', async () => {
  const signer = newSigner();
  const bundle = traceBundle(signer, 3);
  const textOf = async (b: typeof bundle, name: string) => {
    const file = join(dir, name);
    writeFileSync(file, await renderBundlePdf(b));
    return run(['pdftotext', file, '-']);
  };
  const plain = await textOf(bundle, 'no-log.pdf');

  it('describes the composite hash truthfully: one flat hash over the item hashes, no chain', () => {
    expect(plain).not.toMatch(/chain/i);
    expect(plain.replace(/\s+/g, ' ')).toContain('the seal covers one SHA-256 hash of all item hashes');
  });

  it('prints nothing about a log when the seal carries no log block', () => {
    expect(plain).not.toContain('Checkpoint');
    expect(plain).not.toContain('Transparency log');
  });

  it('prints the checkpoint (size, root, key id) when the seal carries a log block', async () => {
    const origin = 'proof.acme.example/acme.example';
    const root = createHash('sha256').update('root').digest();
    const body = `${origin}\n1234\n${root.toString('base64')}\n`;
    const pub = Buffer.from(signer.publicHex, 'hex');
    const noteKeyId = createHash('sha256')
      .update(Buffer.concat([Buffer.from(origin), Buffer.from([0x0a, 0x01]), pub]))
      .digest()
      .subarray(0, 4);
    const note = `${body}\n\u2014 ${origin} ${Buffer.concat([noteKeyId, sign(null, Buffer.from(body), signer.key)]).toString('base64')}\n`;
    const withLog = {
      ...bundle,
      seal: {
        ...bundle.seal,
        log: {
          leaf_index: 1200,
          tree_size: 1234,
          leaf_hash: 'ab'.repeat(32),
          audit_path: [],
          root_hash: root.toString('hex'),
          checkpoint: note,
          head: { status: 'pending' as const },
        },
      },
    };
    const text = await textOf(withLog, 'log.pdf');
    const joined = text.replace(/\s+/g, '');
    expect(text).toContain('Checkpoint size');
    expect(joined).toContain('Checkpointsize1234');
    expect(joined).toContain(root.toString('hex'));
    expect(joined).toContain(`notekeyid${noteKeyId.toString('hex')}(key${signer.keyId})`);
    expect(joined).toContain(origin);
    expect(text).toContain('transparency log');
    const pending = await textOf(
      { ...bundle, seal: { ...bundle.seal, log: { status: 'pending' as const } } },
      'pending.pdf',
    );
    expect(pending).toContain('PENDING');
  });
});
