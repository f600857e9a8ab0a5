// Owns the portal viewer page and its assets, served like the proof pages (same shell headers and asset caching).
import { join } from 'node:path';
import { Elysia } from 'elysia';
import { assetRoutes, bundle, proofAssets } from '../assets';
import { htmlResponse } from '../shell';
import { portalPage } from './page';
import { doc } from '../../route-kit/doc';

const portalAssets = bundle('portal', join(import.meta.dir, 'client', 'main.ts'), {
  css: join(import.meta.dir, 'portal.css'),
});

export const portalPageRoutes = new Elysia()
  .get('/portal', async () => htmlResponse(portalPage(await proofAssets(), await portalAssets()), 'no-store'), {
    detail: doc({
      summary: 'The hosted audit log viewer (link token in the fragment)',
      tag: 'pages',
      ok: { 200: 'html' },
    }),
  })
  .use(assetRoutes('portal', portalAssets, 'the viewer'));
