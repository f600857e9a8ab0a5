// Back-pressure: past SVC_WRITE_QUEUE_MAX writes in flight, a write is answered at once with 503 overloaded and
// Retry-After, nothing of it is stored, and every write answered 201 is there.
import { afterAll, describe, expect, it } from 'bun:test';
import { call, cleanup, newTenant, startServer, tempDir, until } from '../helpers';

const dirs: string[] = [];
afterAll(() => dirs.forEach(cleanup));

describe('write back-pressure', () => {
  it('answers the excess of a burst 503 overloaded with Retry-After, and keeps exactly the writes it answered 201', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const s = await startServer({ dataDir: dir, env: { SVC_WRITE_QUEUE_MAX: '2', SVC_PUBLIC_RPS: '1000000' } });
    try {
      const t = await newTenant(dir, 'pressure.test', 'read,write', 'enterprise');
      // Bursts of concurrent writes on separate connections until one is refused (the writer drains fast).
      const replies: Awaited<ReturnType<typeof call>>[] = [];
      for (let round = 0; round < 20 && !replies.some((r) => r.status === 503); round++) {
        replies.push(
          ...(await Promise.all(
            Array.from({ length: 64 }, (_, i) =>
              call(s, 'POST', '/v1/events', { key: t.key, body: { event_type: 'burst', payload: { round, i } } }),
            ),
          )),
        );
      }
      const refused = replies.filter((r) => r.status === 503);
      const accepted = replies.filter((r) => r.status === 201);
      expect(refused.length).toBeGreaterThan(0);
      expect(accepted.length + refused.length).toBe(replies.length);
      for (const r of refused) {
        expect(r.body.error).toBe('overloaded');
        expect(r.headers.get('retry-after')).toBe('1');
      }
      const list = await call(s, 'GET', '/v1/events?limit=1', { key: t.key });
      expect(list.body.total).toBe(accepted.length);
      for (const r of accepted.slice(0, 20))
        expect((await call(s, 'GET', `/v1/events/${r.body.event_id}`, { key: t.key })).status).toBe(200);
    } finally {
      await s.stop();
    }
  }, 120_000);

  it("stops cleanly in the middle of a refused burst: the appliance's own counter writes are never refused", async () => {
    const dir = tempDir();
    dirs.push(dir);
    const s = await startServer({ dataDir: dir, env: { SVC_WRITE_QUEUE_MAX: '1', SVC_PUBLIC_RPS: '1000000' } });
    const t = await newTenant(dir, 'pressure-stop.test', 'read,write', 'enterprise');
    let refusedSoFar = 0;
    const burst = Array.from({ length: 128 }, (_, i) =>
      call(s, 'POST', '/v1/events', { key: t.key, body: { event_type: 'burst', payload: { i } } }).then(
        (r) => {
          if (r.status === 503) refusedSoFar++;
          return r;
        },
        () => null,
      ),
    );
    // Stopped once the burst is being refused, i.e. in the middle of it.
    await until(() => refusedSoFar > 0, 30_000, 1);
    s.proc.kill('SIGTERM');
    const replies = (await Promise.all(burst)).filter((r) => r !== null);
    expect(await s.proc.exited).toBe(0);
    expect(s.output()).not.toContain('overloaded');
    const accepted = replies.filter((r) => r.status === 201).length;
    const again = await startServer({ dataDir: dir, env: { SVC_PUBLIC_RPS: '1000000' } });
    try {
      const list = await call(again, 'GET', '/v1/events?limit=1', { key: t.key });
      expect(list.body.total).toBeGreaterThanOrEqual(accepted);
    } finally {
      await again.stop();
    }
  }, 120_000);
});
