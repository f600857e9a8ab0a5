// Owns the HTML of the API reference page (/docs); its script renders /openapi.json into <main id="app">.
import type { Assets } from '../assets';
import { htmlShell } from '../shell';

export function docsPage(a: Assets): string {
  return htmlShell({
    title: 'API reference',
    styles: [`/assets/docs.css?v=${a.css.version}`],
    script: `/assets/docs.js?v=${a.js.version}`,
    body: `<header class="topbar"><div class="wrap"><span class="brand">API reference</span><a class="kind" href="/openapi.json">openapi.json</a></div></header>
<main class="wrap" id="app">
<p class="loading">Loading the OpenAPI document…</p>
<noscript><p>This page renders <a href="/openapi.json">/openapi.json</a> and needs JavaScript.</p></noscript>
</main>
`,
  });
}
