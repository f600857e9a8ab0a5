// Benchmark of offline verification with the head (docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens): complete record proofs fetched from a real appliance
// (two local witnesses, a real openssl TSA), then checked in one process by the rule set of `svc verify --policy
// --tsa-ca` (signature, log inclusion and checkpoint, head leaf and inclusion, head note, cosignatures and quorum,
// RFC 3161 token); also the size of a complete proof as JSON.
// Run: bun scripts/bench-verify-proofs.ts [proofs]   (default 4000)
import { line, startBenchServer } from './bench-lib';
import { startTsa } from '../test/tsa-server';
import { startIndependentWitness } from '../test/http/independent-witness';
import { verifyProofDocument } from '../src/verify/offline-verify';
import { nodeSha256 } from '../src/verify/node-primitives';
import { parsePolicy } from '../src/verify/policy';
import { loadTrustAnchors } from '../src/verify/timestamp';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const N = Number(process.argv[2] ?? 4000);
const CONCURRENCY = 32;
const tls = { rejectUnauthorized: false };

const tsa = await startTsa();
const w1 = startIndependentWitness('bench.witness/one');
const w2 = startIndependentWitness('bench.witness/two');
const dir = mkdtempSync(join(tmpdir(), 'svc-bench-verify-'));
const policyLines = [
  `witness ${w1.name} ${w1.vkey} ${w1.url}`,
  `witness ${w2.name} ${w2.vkey} ${w2.url}`,
  `group both all ${w1.name} ${w2.name}`,
  'quorum both',
];
writeFileSync(join(dir, 'policy.txt'), `${policyLines.join('\n')}\n`);
const s = await startBenchServer(undefined, {
  SVC_CHECKPOINT_SECONDS: '1',
  SVC_HEAD_SECONDS: '1',
  SVC_WITNESS_POLICY_FILE: join(dir, 'policy.txt'),
  SVC_TSA_URLS: tsa.url,
  SVC_TSA_CA_FILE: tsa.caFile,
});
try {
  const get = async (path: string, key?: string) => {
    const r = await fetch(s.url + path, { headers: key ? { authorization: `Bearer ${key}` } : {}, tls } as RequestInit);
    return { status: r.status, text: await r.text() };
  };
  const platform = JSON.parse((await get('/.well-known/svc-platform-key')).text);
  const headOrigin = platform.note_verifier_key.split('+')[0];
  w1.addLog(headOrigin, platform.note_verifier_key);
  w2.addLog(headOrigin, platform.note_verifier_key);

  // Ingest in rounds a little more than a checkpoint interval apart, so that the proofs spread over several
  // checkpoints and heads as in real use.
  const ROUNDS = 8;
  const t0 = performance.now();
  const ids: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let next = Math.floor((round * N) / ROUNDS);
    const end = Math.floor(((round + 1) * N) / ROUNDS);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < end) {
          const i = next++;
          const r = await fetch(`${s.url}/v1/events`, {
            method: 'POST',
            tls,
            headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              event_type: 'bench.verify',
              payload: { order: i, customer: `c-${i % 97}`, amount: (i * 37) % 1000 },
            }),
          } as RequestInit);
          const body = await r.json();
          if (r.status !== 201) throw new Error(`ingest answered ${r.status}: ${JSON.stringify(body)}`);
          ids.push(body.event_id);
        }
      }),
    );
    await Bun.sleep(1200);
  }
  line('events ingested', `${ids.length} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // Every proof complete: polled until the head of the last record is published with its token.
  const proofs: string[] = new Array(ids.length);
  const t1 = performance.now();
  let at = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (at < ids.length) {
        const i = at++;
        for (;;) {
          const r = await get(`/v1/proof/event/${ids[i]}`);
          if (r.status === 200 && JSON.parse(r.text).log?.head?.checkpoint) {
            proofs[i] = r.text;
            break;
          }
          await Bun.sleep(200);
        }
      }
    }),
  );
  line('complete proofs fetched', `${proofs.length} in ${((performance.now() - t1) / 1000).toFixed(1)} s`);

  const sizes = proofs.map((p) => Buffer.byteLength(p)).sort((a, b) => a - b);
  const heads = new Set(proofs.map((p) => JSON.parse(p).log.head.tree_size));
  line('distinct heads among the proofs', String(heads.size));
  line('complete proof size, median (bytes of JSON)', String(sizes[Math.floor(sizes.length / 2)]));
  line('complete proof size, largest (bytes of JSON)', String(sizes.at(-1)), '< 8192');

  // startBenchServer names its tenant's domain after the port.
  const keys = JSON.parse((await get(`/keys/bench-${s.port}.test`)).text);
  const parsed = parsePolicy(nodeSha256, `log ${platform.note_verifier_key}\n${policyLines.join('\n')}\n`);
  if (!parsed.ok) throw new Error(parsed.error);
  const opts = { keys, platformKey: platform, policy: parsed.policy, tsaAnchors: loadTrustAnchors(tsa.caPem) };

  // The first pass pays each head's token and notes once (their verdicts are kept); the measured passes are what a
  // verifier checking a batch of saved proofs sees.
  const check = async () => {
    for (const p of proofs) {
      const r = await verifyProofDocument(p, opts);
      if (!r.valid || !r.existed_no_later_than || r.witnessed_by.length !== 2)
        throw new Error(`a proof did not verify: ${JSON.stringify(r.checks.filter((c) => !c.ok))}`);
    }
  };
  const c0 = performance.now();
  await check();
  line(
    'first pass (token and notes checked once per head)',
    `${Math.round(proofs.length / ((performance.now() - c0) / 1000))} proofs/s`,
  );
  const runs: number[] = [];
  for (let k = 0; k < 3; k++) {
    const c = performance.now();
    await check();
    runs.push(proofs.length / ((performance.now() - c) / 1000));
  }
  line(
    'svc verify --policy --tsa-ca rule set, one process',
    `${Math.round(Math.min(...runs))}-${Math.round(Math.max(...runs))} proofs/s`,
    '>= 2000',
  );
} finally {
  await s.stop();
  w1.stop();
  w2.stop();
  tsa.stop();
}
