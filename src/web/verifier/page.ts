// Owns the single-file verifier (docs/verification.md#21-the-single-file-verifier): one HTML file with its script and
// style inline, allowed by hash in a Content-Security-Policy that permits no connection, built once and kept. The
// appliance serves it at GET /verify.html, `npm run build` writes it to dist/verify.html, evidence packs carry it.
import { join } from 'node:path';
import { sha256Raw } from '../../crypto/hash';
import { bundle, proofAssets } from '../assets';

/** The verifier's script and the rules it bundles, built like every page family (prebuilt in the executable). */
export const verifierAssets = bundle('verifier', join(import.meta.dir, 'client', 'main.ts'), {
  css: join(import.meta.dir, 'verifier.css'),
});

const hash = (s: string) => `'sha256-${sha256Raw(s).toString('base64')}'`;

/**
 * The policy of the file and of its HTTP answer: the inline script and style by their hashes, nothing else; no
 * connection, form, frame or base, so that a proof checked here goes nowhere.
 */
export const verifierCsp = (script: string, style: string): string =>
  `default-src 'none'; script-src ${hash(script)}; style-src ${hash(style)}; img-src data:; connect-src 'none'; ` +
  "form-action 'none'; base-uri 'none'; object-src 'none'";

/**
 * A script inside <script> must not hold `</script`, `<!--` or `<script` (the HTML parser would end or re-nest it
 * there); in the bundle they occur only in strings and regular expressions, where `\x3C` is the same `<`.
 */
const inlineSafe = (js: string): string => js.replace(/<(?=\/script|!--|script)/gi, '\\x3C');

const BODY = `<header class="topbar"><div class="wrap"><span class="brand">Proof verification</span><span class="kind">Single-file verifier</span></div></header>
<main class="wrap">
<section class="card intro">
<p>Checks a proof of the proof ledger appliance on this computer: a JSON proof (event, AI attestation, document anchor, trace bundle, audit event) or an evidence pack (<code>.zip</code>). Nothing is sent anywhere: this file makes no network connection.</p>
<div id="drop" class="drop"><label for="proof-file">Choose or drop the proof or evidence pack</label> <input type="file" id="proof-file" accept=".json,.zip,application/json,application/zip"></div>
<details class="trust"><summary>Your own trust (optional): witness policy, TSA roots, platform key, key list</summary>
<p>Without these every signature is checked against the keys the file carries (trust: file). Give what you obtained yourself, not what came with the file: a policy inside an evidence pack is shown, never used.</p>
<label for="policy">Witness policy (C2SP tlog-policy)</label> <input type="file" id="policy-file"><textarea id="policy" rows="4" spellcheck="false"></textarea>
<label for="tsa-roots">TSA root certificates (PEM)</label> <input type="file" id="tsa-roots-file"><textarea id="tsa-roots" rows="4" spellcheck="false"></textarea>
<label for="platform-key">Platform key (saved GET /.well-known/svc-platform-key)</label> <input type="file" id="platform-key-file"><textarea id="platform-key" rows="3" spellcheck="false"></textarea>
<label for="keys">Key list (saved GET /keys/{domain})</label> <input type="file" id="keys-file"><textarea id="keys" rows="3" spellcheck="false"></textarea>
</details>
<p><button type="button" id="verify">Verify again</button></p>
</section>
<div id="result" aria-live="polite"></div>
<noscript><p class="banner neutral">This file checks signatures with JavaScript: allow scripts for this file.</p></noscript>
</main>
<footer class="wrap foot">Ed25519 (RFC 8032), SHA-256, RFC 6962 Merkle proofs, C2SP signed notes, COSE Receipts and RFC 3161 tokens, checked in your browser by the same rules as <code>svc verify</code>.</footer>
`;

let built: Promise<string> | null = null;

/** The verifier's HTML, built on first use and kept; a failed build is retried on the next call. */
export function verifierHtml(): Promise<string> {
  built ??= Promise.all([verifierAssets(), proofAssets()])
    .then(([v, p]) => {
      const dec = new TextDecoder();
      const script = inlineSafe(dec.decode(v.js.body));
      const style = `${dec.decode(p.css.body)}\n${dec.decode(v.css.body)}`;
      return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${verifierCsp(script, style)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Proof verifier</title>
<style>${style}</style>
</head>
<body>
${BODY}<script type="module">${script}</script>
</body>
</html>
`;
    })
    .catch((e: unknown) => {
      built = null;
      throw e;
    });
  return built;
}

/** GET /verify.html: the same bytes, under the same policy as an HTTP header too. */
export async function verifierResponse(): Promise<Response> {
  const html = await verifierHtml();
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)![1]!;
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `${csp}; frame-ancestors 'none'`,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    },
  });
}
