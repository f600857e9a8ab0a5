// Owns the HTML of the public proof pages; the bundle fills <main id="app"> after fetching the proof JSON.
import type { Assets } from './assets';
import { htmlShell } from './shell';

export type PageKind = 'event' | 'ai' | 'document' | 'trace';

const TITLES: Record<PageKind, string> = {
  event: 'Ledger event proof',
  ai: 'AI attestation proof',
  document: 'Document anchor proof',
  trace: 'Trace proof',
};

/** The id is read from the address by the script, so nothing user-supplied is echoed here. */
export function proofPage(kind: PageKind, a: Assets): string {
  return htmlShell({
    title: TITLES[kind],
    styles: [`/assets/proof.css?v=${a.css.version}`],
    script: `/assets/proof.js?v=${a.js.version}`,
    bodyAttrs: { 'data-kind': kind },
    body: `<header class="topbar"><div class="wrap"><span class="brand">Proof verification</span><span class="kind">${TITLES[kind]}</span></div></header>
<main class="wrap" id="app">
<p class="loading">Loading and checking the proof…</p>
<noscript><p class="banner neutral">This page checks signatures in your browser and needs JavaScript. The raw proof is available from the JSON API.</p></noscript>
</main>
<footer class="wrap foot">Signatures are checked in your browser with Ed25519 (RFC 8032) and SHA-256 over the canonical JSON bytes. Files you check here never leave your browser.</footer>
`,
  });
}
