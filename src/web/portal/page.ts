// Owns the HTML of the portal viewer at {public_url}/portal; the bundle reads the link from the fragment.
import type { Assets } from '../assets';
import { htmlShell } from '../shell';

/** Nothing from the request is echoed, and the link token never reaches the server in a URL. */
export function portalPage(proof: Assets, a: Assets): string {
  return htmlShell({
    title: 'Audit log viewer',
    styles: [`/assets/proof.css?v=${proof.css.version}`, `/assets/portal.css?v=${a.css.version}`],
    script: `/assets/portal.js?v=${a.js.version}`,
    body: `<header class="topbar"><div class="wrap wide"><span class="brand">Audit log viewer</span><span class="kind" id="who"></span></div></header>
<main class="wrap wide" id="app">
<p class="loading">Opening your viewer link…</p>
<noscript><p class="banner neutral">This viewer needs JavaScript: it checks event signatures in your browser.</p></noscript>
</main>
<footer class="wrap wide foot">Read-only view. Signatures are checked in your browser with Ed25519 (RFC 8032) against the key the issuer publishes; nothing you export leaves your browser.</footer>
`,
  });
}
