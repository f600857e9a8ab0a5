// Benchmarks of the event ledger: durable ingest, verify, GET by id, RSS and bytes per event.
// Run: bun scripts/bench-ledger.ts [--million]   (--million also ingests 1,000,000 events for RSS and size)
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { line, luaPost, rssMb, startBenchServer, wrk } from './bench-lib';

const s = await startBenchServer();
const body =
  '{"event_type":"order.created","payload":{"order":"{{n}}","amount":1999,"currency":"EUR","lines":[{"sku":"A-1","qty":2}]}}';

await wrk(`${s.url}/v1/events`, { seconds: 3, lua: luaPost('/v1/events', s.key, body) });
const ing = await wrk(`${s.url}/v1/events`, { seconds: 15, lua: luaPost('/v1/events', s.key, body) });
line('POST /v1/events (201, durable), 64 connections', `${Math.round(ing.rps)} events/s`, '>= 12,000');
line('  p50 / p99 latency', `${ing.p50ms.toFixed(2)} / ${ing.p99ms.toFixed(2)} ms`, 'p99 < 15 ms');
line('  non-2xx responses', String(ing.non2xx));

// A sample event to verify and fetch.
const res = await fetch(`${s.url}/v1/events?limit=1`, {
  headers: { authorization: `Bearer ${s.key}` },
  tls: { rejectUnauthorized: false },
} as RequestInit);
const ev = (await res.json()).events[0];
const ver = await wrk(`${s.url}/v1/events/${ev.event_id}/verify`, {
  seconds: 10,
  lua: luaPost(`/v1/events/${ev.event_id}/verify`, s.key, `{"payload_hash":"${ev.payload_hash}"}`),
});
line('POST /v1/events/{id}/verify', `${Math.round(ver.rps)} req/s`, '>= 15,000');
const get = await wrk(`${s.url}/v1/events/${ev.event_id}`, {
  seconds: 10,
  lua: luaPost(`/v1/events/${ev.event_id}`, s.key, '', 'GET'),
});
line('GET /v1/events/{id}', `${Math.round(get.rps)} req/s`, '>= 20,000');
line('  non-2xx (verify, get)', `${ver.non2xx}, ${get.non2xx}`);

if (process.argv.includes('--million')) {
  let total = ing.requests;
  while (total < 1_000_000) {
    const r = await wrk(`${s.url}/v1/events`, { seconds: 20, lua: luaPost('/v1/events', s.key, body) });
    total += r.requests - r.non2xx;
  }
  const bytes = Number(
    execSync(`du -sb ${join(s.dir, 'db')}`)
      .toString()
      .split('\t')[0],
  );
  line('events stored', String(total));
  const rss = rssMb(s.pid);
  line('RSS after 1,000,000+ events', `${rss.total.toFixed(0)} MB`);
  line('  of which heap (anonymous) / LMDB map (file)', `${rss.anon.toFixed(0)} / ${rss.file.toFixed(0)} MB`);
  line('bytes per event on disk (LMDB, all indexes)', `${Math.round(bytes / total)} B`);
}
await s.stop();
process.exit(0);
