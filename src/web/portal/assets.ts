// Owns the portal viewer's assets: its browser bundle (Bun.build of client/main.ts, as the proof pages do) and stylesheet.
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { sha256Hex } from '../../crypto/hash';
import type { Asset } from '../assets';

export type PortalAssets = { js: Asset; css: Asset };

async function buildBundle(): Promise<Asset> {
  const out = await Bun.build({ entrypoints: [join(import.meta.dir, 'client', 'main.ts')], target: 'browser', format: 'esm', minify: true });
  if (!out.success || !out.outputs[0]) throw new Error(`portal bundle failed: ${out.logs.map(String).join('; ')}`);
  const body = new Uint8Array(await out.outputs[0].arrayBuffer());
  return { body, type: 'text/javascript; charset=utf-8', version: sha256Hex(body).slice(0, 16) };
}

async function loadCss(): Promise<Asset> {
  const body = new Uint8Array(await readFile(join(import.meta.dir, 'portal.css')));
  return { body, type: 'text/css; charset=utf-8', version: sha256Hex(body).slice(0, 16) };
}

let pending: Promise<PortalAssets> | null = null;
/** Built on first use and kept in memory; a failed build is retried on the next request. */
export function portalAssets(): Promise<PortalAssets> {
  pending ??= Promise.all([buildBundle(), loadCss()])
    .then(([js, css]) => ({ js, css }))
    .catch((e) => {
      pending = null;
      throw e;
    });
  return pending;
}
