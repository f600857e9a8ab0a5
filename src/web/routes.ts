// Owns the routes of the public proof pages and their assets.
import { Elysia } from 'elysia';
import { assetRoutes, proofAssets } from './assets';
import { proofPage, type PageKind } from './page';
import { htmlResponse } from './shell';
import { verifierResponse } from './verifier/page';
import { doc } from '../route-kit/doc';

// The shell is tiny and names the current bundle version, so it is always revalidated.
const page = async (kind: PageKind): Promise<Response> =>
  htmlResponse(proofPage(kind, await proofAssets()), 'no-cache');

const pageDoc = (summary: string) => ({ detail: doc({ summary, tag: 'pages', ok: { 200: 'html' } }) });

export const webRoutes = new Elysia()
  .get('/proof/event/:id', () => page('event'), pageDoc('Proof page of a ledger event (checks in the browser)'))
  .get('/proof/ai/:id', () => page('ai'), pageDoc('Proof page of an AI attestation'))
  .get(
    '/proof/document/:id',
    () => page('document'),
    pageDoc('Proof page of a document anchor (hashes a dropped file locally)'),
  )
  .get('/proof/trace/:id', () => page('trace'), pageDoc('Proof page of a public sealed trace'))
  .get(
    '/verify.html',
    () => verifierResponse(),
    pageDoc('The single-file verifier: one self-contained HTML file that checks a proof or an evidence pack offline'),
  )
  .use(assetRoutes('proof', proofAssets, 'the proof pages'));
