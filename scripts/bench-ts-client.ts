// Figures of the TypeScript client: ledger ingest through ProofLedger vs raw fetch at the same concurrency against
// the same appliance (rounds alternate; target ratio >= 0.9), and offline verification of complete record proofs/s:
// the event, AI, document and audit event proofs of the shared vectors (test/vectors/proofs: log block and complete
// head, from an appliance with two witnesses and an openssl TSA), with no trust given, with the key list and platform
// key, and with those plus the witness policy and TSA roots. VERIFY_ONLY=1: the verification figures alone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { line, startBenchServer } from './bench-lib';
import { ProofLedger, verify, type VerifyTrust } from '../clients/typescript/src/index';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const SECONDS = Number(process.env.SECONDS ?? 3);
// Rounds alternate raw and client so that load from elsewhere on the machine weighs on both alike.
const ROUNDS = Number(process.env.ROUNDS ?? 5);

const VECTORS = join(import.meta.dir, '../test/vectors/proofs');
const COMPLETE = ['event-proof.json', 'ai-proof.json', 'document-proof.json', 'audit-event.json'];

/** Complete record proofs verified per second under each trust (the policy and PEM as text, as verify takes them). */
async function verifyRates(): Promise<void> {
  const text = (f: string) => readFileSync(join(VECTORS, f), 'utf8');
  const proofs = COMPLETE.map((f) => JSON.parse(text(f)));
  const keys = { keys: JSON.parse(text('keys-acme.example.json')), platformKey: JSON.parse(text('platform-key.json')) };
  const trusts: Array<[string, VerifyTrust]> = [
    ['no trust given', {}],
    ['keys + platform key', keys],
    ['keys + policy + TSA roots', { ...keys, policy: text('policy.txt'), tsaRoots: text('tsa-ca.pem') }],
  ];
  for (const [name, trust] of trusts) {
    for (const p of proofs) {
      const r = await verify(p, trust);
      if (!r.valid || !r.existed_no_later_than)
        throw new Error(`a complete proof did not verify: ${JSON.stringify(r.checks.filter((c) => !c.ok))}`);
    }
    const t0 = performance.now();
    let n = 0;
    while (performance.now() - t0 < 3000) {
      await verify(proofs[n % proofs.length], trust);
      n++;
    }
    line(
      `offline verify, complete record proofs with head, ${name} (proofs/s)`,
      (n / ((performance.now() - t0) / 1000)).toFixed(0),
    );
  }
  line('complete event proof size (bytes)', String(JSON.stringify(proofs[0]).length));
}

if (process.env.VERIFY_ONLY) {
  await verifyRates();
  process.exit(0);
}

const b = await startBenchServer(undefined, { SVC_CHECKPOINT_SECONDS: '1' });
const ca = readFileSync(join(b.dir, 'tls', 'cert.pem'), 'utf8');
const client = new ProofLedger({ baseUrl: b.url, apiKey: b.key, ca });

/** Requests completed in SECONDS by CONCURRENCY workers each sending one after the other. */
async function run(send: (i: number) => Promise<unknown>): Promise<number> {
  const end = Date.now() + SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        await send(done);
        done++;
      }
    }),
  );
  return done / SECONDS;
}

// The same request both ways: JSON body, bearer key, a fresh Idempotency-Key, the same TLS trust.
const raw = async (i: number) => {
  const r = await fetch(`${b.url}/v1/events`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${b.key}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
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

  await verifyRates();
} finally {
  await b.stop();
}
