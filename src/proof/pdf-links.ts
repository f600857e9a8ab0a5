// Owns where a trace proof PDF sends its reader: the trace's public proof page when its tenant made it public, else
// (that page would answer "No proof found") the single-file offline verifier and the trace's evidence pack.
import type { ProofBundle } from './bundle-format';

export type PdfLinks = {
  /** What the QR code on the first page encodes, and the caption under it. */
  qr: string;
  qrCaption: string;
  /** The label and the URL in the footer of every page. */
  footerLabel: string;
  footerUrl: string;
  /** The closing section's sentence on how to check the trace, and its rows (label, URL). */
  how: string;
  rows: Array<[string, string]>;
};

/** The appliance's public URL, read back from the bundle's proof page URL (`<public URL>/proof/trace/<id>`). */
function baseUrl(b: ProofBundle): string {
  const page = b.footer.verification_url;
  const at = page.lastIndexOf('/proof/trace/');
  return at >= 0 ? page.slice(0, at) : page.replace(/\/+$/, '');
}

/** docs/traces.md#the-proof-bundle: a private trace's PDF names the offline verifier and the evidence pack, never its page. */
export function pdfLinks(b: ProofBundle, publicPage: boolean): PdfLinks {
  const page = b.footer.verification_url;
  const keys: [string, string] = ['Public keys', b.footer.public_key_url];
  if (publicPage)
    return {
      qr: page,
      qrCaption: 'Scan to verify online',
      footerLabel: 'Verify at:',
      footerUrl: page,
      how: 'To check this record without trusting the issuer, fetch the JSON proof bundle and run "svc verify bundle.json" or any implementation of the published verification algorithm; compare the public keys with those published at:',
      rows: [keys, ['Verification', page]],
    };
  const base = baseUrl(b);
  const verifier = `${base}/verify.html`;
  const pack = `${base}/v1/traces/${encodeURIComponent(b.header.trace_id)}/evidence`;
  return {
    qr: verifier,
    qrCaption: 'Scan for the offline verifier',
    footerLabel: 'Verify offline:',
    footerUrl: verifier,
    how:
      'This trace has no public proof page. To check it without trusting the issuer, ask the issuer for its evidence pack ' +
      '(a zip the issuer downloads from the evidence pack route below with a read key): it holds the JSON proof bundle, the ' +
      'published keys and the single-file verifier verify.html, which checks the pack in any browser without a network ' +
      'connection. The same verifier is served below; "svc verify proof.json" or any implementation of the published ' +
      'verification algorithm gives the same verdict. Compare the public keys with those published at:',
    rows: [keys, ['Offline verifier', verifier], ['Evidence pack', pack]],
  };
}
