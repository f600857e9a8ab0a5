// Owns the routes of the public proof pages and their assets.
import { Elysia } from 'elysia';
import { assetRoutes, proofAssets } from './assets';
import { proofPage, type PageKind } from './page';
import { htmlResponse } from './shell';

// The shell is tiny and names the current bundle version, so it is always revalidated.
const page = async (kind: PageKind): Promise<Response> => htmlResponse(proofPage(kind, await proofAssets()), 'no-cache');

export const webRoutes = new Elysia()
  .get('/proof/event/:id', () => page('event'))
  .get('/proof/ai/:id', () => page('ai'))
  .get('/proof/document/:id', () => page('document'))
  .get('/proof/trace/:id', () => page('trace'))
  .use(assetRoutes('proof', proofAssets));
