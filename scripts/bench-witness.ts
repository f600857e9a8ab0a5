// Benchmark of the appliance as a witness: cosigned add-checkpoint requests per second over HTTPS (C2SP tlog-witness),
// many logs pushing at once, each request one leaf past the last cosigned checkpoint with its consistency proof.
// Run: bun scripts/bench-witness.ts [logs] [checkpoints per log]   (defaults 64 and 300; the requests are signed beforehand)
import { readFileSync } from 'node:fs';
import { generateKeyPairSync, sign } from 'node:crypto';
import { cliJson, line, rssMb, startBenchServer } from './bench-lib';
import { nodeSha256 } from '../src/verify/node-primitives';
import { consistencyPath, leafHash, nodeHash, subtreeRoot } from '../src/verify/merkle';
import { checkpointBody, formatNote, noteKeyId, verifierKey } from '../src/verify/note';
import { formatAddCheckpoint } from '../src/witness/protocol';

const LOGS = Number(process.argv[2] ?? 64);
const PER_LOG = Number(process.argv[3] ?? 300);
const WARM = 20;

/** One log's add-checkpoint bodies: request i grows the log from i to i + 1 leaves. */
function requestsFor(origin: string, count: number) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pub = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(12));
  const levels: Uint8Array[][] = [
    Array.from({ length: count }, (_, i) => leafHash(nodeSha256, new TextEncoder().encode(`${origin} ${i}`))),
  ];
  while (levels.at(-1)!.length > 1) {
    const below = levels.at(-1)!;
    levels.push(
      Array.from({ length: Math.floor(below.length / 2) }, (_, i) =>
        nodeHash(nodeSha256, below[2 * i]!, below[2 * i + 1]!),
      ),
    );
  }
  const node = (level: number, index: number) => levels[level]![index]!;
  const id = noteKeyId(nodeSha256, origin, pub);
  const bodies = Array.from({ length: count }, (_, i) => {
    const body = checkpointBody(origin, i + 1, subtreeRoot(nodeSha256, node, 0, i + 1));
    const note = formatNote(body, origin, id, sign(null, Buffer.from(body), privateKey));
    return formatAddCheckpoint(i, consistencyPath(nodeSha256, node, i, i + 1), note);
  });
  return { origin, vkey: verifierKey(nodeSha256, origin, pub), bodies };
}

const s = await startBenchServer();
const ca = readFileSync(`${s.dir}/tls/cert.pem`, 'utf8');
try {
  const t0 = performance.now();
  const logs = Array.from({ length: LOGS }, (_, i) => requestsFor(`bench.witness/log-${i}`, WARM + PER_LOG));
  line(
    'requests prepared (signed notes, proofs)',
    `${LOGS * (WARM + PER_LOG)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  for (const l of logs) await cliJson(s.dir, 'witness', 'add-log', '--origin', l.origin, '--vkey', l.vkey);

  let failures = 0;
  const run = async (from: number, to: number) => {
    await Promise.all(
      logs.map(async (l) => {
        for (let i = from; i < to; i++) {
          const r = await fetch(`${s.url}/witness/add-checkpoint`, {
            method: 'POST',
            body: l.bodies[i],
            headers: { 'content-type': 'text/plain' },
            tls: { ca, rejectUnauthorized: false },
          } as RequestInit);
          await r.arrayBuffer();
          if (r.status !== 200) failures++;
        }
      }),
    );
  };
  await run(0, WARM);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  const start = performance.now();
  await run(WARM, WARM + PER_LOG);
  const seconds = (performance.now() - start) / 1000;
  line(
    `POST /witness/add-checkpoint, HTTPS, ${LOGS} logs at once`,
    `${Math.round((LOGS * PER_LOG) / seconds)} cosigned/s`,
    '>= 2,000/s',
  );
  line('  requests / not 200', `${LOGS * PER_LOG} / ${failures}`);
  line('  machine load average when the run began', `${load} (${navigator.hardwareConcurrency} cores)`);
  line('  server RSS after the run', `${rssMb(s.pid).total.toFixed(0)} MB`);
} finally {
  await s.stop();
}
