// A kill -9 right after the seal answer: the trace ends sealed with every item answered 201 before the seal.
import { afterAll, describe, expect, it } from 'bun:test';
import { verify } from 'node:crypto';
import { join } from 'node:path';
import { open } from 'lmdb';
import { call, cleanup, newTenant, startServer, tempDir, sha, pubKey, type Server } from '../helpers';
import { canonicalJson } from './independent-canonical';

const dir = tempDir();
afterAll(() => cleanup(dir));

/** The trace's status as the killed process left it on disk. */
async function onDisk(traceId: string): Promise<string> {
  const env = open({ path: join(dir, 'db'), maxDbs: 64 });
  try {
    const traces = env.openDB({ name: 'traces', keyEncoding: 'ordered-binary' });
    let status = '';
    for (const { value } of traces.getRange({}))
      if ((value as any).trace_id === traceId) status = (value as any).status;
    return status;
  } finally {
    await env.close();
  }
}

describe('a crash right after the seal answer', () => {
  it('leaves the trace sealed with every item answered 201 before the seal, never half-sealed', async () => {
    let s: Server = await startServer({ dataDir: dir });
    const key = (await newTenant(dir, 'crash.test', 'read,write', 'enterprise')).key;
    for (let round = 0; round < 3; round++) {
      const traceId = (await call(s, 'POST', '/v1/traces', { key, body: { label: `crash ${round}` } })).body.trace_id;
      // Items still in flight when the seal is asked for: those answered 201 must be in the seal.
      const inFlight = Array.from({ length: 400 }, (_, i) =>
        call(s, 'POST', '/v1/events', {
          key,
          body: { event_type: 'x', payload: { round, i }, trace_id: traceId },
        }).catch(() => null),
      );
      const first = await call(s, 'POST', '/v1/events', {
        key,
        body: { event_type: 'x', payload: { round, first: true }, trace_id: traceId },
      });
      expect(first.status).toBe(201);
      const seal = await call(s, 'POST', `/v1/traces/${traceId}/seal`, { key });
      s.proc.kill('SIGKILL');
      await s.proc.exited;
      expect(seal.status).toBe(202);
      const answered = (await Promise.all(inFlight))
        .filter((r) => r?.status === 201)
        .map((r) => r!.body.event_id as string);
      // The seal is applied in the transaction its 202 waited for: the killed process left it sealed.
      expect(await onDisk(traceId)).toBe('sealed');
      s = await s.restart();
      const g = (await call(s, 'GET', `/v1/traces/${traceId}`, { key })).body;
      expect(g.status).toBe('sealed');
      const b = (await call(s, 'GET', `/v1/traces/${traceId}/proof`, { key })).body;
      // Every item answered 201 before the seal is in it; the seal's count, composite hash and signatures hold.
      const ids = new Set(b.items.map((i: any) => i.id));
      expect(ids.has(first.body.event_id)).toBe(true);
      expect(answered.filter((id) => !ids.has(id))).toEqual([]);
      expect(g.item_count).toBe(b.items.length);
      expect(b.header.composite_hash).toBe(
        sha(Buffer.concat(b.items.map((i: any) => Buffer.from(i.content_hash, 'hex')))),
      );
      for (const it of [...b.items, b.seal]) {
        expect(
          verify(null, Buffer.from(it.signed_payload, 'hex'), pubKey(it.public_key), Buffer.from(it.signature, 'hex')),
        ).toBe(true);
      }
      for (const it of b.items) expect(it.content_hash).toBe(sha(canonicalJson(it.payload)));
    }
    await s.stop();
  }, 240_000);
});
