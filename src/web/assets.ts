// Owns the proof page assets: the browser bundle (Bun.build of client/main.ts) and the stylesheet, built once and kept in memory.
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { sha256Hex } from '../crypto/hash';

export type Asset = { body: Uint8Array; type: string; version: string };
export type Assets = { js: Asset; css: Asset };

async function buildBundle(): Promise<Asset> {
  const out = await Bun.build({ entrypoints: [join(import.meta.dir, 'client', 'main.ts')], target: 'browser', format: 'esm', minify: true });
  if (!out.success || !out.outputs[0]) throw new Error(`proof page bundle failed: ${out.logs.map(String).join('; ')}`);
  const body = new Uint8Array(await out.outputs[0].arrayBuffer());
  return { body, type: 'text/javascript; charset=utf-8', version: sha256Hex(body).slice(0, 16) };
}

async function loadCss(): Promise<Asset> {
  const body = new Uint8Array(await readFile(join(import.meta.dir, 'proof.css')));
  return { body, type: 'text/css; charset=utf-8', version: sha256Hex(body).slice(0, 16) };
}

let pending: Promise<Assets> | null = null;
/** The assets, built on first use; a failed build is retried on the next request instead of being cached. */
export function assets(): Promise<Assets> {
  pending ??= Promise.all([buildBundle(), loadCss()])
    .then(([js, css]) => ({ js, css }))
    .catch((e) => {
      pending = null;
      throw e;
    });
  return pending;
}
