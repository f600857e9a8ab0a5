// Starting and stopping the appliance in one process leaves no timer, thread, file or socket behind.
import { afterAll, describe, expect, it } from 'bun:test';
import { readFileSync, readdirSync } from 'node:fs';
import { cleanup, tempDir, until } from '../helpers';

// Starting and stopping the appliance in one process leaves nothing behind: no interval or timeout still
// pending, no thread, no open file or socket. Timers are counted by wrapping the global timer functions
// before the server's modules are loaded, so work scheduled at import time is counted too.

type Timer = { kind: 'interval' | 'timeout'; stack: string };
const live = new Map<unknown, Timer>();
const real = { setInterval, setTimeout, clearInterval, clearTimeout };
const track = (kind: Timer['kind'], id: unknown) => {
  live.set(id, {
    kind,
    stack: (new Error().stack ?? '')
      .split('\n')
      .slice(2, 6)
      .map((l) => l.trim())
      .join(' | '),
  });
  return id;
};
globalThis.setInterval = ((fn: () => void, ms?: number, ...a: unknown[]) =>
  track('interval', real.setInterval(fn, ms, ...a))) as typeof setInterval;
globalThis.setTimeout = ((fn: (...x: unknown[]) => void, ms?: number, ...a: unknown[]) => {
  const id = real.setTimeout(
    (...x: unknown[]) => {
      live.delete(id);
      fn(...x);
    },
    ms,
    ...a,
  );
  return track('timeout', id);
}) as typeof setTimeout;
globalThis.clearInterval = ((id: unknown) => {
  live.delete(id);
  real.clearInterval(id as never);
}) as typeof clearInterval;
globalThis.clearTimeout = ((id: unknown) => {
  live.delete(id);
  real.clearTimeout(id as never);
}) as typeof clearTimeout;

/**
 * The process's threads by name, leaving out the JavaScript engine's own (garbage collector, JIT, signal
 * sender), which come and go with the heap. Worker threads are named "Worker".
 */
const threads = () =>
  readdirSync('/proc/self/task')
    .map((t) => readFileSync(`/proc/self/task/${t}/comm`, 'utf8').trim())
    // The runtime's own threads (the GC's collector threads, named in 15 characters: "ollector Thread") come and go.
    .filter((n) => !/ollector Thread|Signal Sender|JITWorker|HeapHelper|JSCWarmUp/.test(n))
    .sort();
const fds = () => readdirSync('/proc/self/fd').length;
const dirs: string[] = [];
afterAll(() => {
  Object.assign(globalThis, real);
  for (const d of dirs) cleanup(d);
});

describe('server start and stop', () => {
  it('twice in one process leaves no timers, threads or open handles', async () => {
    const { startServer } = await import('../../src/server');
    // Bun's HTTP client starts its own thread on the first fetch and keeps it: start it before the baseline.
    const warm = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('ok') });
    await (await fetch(`http://127.0.0.1:${warm.port}/`)).text();
    await warm.stop(true);
    const baseline = { threads: threads(), fds: fds() };
    const pending = () =>
      [...live.values()].filter((t) => t.kind === 'interval' || !/node_modules\/(elysia|lmdb)/.test(t.stack));
    for (let round = 0; round < 2; round++) {
      const dir = tempDir('svc-lifecycle-');
      dirs.push(dir);
      const running = await startServer({
        SVC_DATA_DIR: dir,
        SVC_PORT: '0',
        SVC_HOST: '127.0.0.1',
        SVC_LOG_LEVEL: 'error',
        SVC_BOOTSTRAP: '0',
      });
      const res = await fetch(`https://127.0.0.1:${running.port}/healthz`, {
        tls: { rejectUnauthorized: false },
      } as RequestInit);
      expect(await res.json()).toEqual({ status: 'ok', version: expect.any(String) });
      await running.stop();
      // Threads end and descriptors close asynchronously after stop() resolves: wait for them, never a fixed sleep.
      await until(
        () => threads().length <= baseline.threads.length && fds() <= baseline.fds + 1 && pending().length === 0,
        10_000,
      ).catch(() => undefined);
      expect({ round, timers: pending().map((t) => `${t.kind}: ${t.stack}`) }).toEqual({ round, timers: [] });
      expect({ round, threads: threads() }).toEqual({ round, threads: baseline.threads });
      expect(fds()).toBeLessThanOrEqual(baseline.fds + 1);
    }
  }, 60_000);
});
