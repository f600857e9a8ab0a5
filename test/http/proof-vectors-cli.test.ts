// The three command-line verifiers on a sample of the shared vectors: `svc verify`, the packaged proof-ledger-verify
// (dist/cli.js under Node.js, as npx runs it) and `python3 -m proof_ledger verify` give the manifest's verdict, exit
// code, failed checks, existed_no_later_than and witnessed_by, and name the first failed check on stderr.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanupDirs, ownedDir, ROOT, svc } from '../helpers';

const DIR = join(ROOT, 'test/vectors/proofs');
type Vector = {
  name: string;
  file: string;
  options: Record<string, string>;
  valid: boolean;
  failed_checks: Array<[string, string]>;
  existed_no_later_than: string | null;
  witnessed_by: string[];
};
const manifest = JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8')) as { vectors: Vector[] };
const FLAGS: Record<string, string> = {
  keys: '--keys',
  platform_key: '--platform-key',
  policy: '--policy',
  tsa_ca: '--tsa-ca',
};
const SAMPLE = [
  'event-proof',
  'head-event-proof',
  'head-no-policy',
  'ai-proof',
  'document-proof',
  'trace-bundle',
  'trace-bundle-public',
  'audit-event',
  'event-signature-flipped',
  'event-log-root',
  'bundle-log-order',
  'head-leaf',
  'head-signature',
  'head-cosignature',
  'head-quorum',
  'head-other-log',
  'head-timestamp-other-ca',
  'head-timestamp-imprint',
  'head-pending-policy',
  'head-null-policy',
];
const argsOf = (v: Vector) => [
  join(DIR, v.file),
  ...Object.entries(v.options).flatMap(([k, f]) => [FLAGS[k]!, join(DIR, f)]),
];

async function run(cmd: string[], cwd: string, env: Record<string, string> = {}) {
  const p = Bun.spawn(cmd, { cwd, stdout: 'pipe', stderr: 'pipe', env: { ...process.env, ...env } });
  const [stdout, stderr] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  return { code: await p.exited, json: JSON.parse(stdout), stderr };
}

let dist = '';
beforeAll(() => {
  dist = ownedDir();
  const b = Bun.spawnSync(['bun', 'clients/typescript/build.ts', '--out', dist], {
    cwd: ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  if (b.exitCode !== 0) throw new Error(b.stderr.toString());
}, 60_000);
afterAll(cleanupDirs);

describe('svc verify, npx proof-ledger-verify and python3 -m proof_ledger verify on the vectors', () => {
  for (const name of SAMPLE) {
    const v = manifest.vectors.find((x) => x.name === name)!;
    it(`${name}: ${v.valid ? 'exit 0' : `exit 1, ${v.failed_checks[0]?.[1]}`} in all three, with the same head summary`, async () => {
      const [ours, ts, py] = await Promise.all([
        svc(['verify', ...argsOf(v)]).then((r) => ({
          ...r,
          valid: r.json.ok,
          failed: r.json.checks
            .filter((c: { ok: boolean }) => !c.ok)
            .map((c: { item: string; check: string }) => [c.item, c.check]),
        })),
        run(['node', join(dist, 'cli.js'), ...argsOf(v), '--json'], ROOT),
        run(['python3', '-m', 'proof_ledger', 'verify', ...argsOf(v), '--json'], join(ROOT, 'clients/python'), {
          PYTHONPATH: join(ROOT, 'clients/python'),
        }),
      ]);
      const summary = (r: {
        code: number;
        valid: boolean;
        failed: unknown;
        json: { existed_no_later_than: string | null; witnessed_by: string[] };
      }) => ({
        code: r.code,
        valid: r.valid,
        failed: r.failed,
        existed_no_later_than: r.json.existed_no_later_than,
        witnessed_by: r.json.witnessed_by,
      });
      const clientOf = (r: Awaited<ReturnType<typeof run>>) => ({
        ...r,
        valid: r.json.valid,
        failed: r.json.checks
          .filter((c: { ok: boolean }) => !c.ok)
          .map((c: { item: string; name: string }) => [c.item, c.name]),
      });
      const expected = {
        code: v.valid ? 0 : 1,
        valid: v.valid,
        failed: v.failed_checks,
        existed_no_later_than: v.existed_no_later_than,
        witnessed_by: v.witnessed_by,
      };
      expect({ svc: summary(ours), ts: summary(clientOf(ts)), python: summary(clientOf(py)) }).toEqual({
        svc: expected,
        ts: expected,
        python: expected,
      });
      for (const r of [ours, ts, py]) {
        const lines = r.stderr.split('\n').filter(Boolean);
        if (v.valid) expect(lines).toEqual([]);
        else
          expect(lines).toEqual([
            expect.stringMatching(
              new RegExp(
                `^error: NOT VERIFIED: ${v.failed_checks[0]![0].replace(/[()]/g, '\\$&')} ${v.failed_checks[0]![1]}: `,
              ),
            ),
          ]);
      }
    }, 30_000);
  }
});
