// Benchmark of the single-file verifier: complete event proofs per second checked by verify.html in headless Chromium
// (opened from file://, every request aborted; the page's own run through its scripting hook), against `svc verify`'s
// rule set (node:crypto) and the TypeScript client's verify() (@noble) in Bun on the same proofs, in alternating
// rounds. Full trust (key list, platform key, witness policy, TSA roots) and none; a first and a second pass.
// Run: bun scripts/bench-single-file-verifier.ts [--proofs N | --saved DIR] [--rounds R]   (--saved: bench-verifiers' proofs)
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchChromium } from '../test/helpers';
import { verifierHtml } from '../src/web/verifier/page';
import { line } from './bench-lib';
import { makeProofs, measure, type Pass } from './bench-verifiers';

const ROOT = resolve(import.meta.dir, '..');
const arg = (name: string, fallback?: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1]! : fallback;
};

/** One fresh page over the saved proofs: proofs per second of two passes, under full trust and none. */
async function measurePage(dir: string, html: string): Promise<Record<string, Pass>> {
  const text = (f: string) => readFileSync(join(dir, f), 'utf8');
  const proofs = JSON.parse(text('proofs.json')) as string[];
  const full = {
    keys: text('keys.json'),
    platformKey: text('platform.json'),
    policy: text('policy.txt'),
    tsaRoots: text('tsa.pem'),
  };
  const browser = await launchChromium();
  try {
    const ctx = await browser.newContext();
    const url = `file://${html}`;
    let attempted = 0;
    await ctx.route('**/*', (r) => {
      if (r.request().url() === url) return r.continue();
      attempted++;
      return r.abort();
    });
    const page = await ctx.newPage();
    await page.goto(url);
    await page.locator('body[data-ready="true"]').waitFor();
    const out: Record<string, Pass> = await page.evaluate(
      async ({ proofs, full }) => {
        const v = (globalThis as any).proofLedgerVerifier;
        const bytes = proofs.map((p: string) => new TextEncoder().encode(p));
        const res: Record<string, { first: number; second: number }> = {};
        for (const [name, trust] of [
          ['full', full],
          ['none', {}],
        ] as const) {
          const pass = async () => {
            const t = performance.now();
            for (const b of bytes) {
              const r = await v.verify(b, trust);
              if (name === 'full' && !r.valid)
                throw new Error(`a proof did not verify: ${JSON.stringify(r.checks.find((c: any) => !c.ok))}`);
            }
            return Math.round(bytes.length / ((performance.now() - t) / 1000));
          };
          res[name] = { first: await pass(), second: await pass() };
        }
        return res;
      },
      { proofs, full },
    );
    if (attempted) throw new Error(`the page attempted ${attempted} requests`);
    return out;
  } finally {
    await browser.close();
  }
}

const dir = arg('--saved') ?? (await makeProofs(Number(arg('--proofs', '300'))));
const rounds = Number(arg('--rounds', '3'));
const html = join(dir, 'verify.html');
writeFileSync(html, await verifierHtml());
line('complete event proofs', `${JSON.parse(readFileSync(join(dir, 'proofs.json'), 'utf8')).length} (${dir})`);
for (let round = 1; round <= rounds; round++)
  for (const which of ['page', 'node', 'client'] as const) {
    const r = which === 'page' ? await measurePage(dir, html) : await measure(ROOT, which, dir);
    line(
      `round ${round} ${which === 'page' ? 'verify.html (Chromium)' : which === 'node' ? 'svc verify rules (node:crypto)' : 'TypeScript verify() (@noble, Bun)'}`,
      `full trust ${r.full!.first}/${r.full!.second} proofs/s, no trust ${r.none!.first}/${r.none!.second} proofs/s (first/second pass)`,
    );
  }
