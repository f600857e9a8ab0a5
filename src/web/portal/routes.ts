// Owns the portal viewer page and its assets, served with the proof pages' strict Content-Security-Policy.
import { Elysia } from 'elysia';
import { assets as proofAssets, type Asset } from '../assets';
import { portalAssets } from './assets';
import { portalPage } from './page';

const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; object-src 'none'";

function asset(a: Asset, url: string): Response {
  const versioned = new URL(url).searchParams.get('v') === a.version;
  return new Response(a.body as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': a.type,
      'x-content-type-options': 'nosniff',
      'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      etag: `"${a.version}"`,
    },
  });
}

export const portalPageRoutes = new Elysia()
  .get('/portal', async () => new Response(portalPage(await proofAssets(), await portalAssets()), {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    },
  }))
  .get('/assets/portal.js', async ({ request }) => asset((await portalAssets()).js, request.url))
  .get('/assets/portal.css', async ({ request }) => asset((await portalAssets()).css, request.url));
