// Owns GET /docs, the browsable API reference, served under the same shell and CSP as the proof pages.
import { join } from 'node:path';
import { Elysia } from 'elysia';
import { assetRoutes, bundle } from '../assets';
import { htmlResponse } from '../shell';
import { docsPage } from './page';
import { doc } from '../../route-kit/doc';

const docsAssets = bundle('docs', join(import.meta.dir, 'client', 'main.ts'), {
  css: join(import.meta.dir, 'docs.css'),
});

export const docsRoutes = new Elysia()
  .get('/docs', async () => htmlResponse(docsPage(await docsAssets()), 'no-cache'), {
    detail: doc({ summary: 'Browsable API reference (renders /openapi.json)', tag: 'service', ok: { 200: 'html' } }),
  })
  .use(assetRoutes('docs', docsAssets, 'the API reference page'));
