import { afterAll, describe, expect, it } from 'bun:test';
import { verify } from 'node:crypto';
import { join } from 'node:path';
import { open } from 'lmdb';
import { call, cleanup, newTenant, startServer, tempDir, until, sha, pubKey, type Server } from '../helpers';
import { canonicalJson } from './independent-canonical';

const dir = tempDir();
afterAll(() => cleanup(dir));

/** What the killed process left on disk for the trace: its stored status and whether its seal item is still queued. */
async function onDisk(traceId: string): Promise<{ status: string; sealQueued: boolean }> {
  const env = open({ path: join(dir, 'db'), maxDbs: 64 });
  try {
    const traces = env.openDB({ name: 'traces', keyEncoding: 'ordered-binary' });
    let status = '';
    for (const { value } of traces.getRange({})) if ((value as any).trace_id === traceId) status = (value as any).status;
    const queue = env.openDB({ name: 'intake_queue', keyEncoding: 'ordered-binary' });
    let sealQueued = false;
    for (const { value } of queue.getRange({})) if ((value as any).kind === 'trace.seal' && (value as any).data.trace_id === traceId) sealQueued = true;
    return { status, sealQueued };
  } finally {
    await env.close();
  }
}

describe('a crash during sealing', () => {
  it('resumes on restart: the trace killed while sealing ends sealed with every accepted item', async () => {
    let s: Server = await startServer({ dataDir: dir });
    const key = (await newTenant(dir, 'crash.test', 'read,write', 'enterprise')).key;
    let caught = 0;
    // The kill races the worker; rounds where the seal committed before the kill prove nothing and are retried.
    for (let round = 0; round < 12 && caught === 0; round++) {
      const traceId = (await call(s, 'POST', '/v1/traces', { key, body: { label: `crash ${round}` } })).body.trace_id;
      // Items still in flight keep the worker busy, so the seal item waits behind them on the queue.
      const inFlight = Array.from({ length: 400 }, (_, i) => call(s, 'POST', '/v1/events', { key, body: { event_type: 'x', payload: { round, i }, trace_id: traceId } }).catch(() => null));
      const first = await call(s, 'POST', '/v1/events', { key, body: { event_type: 'x', payload: { round, first: true }, trace_id: traceId } });
      expect(first.status).toBe(201);
      const seal = await call(s, 'POST', `/v1/traces/${traceId}/seal`, { key });
      s.proc.kill('SIGKILL');
      await s.proc.exited;
      expect(seal.status).toBe(202);
      const answered = (await Promise.all(inFlight)).filter((r) => r?.status === 201).map((r) => r!.body.event_id as string);
      const disk = await onDisk(traceId);
      if (disk.status === 'sealing') {
        caught++;
        expect(disk.sealQueued).toBe(true);
      } else {
        expect(disk.status).toBe('sealed');
      }
      s = await s.restart();
      const g = await until(async () => {
        const r = await call(s, 'GET', `/v1/traces/${traceId}`, { key });
        return r.body.status === 'sealed' ? r.body : null;
      }, 20000);
      const b = (await call(s, 'GET', `/v1/traces/${traceId}/proof`, { key })).body;
      // Every item answered 201 before the seal is in it; the seal's count, composite hash and signatures hold.
      const ids = new Set(b.items.map((i: any) => i.id));
      expect(ids.has(first.body.event_id)).toBe(true);
      // An item answered 201 passed the trace check before the seal request did, so it precedes the seal on the queue.
      expect(answered.filter((id) => !ids.has(id))).toEqual([]);
      expect(g.item_count).toBe(b.items.length);
      expect(b.header.composite_hash).toBe(sha(Buffer.concat(b.items.map((i: any) => Buffer.from(i.content_hash, 'hex')))));
      for (const it of [...b.items, b.seal]) {
        expect(verify(null, Buffer.from(it.signed_payload, 'hex'), pubKey(it.public_key), Buffer.from(it.signature, 'hex'))).toBe(true);
      }
      for (const it of b.items) expect(it.content_hash).toBe(sha(canonicalJson(it.payload)));
    }
    expect(caught).toBeGreaterThan(0);
    await s.stop();
  }, 240_000);
});
