// Figures of the TypeScript client: ledger ingest through ProofLedger vs raw fetch at the same concurrency against
// the same appliance (rounds alternate; target ratio >= 0.9), and offline verification of complete record proofs/s.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { line, startBenchServer } from './bench-lib';
import { ProofLedger, verify } from '../clients/typescript/src/index';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const SECONDS = Number(process.env.SECONDS ?? 3);
// Rounds alternate raw and client so that load from elsewhere on the machine weighs on both alike.
const ROUNDS = Number(process.env.ROUNDS ?? 5);

const b = await startBenchServer(undefined, { SVC_CHECKPOINT_SECONDS: '1' });
const ca = readFileSync(join(b.dir, 'tls', 'cert.pem'), 'utf8');
const client = new ProofLedger({ baseUrl: b.url, apiKey: b.key, ca });

/** Requests completed in SECONDS by CONCURRENCY workers each sending one after the other. */
async function run(send: (i: number) => Promise<unknown>): Promise<number> {
  const end = Date.now() + SECONDS * 1000;
  let done = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (Date.now() < end) {
      await send(done);
      done++;
    }
  }));
  return done / SECONDS;
}

// The same request both ways: JSON body, bearer key, a fresh Idempotency-Key, the same TLS trust.
const raw = async (i: number) => {
  const r = await fetch(`${b.url}/v1/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${b.key}`, 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ event_type: 'bench.raw', payload: { i } }),
    tls: { ca },
  } as RequestInit);
  if (r.status !== 201) throw new Error(`raw fetch: ${r.status}`);
  await r.json();
};
const viaClient = (i: number) => client.events.create({ event_type: 'bench.client', payload: { i } });

try {
  await run(raw); // warm-up: TLS sessions, JIT, the writer
  const rawRps: number[] = [];
  const clientRps: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    rawRps.push(await run(raw));
    clientRps.push(await run(viaClient));
  }
  const median = (xs: number[]) => [...xs].sort((a, c) => a - c)[Math.floor(xs.length / 2)]!;
  line(`raw fetch ingest, ${CONCURRENCY} concurrent (events/s)`, median(rawRps).toFixed(0));
  line(`ProofLedger ingest, ${CONCURRENCY} concurrent (events/s)`, median(clientRps).toFixed(0));
  line('client / raw fetch (median of rounds)', (median(clientRps) / median(rawRps)).toFixed(3), '>= 0.9');
  line('client / raw fetch per round', clientRps.map((c, i) => (c / rawRps[i]!).toFixed(2)).join(' '));

  // Complete record proofs: each covered by a signed checkpoint.
  const ids = await Promise.all(Array.from({ length: 200 }, (_, i) => client.events.create({ event_type: 'bench.proof', payload: { i } }).then((x) => x.event_id)));
  const proofs: unknown[] = [];
  for (const id of ids) {
    for (;;) {
      const p = await client.proofs.event(id);
      if ((p.log as { checkpoint?: string } | undefined)?.checkpoint) {
        proofs.push(p);
        break;
      }
      await Bun.sleep(200);
    }
  }
  const keys = await client.keys.get(`bench-${b.port}.test`);
  for (const p of proofs) if (!(await verify(p, { keys })).valid) throw new Error('a proof did not verify');
  const t0 = performance.now();
  let n = 0;
  while (performance.now() - t0 < 3000) {
    await verify(proofs[n % proofs.length], { keys });
    n++;
  }
  line('offline verify, complete event proofs (proofs/s)', (n / ((performance.now() - t0) / 1000)).toFixed(0));
  line('complete event proof size (bytes)', String(JSON.stringify(proofs[0]).length));
} finally {
  await b.stop();
}
