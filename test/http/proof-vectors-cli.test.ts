// The three command-line verifiers on every shared vector: `svc verify` (its command, and the real process on a sample),
// the packaged proof-ledger-verify (dist/cli.js under Node.js, as npx runs it) and `python3 -m proof_ledger verify` (its
// command for every vector in one interpreter, and the real process on a sample) give the same result, check by check,
// the manifest's valid, trust, complete, sandbox, failed checks, existed_no_later_than and witnessed_by, exit 0 or 1,
// and name the first failed check on one stderr line.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { comparable, expectedOf as expected, summaryOf } from '../../scripts/make-proof-vectors';
import { verifyCommand } from '../../src/cli/verify-command';
import { cleanupDirs, ownedDir, ROOT, svc } from '../helpers';

const DIR = join(ROOT, 'test/vectors/proofs');
type Vector = {
  name: string;
  file: string;
  options: Record<string, string>;
  valid: boolean;
  trust: string;
  complete: boolean;
  sandbox: boolean;
  failed_checks: string[];
  existed_no_later_than: string | null;
  witnessed_by: string[];
};
type Result = Omit<Vector, 'name' | 'file' | 'options' | 'failed_checks'> & {
  checks: Array<{ name: string; ok: boolean; skipped?: true }>;
};
const manifest = JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8')) as { vectors: Vector[] };
const FLAGS: Record<string, string> = {
  keys: '--keys',
  platform_key: '--platform-key',
  policy: '--policy',
  tsa_ca: '--tsa-ca',
};
const argsOf = (v: Vector) => [
  join(DIR, v.file),
  ...Object.entries(v.options).flatMap(([k, f]) => [FLAGS[k]!, join(DIR, f)]),
];
/** The stderr of a verifier: nothing when valid, else one line naming the first failed check. */
const stderrOk = (v: Vector, stderr: string) => {
  const lines = stderr.split('\n').filter(Boolean);
  return v.valid
    ? lines.length === 0
    : lines.length === 1 && lines[0]!.startsWith(`error: NOT VERIFIED: ${v.failed_checks[0]}: `);
};

async function run(cmd: string[], cwd: string, env: Record<string, string> = {}) {
  const p = Bun.spawn(cmd, { cwd, stdout: 'pipe', stderr: 'pipe', env: { ...process.env, ...env } });
  const [stdout, stderr] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  return { code: await p.exited, stdout, stderr };
}
/** `fn` over `items`, `n` at a time. */
async function pool<T, R>(items: T[], n: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

const PYTHON = join(ROOT, 'clients/python');
/** `python3 -m proof_ledger verify` for every vector, its command run in one interpreter: [code, stdout, stderr]. */
const PY_ALL = `
import contextlib, io, json, sys
from proof_ledger.__main__ import verify_main
for args in json.load(sys.stdin):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = verify_main(["verify", *args, "--json"])
    print(json.dumps([code, out.getvalue(), err.getvalue()]))
`;

let dist = '';
const ts: Array<{ code: number; stdout: string; stderr: string }> = [];
const py: Array<[number, string, string]> = [];
beforeAll(async () => {
  dist = ownedDir();
  const b = Bun.spawnSync(['bun', 'clients/typescript/build.ts', '--out', dist], {
    cwd: ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  if (b.exitCode !== 0) throw new Error(b.stderr.toString());
  ts.push(
    ...(await pool(manifest.vectors, 4, (v) => run(['node', join(dist, 'cli.js'), ...argsOf(v), '--json'], ROOT))),
  );
  const p = Bun.spawn(['python3', '-c', PY_ALL], {
    cwd: PYTHON,
    stdin: new TextEncoder().encode(JSON.stringify(manifest.vectors.map(argsOf))),
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, PYTHONPATH: PYTHON },
  });
  const out = await new Response(p.stdout).text();
  if ((await p.exited) !== 0) throw new Error(await new Response(p.stderr).text());
  py.push(
    ...out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as [number, string, string]),
  );
}, 300_000);
afterAll(cleanupDirs);

describe('svc verify, npx proof-ledger-verify and python3 -m proof_ledger verify on every vector', () => {
  for (const [i, v] of manifest.vectors.entries()) {
    it(`${v.name}: ${v.valid ? 'exit 0' : `exit 1, ${v.failed_checks[0]}`} in all three, the same result`, async () => {
      const flags: Record<string, string | boolean> = { json: true };
      for (const [k, f] of Object.entries(v.options)) flags[FLAGS[k]!.slice(2)] = join(DIR, f);
      const ours = await verifyCommand.run({ args: [join(DIR, v.file)], flags, json: true });
      const oursResult = ours.json as Result;
      const [tsResult, pyResult] = [JSON.parse(ts[i]!.stdout) as Result, JSON.parse(py[i]![1]) as Result];
      const code = v.valid ? 0 : 1;
      expect({ name: v.name, ...summaryOf(oursResult) }).toEqual({ name: v.name, ...expected(v) });
      expect([ours.exitCode, ts[i]!.code, py[i]![0]]).toEqual([code, code, code]);
      expect(comparable(tsResult)).toEqual(comparable(oursResult));
      expect(comparable(pyResult)).toEqual(comparable(oursResult));
      expect([
        stderrOk(v, ours.exitCode ? `error: ${ours.failure}` : ''),
        stderrOk(v, ts[i]!.stderr),
        stderrOk(v, py[i]![2]),
      ]).toEqual([true, true, true]);
    });
  }
});

describe('the real processes, on a sample', () => {
  const SAMPLE = [
    'trace-bundle',
    'head-event-proof',
    'event-signature-flipped',
    'head-signature-file-trust',
    'ed25519-mixed-order-key',
    'note-trailing-empty-line',
    'cosignature-far-future',
    'time-no-zone',
    'number-log-leaf-index-nan',
    'document-not-utf8',
    'sandbox-record',
  ];
  for (const name of SAMPLE) {
    const v = manifest.vectors.find((x) => x.name === name)!;
    it(`${name}: svc verify and python3 -m proof_ledger verify exit ${v.valid ? 0 : 1} with the manifest's result`, async () => {
      const [ours, theirs] = await Promise.all([
        svc(['verify', ...argsOf(v)]),
        run(['python3', '-m', 'proof_ledger', 'verify', ...argsOf(v), '--json'], PYTHON, { PYTHONPATH: PYTHON }),
      ]);
      expect([ours.code, summaryOf(ours.json)]).toEqual([v.valid ? 0 : 1, expected(v)]);
      expect([theirs.code, summaryOf(JSON.parse(theirs.stdout))]).toEqual([v.valid ? 0 : 1, expected(v)]);
      expect([stderrOk(v, ours.stderr), stderrOk(v, theirs.stderr)]).toEqual([true, true]);
    }, 60_000);
  }
});
