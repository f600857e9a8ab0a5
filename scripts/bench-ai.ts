// Benchmark of AI attestation ingest: acknowledged (201) attestations per second over HTTPS, 64 keep-alive connections.
// Run: bun scripts/bench-ai.ts [seconds] [warm-up seconds]   (needs wrk; every request carries a distinct input, so none is a duplicate)
import { readFileSync } from 'node:fs';
import { cpuSeconds, line, luaPost, rssMb, startBenchServer, wrk } from './bench-lib';

const seconds = Number(process.argv[2] ?? 10);
const warmSeconds = Number(process.argv[3] ?? 3);
const s = await startBenchServer();
const body = JSON.stringify({
  attestation_type: 'output',
  input: 'Which clauses of contract {{n}} limit liability?',
  output: { answer: 'Clauses 7.2 and 9.1', confidence: 0.93 },
  model_provider: 'acme',
  model_name: 'acme-large',
  model_version: '2026-01',
  subject: { user_id: 'u-42', session_id: 's-{{n}}' },
});

try {
  const warm = await wrk(`${s.url}/v1/ai/attestations`, {
    seconds: warmSeconds,
    lua: luaPost('/v1/ai/attestations', s.key, body.replaceAll('{{n}}', 'warm-{{n}}')),
  });
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  const cpu0 = cpuSeconds(s.pid);
  const r = await wrk(`${s.url}/v1/ai/attestations`, { seconds, lua: luaPost('/v1/ai/attestations', s.key, body) });
  const cpu1 = cpuSeconds(s.pid);
  const acked = r.requests - r.non2xx;
  line('POST /v1/ai/attestations, HTTPS, 64 connections', `${Math.round(acked / seconds)} acked/s`, '>= 10,000/s');
  line(
    `  warm-up before it (${warmSeconds} s, not counted)`,
    `${Math.round((warm.requests - warm.non2xx) / warmSeconds)} acked/s`,
  );
  line('  requests / non-2xx', `${r.requests} / ${r.non2xx}`);
  line('  p50 / p99 latency', `${r.p50ms.toFixed(2)} / ${r.p99ms.toFixed(2)} ms`);
  // Machine-independent view: a core spends this much per request (the main thread is the serial part).
  line(
    '  server CPU per request: main thread / process',
    `${(((cpu1.main - cpu0.main) * 1e6) / r.requests).toFixed(0)} / ${(((cpu1.all - cpu0.all) * 1e6) / r.requests).toFixed(0)} µs`,
  );
  line('  machine load average when the run began', `${load} (${navigator.hardwareConcurrency} cores)`);
  line('  server RSS after the run', `${rssMb(s.pid).total.toFixed(0)} MB`);

  // The worker signs and appends what was acknowledged; time until a request sent now is readable shows its backlog.
  const t0 = performance.now();
  const tls = { rejectUnauthorized: false };
  const headers = { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' };
  const probe = (await (
    await fetch(`${s.url}/v1/ai/attestations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ attestation_type: 'output', input: `probe ${Date.now()}`, output: 'o' }),
      tls,
    } as RequestInit)
  ).json()) as { attestation_id: string };
  for (;;) {
    const g = await fetch(`${s.url}/v1/ai/attestations/${probe.attestation_id}`, { headers, tls } as RequestInit);
    await g.arrayBuffer();
    if (g.status === 200) break;
    await Bun.sleep(50);
  }
  line('  signed-record backlog drained after the run', `${((performance.now() - t0) / 1000).toFixed(2)} s`);
} finally {
  await s.stop();
}
