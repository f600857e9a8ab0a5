// Audit sequencing across a kill -9 mid-burst: every event answered 201 is kept, seq 1..N without gaps.
import { afterAll, describe, expect, it } from 'bun:test';
import { call, cleanup, newTenant, startServer, tempDir, until } from '../helpers';

const dirs: string[] = [];
afterAll(() => dirs.forEach(cleanup));

describe('audit sequencing across a kill -9', () => {
  it('keeps every 201-answered event and seq 1..N without gaps after a SIGKILL in the middle of a burst', async () => {
    const dir = tempDir();
    dirs.push(dir);
    let s = await startServer({ dataDir: dir });
    const t = await newTenant(dir, 'audit-burst.test', 'audit:read,audit:write', 'enterprise');
    expect((await call(s, 'POST', '/v1/audit/orgs', { key: t.key, body: { organization_id: 'burst' } })).status).toBe(
      201,
    );
    const acked: string[] = [];
    let stop = false;
    const client = async (c: number) => {
      for (let i = 0; !stop; i++) {
        const r = await call(s, 'POST', '/v1/audit/events', {
          key: t.key,
          headers: { 'idempotency-key': `b-${c}-${i}` },
          body: {
            organization_id: 'burst',
            action: 'burst.write',
            actor: { type: 'client', id: `c${c}` },
            metadata: { c, i },
          },
        }).catch(() => null);
        if (r?.status === 201) acked.push(r.body.event_id);
      }
    };
    const clients = Array.from({ length: 32 }, (_, c) => client(c));
    await until(() => acked.length >= 2000, 60000, 5);
    s.proc.kill('SIGKILL');
    stop = true;
    await s.proc.exited;
    await Promise.all(clients);
    const ids = [...acked];
    s = await startServer({ dataDir: dir });
    // Everything acknowledged gets applied after the restart (the queue survives the kill).
    await until(
      async () => (await call(s, 'GET', '/v1/audit/orgs/burst', { key: t.key })).body.last_seq >= ids.length,
      30000,
    );
    const last = (await call(s, 'GET', '/v1/audit/orgs/burst', { key: t.key })).body.last_seq;
    const integ = (await call(s, 'GET', '/v1/audit/orgs/burst/integrity', { key: t.key })).body;
    expect(integ).toMatchObject({ from: 1, to: last, count: last, expected: last, contiguous: true, gaps: [] });
    const seen = new Map<string, number>();
    let cursor: string | null = null;
    let expectSeq = last;
    do {
      const r: any = await call(
        s,
        'GET',
        `/v1/audit/events?organization_id=burst&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        { key: t.key },
      );
      if (!r.body.events) throw new Error(`page answered ${r.status} ${JSON.stringify(r.body)}`);
      for (const e of r.body.events) {
        expect(e.seq).toBe(expectSeq--);
        seen.set(e.id, e.seq);
      }
      cursor = r.body.next_cursor;
    } while (cursor);
    expect(expectSeq).toBe(0);
    expect(ids.filter((id) => !seen.has(id))).toEqual([]);
    // A retry of an acknowledged request after the crash is recognised as a duplicate.
    const retry = await call(s, 'POST', '/v1/audit/events', {
      key: t.key,
      headers: { 'idempotency-key': 'b-0-0' },
      body: {
        organization_id: 'burst',
        action: 'burst.write',
        actor: { type: 'client', id: 'c0' },
        metadata: { c: 0, i: 0 },
      },
    });
    expect([retry.status, retry.body.error]).toEqual([409, 'duplicate_event']);
    expect(seen.has(retry.body.event_id)).toBe(true);
    const v = await call(s, 'GET', `/v1/audit/events/${ids[ids.length - 1]}/verify`, { key: t.key });
    expect(v.body.valid).toBe(true);
    await s.stop();
  }, 120000);
});
