// Owns the HTML shell of the portal viewer at {public_url}/portal; the bundle reads the link from the fragment.
import type { Assets } from '../assets';
import type { PortalAssets } from './assets';

/** Static markup only: nothing from the request is echoed, and the link token never reaches the server in a URL. */
export function portalPage(proof: Assets, a: PortalAssets): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>Audit log viewer</title>
<link rel="stylesheet" href="/assets/proof.css?v=${proof.css.version}">
<link rel="stylesheet" href="/assets/portal.css?v=${a.css.version}">
<script type="module" src="/assets/portal.js?v=${a.js.version}"></script>
</head>
<body>
<header class="topbar"><div class="wrap wide"><span class="brand">Audit log viewer</span><span class="kind" id="who"></span></div></header>
<main class="wrap wide" id="app">
<p class="loading">Opening your viewer link…</p>
<noscript><p class="banner neutral">This viewer needs JavaScript: it checks event signatures in your browser.</p></noscript>
</main>
<footer class="wrap wide foot">Read-only view. Signatures are checked in your browser with Ed25519 (RFC 8032) against the key the issuer publishes; nothing you export leaves your browser.</footer>
</body>
</html>
`;
}
