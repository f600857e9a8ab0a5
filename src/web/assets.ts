// Owns the pages' static assets: per page family a browser bundle (Bun.build) and a stylesheet, built once and kept in memory, and the routes serving them.
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { Elysia } from 'elysia';
import { sha256Hex } from '../crypto/hash';
import { doc } from '../route-kit/doc';

export type Asset = { body: Uint8Array<ArrayBuffer>; type: string; version: string };
export type Assets = { js: Asset; css: Asset };

function asset(body: Uint8Array<ArrayBuffer>, type: string): Asset {
  return { body, type, version: sha256Hex(body).slice(0, 16) };
}

const JS_TYPE = 'text/javascript; charset=utf-8';
const CSS_TYPE = 'text/css; charset=utf-8';

async function buildJs(entry: string): Promise<Asset> {
  const out = await Bun.build({ entrypoints: [entry], target: 'browser', format: 'esm', minify: true });
  if (!out.success || !out.outputs[0]) throw new Error(`bundle of ${entry} failed: ${out.logs.map(String).join('; ')}`);
  return asset(new Uint8Array(await out.outputs[0].arrayBuffer()), JS_TYPE);
}

async function loadCss(path: string): Promise<Asset> {
  return asset(new Uint8Array(await readFile(path)), CSS_TYPE);
}

// The compiled executable has no source tree to bundle from: scripts/build.ts builds the bundles ahead of time,
// embeds them and registers them here before the app starts.
let prebuilt: Record<string, { js: string; css: string }> = {};
export function setPrebuiltAssets(assets: Record<string, { js: string; css: string }>): void {
  prebuilt = assets;
}
const encode = (s: string) => new TextEncoder().encode(s) as Uint8Array<ArrayBuffer>;

/** The assets of one page family, built on first use; a failed build is retried on the next request instead of being cached. */
export function bundle(name: string, entry: string, { css }: { css: string }): () => Promise<Assets> {
  let pending: Promise<Assets> | null = null;
  return () => {
    const ready = prebuilt[name];
    if (ready)
      return (pending ??= Promise.resolve({
        js: asset(encode(ready.js), JS_TYPE),
        css: asset(encode(ready.css), CSS_TYPE),
      }));
    pending ??= Promise.all([buildJs(entry), loadCss(css)])
      .then(([js, css]) => ({ js, css }))
      .catch((e: unknown) => {
        pending = null;
        throw e;
      });
    return pending;
  };
}

/** The public proof pages' bundle; the portal viewer uses its stylesheet too. */
export const proofAssets = bundle('proof', join(import.meta.dir, 'client', 'main.ts'), {
  css: join(import.meta.dir, 'proof.css'),
});

/** A versioned URL (?v= current content hash) is immutable for a year; anything else is cached briefly. */
function serve(a: Asset, url: string): Response {
  const versioned = new URL(url).searchParams.get('v') === a.version;
  return new Response(a.body, {
    headers: {
      'content-type': a.type,
      'x-content-type-options': 'nosniff',
      'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      etag: `"${a.version}"`,
    },
  });
}

/** GET /assets/{name}.js and /assets/{name}.css for one page family (`of`: whose, for the API reference). */
export function assetRoutes(name: string, assets: () => Promise<Assets>, of: string) {
  return new Elysia()
    .get(`/assets/${name}.js`, async ({ request }) => serve((await assets()).js, request.url), {
      detail: doc({ summary: `Script of ${of}`, tag: 'pages', ok: { 200: 'javascript' } }),
    })
    .get(`/assets/${name}.css`, async ({ request }) => serve((await assets()).css, request.url), {
      detail: doc({ summary: `Stylesheet of ${of}`, tag: 'pages', ok: { 200: 'css' } }),
    });
}
