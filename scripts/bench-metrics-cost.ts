// The hot-path cost of metrics: ns per recordRequest() (what every answered request pays), and the time of one
// /metrics scrape with many series, measured in-process. `bun scripts/bench-metrics-cost.ts`
import { loadConfig, setConfig } from '../src/config';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, closeStore } from '../src/store/env';

const dir = mkdtempSync(join(tmpdir(), 'metrics-cost-'));
setConfig(loadConfig({ SVC_DATA_DIR: dir }));
openStore(dir);
const { recordRequest, registry } = await import('../src/http/metrics');

const routes = [
  '/v1/events',
  '/v1/events/:event_id',
  '/v1/proof/event/:event_id',
  '/v1/audit/events',
  '/v1/ai/attestations',
  '/healthz',
];
const statuses = [200, 201, 400, 401, 404, 409, 429];
const N = 2_000_000;
for (let i = 0; i < 100_000; i++)
  recordRequest('POST', routes[i % routes.length]!, statuses[i % statuses.length]!, 0.001); // warm up
let t0 = performance.now();
for (let i = 0; i < N; i++)
  recordRequest('POST', routes[i % routes.length]!, statuses[i % statuses.length]!, (i % 100) / 10000);
const perCall = ((performance.now() - t0) * 1e6) / N;
await registry.metrics(); // first scrape compiles the collectors
t0 = performance.now();
const text = await registry.metrics();
const scrape = performance.now() - t0;
let loop = 0;
const l0 = performance.now();
for (let i = 0; i < N; i++) loop += i % 7;
const perLoop = ((performance.now() - l0) * 1e6) / N;
process.stdout.write(
  `recordRequest: ${perCall.toFixed(0)} ns per request (${N} calls, ${routes.length * statuses.length} series)\n`,
);
process.stdout.write(
  `(machine speed: an empty loop iteration takes ${perLoop.toFixed(1)} ns here${loop < 0 ? '' : ''})\n`,
);
process.stdout.write(
  `scrape: ${scrape.toFixed(1)} ms for ${text.length} bytes, ${text.split('\n').filter((l) => l && !l.startsWith('#')).length} samples\n`,
);
await closeStore();
rmSync(dir, { recursive: true, force: true });
