// Benchmark of every verifier on complete record proofs, this tree against another checkout (the rules before a
// change): an appliance with two witnesses and an openssl TSA makes N event proofs with their complete heads; then
// `svc verify`'s rule set (node:crypto), the TypeScript client's verify() (@noble) and the Python verify() of each tree
// check all of them, each in a fresh process, under the verifier's full trust (key list, platform key, witness policy,
// TSA roots) and under none, in alternating rounds. Proofs per second of a first pass (every record signature new, the
// heads' notes and tokens shared as in real use) and of a second pass over the same proofs.
// Run: bun scripts/bench-verifiers.ts --before DIR [--proofs N | --saved DIR] [--rounds R]   (--saved: proofs made before)
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startIndependentWitness } from '../test/http/independent-witness';
import { startTsa } from '../test/tsa-server';
import { line, startBenchServer } from './bench-lib';

const ROOT = resolve(import.meta.dir, '..');
const arg = (name: string, fallback?: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1]! : fallback;
};

export type Pass = { first: number; second: number };
/** One verifier of one tree over the saved proofs, in this process: proofs per second of two passes, per trust. */
async function runTs(root: string, which: 'node' | 'client', dir: string): Promise<Record<string, Pass>> {
  const proofs = JSON.parse(readFileSync(join(dir, 'proofs.json'), 'utf8')) as string[];
  const text = (f: string) => readFileSync(join(dir, f), 'utf8');
  const out: Record<string, Pass> = {};
  type Verify = (p: string) => Promise<{ valid?: boolean; ok?: boolean }>;
  let full: Verify;
  let none: Verify;
  if (which === 'node') {
    const { verifyProofDocument } = await import(join(root, 'src/verify/offline-verify.ts'));
    const { parsePolicy } = await import(join(root, 'src/verify/policy.ts'));
    const { nodeSha256 } = await import(join(root, 'src/verify/node-primitives.ts'));
    const { loadTrustAnchors } = await import(join(root, 'src/verify/timestamp.ts'));
    const opts = {
      keys: JSON.parse(text('keys.json')),
      platformKey: JSON.parse(text('platform.json')),
      policy: parsePolicy(nodeSha256, text('policy.txt')).policy,
      tsaAnchors: loadTrustAnchors(text('tsa.pem')),
    };
    full = (p) => verifyProofDocument(p, opts);
    none = (p) => verifyProofDocument(p, {});
  } else {
    const { verify } = await import(join(root, 'clients/typescript/src/verify.ts'));
    const trust = {
      keys: JSON.parse(text('keys.json')),
      platformKey: JSON.parse(text('platform.json')),
      policy: text('policy.txt'),
      tsaRoots: text('tsa.pem'),
    };
    full = (p) => verify(p, trust);
    none = (p) => verify(p, {});
  }
  for (const [name, v] of [
    ['full', full],
    ['none', none],
  ] as const) {
    const pass = async () => {
      const t = performance.now();
      for (const p of proofs) {
        const r = await v(p);
        if (name === 'full' && !(r.valid ?? r.ok)) throw new Error(`${root}: a proof did not verify`);
      }
      return Math.round(proofs.length / ((performance.now() - t) / 1000));
    };
    out[name] = { first: await pass(), second: await pass() };
  }
  return out;
}

const PY = `
import json, sys, time
from pathlib import Path
root, d = sys.argv[1], Path(sys.argv[2])
sys.path.insert(0, root + "/clients/python")
from proof_ledger import verify
proofs = json.loads((d / "proofs.json").read_text())
full = {"keys": json.loads((d / "keys.json").read_text()), "platform_key": json.loads((d / "platform.json").read_text()),
        "policy": (d / "policy.txt").read_text(), "tsa_roots": (d / "tsa.pem").read_text()}
out = {}
for name, trust in (("full", full), ("none", {})):
    passes = []
    for _ in range(2):
        t = time.perf_counter()
        for p in proofs:
            r = verify(json.loads(p), **trust)
            if name == "full" and not r["valid"]:
                raise SystemExit(root + ": a proof did not verify")
        passes.append(round(len(proofs) / (time.perf_counter() - t)))
    out[name] = {"first": passes[0], "second": passes[1]}
print(json.dumps(out))
`;

export async function measure(
  root: string,
  which: 'node' | 'client' | 'python',
  dir: string,
): Promise<Record<string, Pass>> {
  const cmd =
    which === 'python'
      ? ['python3', '-c', PY, root, dir]
      : [process.execPath, join(ROOT, 'scripts/bench-verifiers.ts'), '--run', which, '--root', root, '--dir', dir];
  const p = Bun.spawn(cmd, { stdout: 'pipe', stderr: 'pipe' });
  const [out, err] = [await new Response(p.stdout).text(), await new Response(p.stderr).text()];
  if ((await p.exited) !== 0) throw new Error(`${which} in ${root}: ${err}`);
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

/** Makes N complete event proofs on an appliance of this tree and saves them with the verifier's trust files. */
export async function makeProofs(n: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-verifiers-'));
  const tsa = await startTsa();
  const w1 = startIndependentWitness('bench.witness/one');
  const w2 = startIndependentWitness('bench.witness/two');
  const witnesses = [
    `witness ${w1.name} ${w1.vkey} ${w1.url}`,
    `witness ${w2.name} ${w2.vkey} ${w2.url}`,
    `group both all ${w1.name} ${w2.name}`,
    'quorum both',
  ];
  writeFileSync(join(dir, 'appliance-policy.txt'), `${witnesses.join('\n')}\n`);
  const s = await startBenchServer(undefined, {
    SVC_CHECKPOINT_SECONDS: '1',
    SVC_HEAD_SECONDS: '1',
    SVC_WITNESS_POLICY_FILE: join(dir, 'appliance-policy.txt'),
    SVC_TSA_URLS: tsa.url,
    SVC_TSA_CA_FILE: tsa.caFile,
  });
  try {
    const tls = { rejectUnauthorized: false };
    const get = async (path: string) => (await fetch(s.url + path, { tls } as RequestInit)).text();
    const platform = JSON.parse(await get('/.well-known/svc-platform-key'));
    for (const w of [w1, w2]) w.addLog(platform.note_verifier_key.split('+')[0], platform.note_verifier_key);
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const r = await fetch(`${s.url}/v1/events`, {
        method: 'POST',
        tls,
        headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ event_type: 'bench.verifiers', payload: { i, amount: (i * 37) % 1000 } }),
      } as RequestInit);
      ids.push(((await r.json()) as { event_id: string }).event_id);
    }
    const proofs: string[] = [];
    for (const id of ids)
      for (;;) {
        const p = await get(`/v1/proof/event/${id}`);
        if (JSON.parse(p).log?.head?.timestamps?.length) {
          proofs.push(p);
          break;
        }
        await Bun.sleep(200);
      }
    writeFileSync(join(dir, 'proofs.json'), JSON.stringify(proofs));
    writeFileSync(join(dir, 'keys.json'), await get(`/keys/bench-${s.port}.test`));
    writeFileSync(join(dir, 'platform.json'), JSON.stringify(platform));
    writeFileSync(
      join(dir, 'policy.txt'),
      `log ${platform.note_verifier_key}\nwitness ${w1.name} ${w1.vkey}\nwitness ${w2.name} ${w2.vkey}\ngroup both all ${w1.name} ${w2.name}\nquorum both\n`,
    );
    writeFileSync(join(dir, 'tsa.pem'), tsa.caPem);
    return dir;
  } finally {
    await s.stop();
    w1.stop();
    w2.stop();
    tsa.stop();
  }
}

if (import.meta.main && arg('--run')) {
  const r = await runTs(arg('--root')!, arg('--run') as 'node' | 'client', arg('--dir')!);
  console.log(JSON.stringify(r));
} else if (import.meta.main) {
  const before = resolve(arg('--before') ?? '');
  const n = Number(arg('--proofs', '1000'));
  const rounds = Number(arg('--rounds', '3'));
  const dir = arg('--saved') ?? (await makeProofs(n));
  line('complete event proofs', `${JSON.parse(readFileSync(join(dir, 'proofs.json'), 'utf8')).length} (${dir})`);
  for (let round = 1; round <= rounds; round++)
    for (const which of ['node', 'client', 'python'] as const)
      for (const [label, root] of [
        ['before', before],
        ['after', ROOT],
      ] as const) {
        const r = await measure(root, which, dir);
        line(
          `round ${round} ${which} ${label}`,
          `full trust ${r.full!.first}/${r.full!.second} proofs/s, no trust ${r.none!.first}/${r.none!.second} proofs/s (first/second pass)`,
        );
      }
}
