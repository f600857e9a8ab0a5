// Owns the PDF rendering of a trace proof bundle (docs/traces.md#the-proof-bundle): the document, its fonts and metadata, and the
// order of the sections (pdf-sections.ts) laid out by the engine in pdf-layout.ts.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { ProofBundle } from '../proof-format/documents';
import { FONT_FILES, Layout, MONO, printable, SANS, SANS_BOLD, type Doc } from './pdf-layout';
import { closing, footers, header, headEvidence, item, overview, seal } from './pdf-sections';
import { sealHead } from './pdf-head';
import { pdfLinks } from './pdf-links';

/**
 * Renders the bundle as an A4 PDF with selectable text; where to verify (pdf-links.ts: the public proof page when
 * `publicPage`, else the offline verifier and the evidence pack) appears as text on every page and as a QR code on
 * the first.
 */
export async function renderBundlePdf(bundle: ProofBundle, o: { publicPage?: boolean } = {}): Promise<Buffer> {
  const head = await sealHead(bundle);
  const links = pdfLinks(bundle, o.publicPage ?? false);
  const qr = await QRCode.toBuffer(links.qr, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    scale: 8,
  });
  const doc: Doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    info: {
      Title: `Trace proof bundle ${bundle.header.trace_id}`,
      Subject: `Proof bundle for trace "${bundle.header.label}" (${bundle.header.tenant_domain})`,
      Creator: 'svc proof ledger appliance',
      Keywords: `trace ${bundle.header.trace_id}; composite ${bundle.header.composite_hash}`,
    },
  });
  for (const f of [SANS, SANS_BOLD, MONO]) doc.registerFont(f, FONT_FILES[f]!);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const layout = new Layout(
    doc,
    printable(`Trace proof bundle  |  trace ${bundle.header.trace_id}  |  label (not signed): ${bundle.header.label}`),
  );
  header(layout, bundle, qr, links.qrCaption);
  overview(layout, bundle);
  for (const it of bundle.items) item(layout, it, bundle.items.length);
  seal(layout, bundle);
  headEvidence(layout, bundle, head);
  closing(layout, bundle, links);
  footers(doc, bundle, links);
  doc.end();
  return done;
}
