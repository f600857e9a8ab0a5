// Owns the routes of the public proof pages and their assets, with a strict Content-Security-Policy.
import { Elysia } from 'elysia';
import { assets, type Asset } from './assets';
import { proofPage, type PageKind } from './page';

const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; object-src 'none'";

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  // The shell is tiny and names the current bundle version, so it is always revalidated.
  'cache-control': 'no-cache',
};

async function page(kind: PageKind): Promise<Response> {
  return new Response(proofPage(kind, await assets()), { headers: PAGE_HEADERS });
}

/** A versioned URL (?v= current content hash) is immutable for a year; anything else is cached briefly. */
function asset(a: Asset, url: string): Response {
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

export const webRoutes = new Elysia()
  .get('/proof/event/:id', () => page('event'))
  .get('/proof/ai/:id', () => page('ai'))
  .get('/proof/document/:id', () => page('document'))
  .get('/proof/trace/:id', () => page('trace'))
  .get('/assets/proof.js', async ({ request }) => asset((await assets()).js, request.url))
  .get('/assets/proof.css', async ({ request }) => asset((await assets()).css, request.url));
