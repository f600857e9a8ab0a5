// Benchmarks of traces: the seal applier on 10,000 items, the JSON bundle of 1,000 items (every signature
// re-verified), the PDF of 100 items; in-process on real LMDB and keys, then end to end over HTTPS.
// Run: bun scripts/bench-traces.ts
import { loadConfig, setConfig } from '../src/config';
import { closeStore, openStore, transact } from '../src/store/env';
import { uuidv7 } from '../src/crypto/ids';
import { findTenant } from '../src/tenants/service';
import {
  appendLedgerRowInTxn,
  buildLedgerRow,
  flushActiveCountsInTxn,
  prepareSystemEvent,
} from '../src/ledger/service';
import { flushLogsInTxn } from '../src/tlog/append';
import { createTrace } from '../src/traces/service';
import { applySeal } from '../src/traces/append';
import { buildBundle } from '../src/traces/bundle';
import { traces } from '../src/traces/repo';
import { renderBundlePdf } from '../src/pdf/pdf';
import { wireRecordTable } from '../src/boot/record-kinds';
import { line, startBenchServer } from './bench-lib';

const s = await startBenchServer();
const H = { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' };
const req = (method: string, path: string, body?: unknown) =>
  fetch(s.url + path, {
    method,
    headers: H,
    body: body === undefined ? undefined : JSON.stringify(body),
    tls: { rejectUnauthorized: false },
  } as RequestInit);
const sha = (x: string) => new Bun.CryptoHasher('sha256').update(x).digest('hex');

/** A trace of `n` items over HTTPS (every 10th an AI attestation, every 10th a document), 64 requests in flight. */
async function fillTrace(label: string, n: number): Promise<string> {
  const id = (await (await req('POST', '/v1/traces', { label })).json()).trace_id as string;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < n; i = next++) {
      const r =
        i % 10 === 3
          ? await req('POST', '/v1/ai/attestations', {
              attestation_type: 'output',
              input: `question ${label} ${i}`,
              output: { answer: i },
              model_name: 'bench',
              trace_id: id,
            })
          : i % 10 === 7
            ? await req('POST', '/v1/document/anchor', {
                document_hash: sha(`${label} document ${i}`),
                document_ref: `doc-${i}.pdf`,
                metadata: { page_count: i % 40 },
                trace_id: id,
              })
            : await req('POST', '/v1/events', {
                event_type: 'bench.step',
                payload: { label, i, amount: i * 7, lines: [{ sku: `A-${i}`, qty: 2 }] },
                trace_id: id,
              });
      if (r.status !== 201) throw new Error(`item ${i}: ${r.status} ${await r.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
  return id;
}

async function sealAndWait(id: string): Promise<number> {
  const t0 = performance.now();
  const r = await req('POST', `/v1/traces/${id}/seal`);
  if (r.status !== 202) throw new Error(`seal: ${r.status} ${await r.text()}`);
  for (;;) {
    const g = await (await req('GET', `/v1/traces/${id}`)).json();
    if (g.status === 'sealed') return performance.now() - t0;
    await Bun.sleep(5);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// ---------- end to end over HTTPS ----------
const big = await fillTrace('bench 10k', 10_000);
const mid = await fillTrace('bench 1k', 1_000);
const small = await fillTrace('bench 100', 100);
const sealE2e = await sealAndWait(big);
await sealAndWait(mid);
await sealAndWait(small);
const jsonMs: number[] = [];
let jsonBytes = 0;
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  const r = await req('GET', `/v1/traces/${mid}/proof`);
  const text = await r.text();
  jsonMs.push(performance.now() - t0);
  jsonBytes = text.length;
  if (!JSON.parse(text).seal.all_signatures_valid) throw new Error('bundle not valid');
}
const pdfMs: number[] = [];
let pdfBytes = 0;
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  const r = await req('GET', `/v1/traces/${small}/proof.pdf`);
  pdfBytes = (await r.arrayBuffer()).byteLength;
  pdfMs.push(performance.now() - t0);
}
await s.stop();

// ---------- in process: the applier and the builders alone, same data dir ----------
setConfig(loadConfig(process.env, { dataDir: s.dir }));
openStore(s.dir);
wireRecordTable();
const tenant = findTenant(`bench-${s.port}.test`);
const fresh = (await createTrace(tenant, { label: 'bench seal in process' })).trace_id;
// 10,000 signed ledger events on the trace, written the way the intake worker writes them.
for (let b = 0; b < 10; b++) {
  const rows = Array.from({ length: 1000 }, (_, i) =>
    buildLedgerRow({
      event_id: uuidv7(),
      tenant_id: tenant.tenant_id,
      api_key_id: null,
      ingested_at: new Date().toISOString(),
      idempotency_key: null,
      event_type: 'bench.step',
      payload: { b, i },
      payload_source: null,
      event_time: null,
      trace_id: fresh,
    }),
  );
  await transact(() => {
    rows.forEach(appendLedgerRowInTxn);
    flushActiveCountsInTxn();
    flushLogsInTxn();
  });
}
await transact(() =>
  traces().putSync([tenant.tenant_id, fresh], { ...traces().get([tenant.tenant_id, fresh])!, status: 'sealing' }),
);
let applyMs = 0;
const t0 = performance.now();
await transact(() => {
  const a = performance.now();
  applySeal(
    { tenant_id: tenant.tenant_id, trace_id: fresh, requested_at: new Date().toISOString() },
    prepareSystemEvent,
  );
  applyMs = performance.now() - a;
});
const commitMs = performance.now() - t0;
const sealedRow = traces().get([tenant.tenant_id, fresh])!;
if (sealedRow.status !== 'sealed' || sealedRow.item_count !== 10_000) throw new Error('in-process seal failed');

const bundleMs: number[] = [];
for (let i = 0; i < 5; i++) {
  const a = performance.now();
  const b = buildBundle(tenant, traces().get([tenant.tenant_id, mid])!);
  JSON.stringify(b);
  bundleMs.push(performance.now() - a);
  if (b.items.length !== 1000 || !b.seal.all_signatures_valid) throw new Error('bundle check failed');
}
const pdfInMs: number[] = [];
for (let i = 0; i < 3; i++) {
  const a = performance.now();
  await renderBundlePdf(buildBundle(tenant, traces().get([tenant.tenant_id, small])!));
  pdfInMs.push(performance.now() - a);
}
await closeStore();

line('seal applier, 10,000 items (in the worker txn)', `${applyMs.toFixed(1)} ms`, '< 1 s');
line('  same, including the durable commit', `${commitMs.toFixed(1)} ms`);
line('  seal request -> sealed over HTTPS (10,000 items)', `${sealE2e.toFixed(0)} ms`);
line('JSON bundle, 1,000 items, signatures re-verified', `${median(bundleMs).toFixed(1)} ms`, '< 300 ms');
line('  GET /v1/traces/{id}/proof over HTTPS (median)', `${median(jsonMs).toFixed(1)} ms`);
line('  bundle size', `${(jsonBytes / 1024).toFixed(0)} KB`);
line('PDF bundle, 100 items (build + render)', `${median(pdfInMs).toFixed(0)} ms`, '< 2 s');
line('  GET /v1/traces/{id}/proof.pdf over HTTPS (median)', `${median(pdfMs).toFixed(0)} ms`);
line('  PDF size', `${(pdfBytes / 1024).toFixed(0)} KB`);
process.exit(0);
