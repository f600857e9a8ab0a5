// A kill -9 under load while checkpoints are signed: every acknowledged record is logged once, checkpoints stay consistent.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { call, cleanup, newTenant, startServer, tempDir, until, type Server } from '../helpers';
import { consistencyOk, hexes, noteOk } from '../http/independent-tlog';
import { expectLogHolds } from '../log-checks';

// kill -9 while records are being acknowledged and checkpoints signed: after the restart every acknowledged
// record is in the log once, and the new checkpoint is consistent with every one signed before the crash.
let s: Server;
const dir = tempDir();
let t: { tenantId: string; key: string };
const get = (path: string) => call(s, 'GET', path, { key: t.key });
const acked: string[] = [];
const auditAcked: string[] = [];

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: { SVC_CHECKPOINT_SECONDS: '1', SVC_CHECKPOINT_LEAVES: '50' } });
  const nt = await newTenant(dir, 'crash.tlog.test', 'read,write,audit:read,audit:write', 'enterprise');
  t = { tenantId: nt.tenantId, key: nt.key };
  await call(s, 'POST', '/v1/audit/orgs', { key: t.key, body: { organization_id: 'k' } });
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('kill -9 under load', () => {
  it('keeps every acknowledged record in the log and the log consistent across the crash', async () => {
    let stop = false;
    let n = 0;
    const load = async () => {
      while (!stop) {
        const i = ++n;
        try {
          const r = await call(s, 'POST', '/v1/events', { key: t.key, body: { event_type: 'load', payload: { i } } });
          if (r.status === 201) acked.push(r.body.event_id);
          const a = await call(s, 'POST', '/v1/audit/events', {
            key: t.key,
            headers: { 'idempotency-key': `k${i}` },
            body: { organization_id: 'k', action: 'x.y', actor: { type: 'user', id: 'u' } },
          });
          if (a.status === 201) auditAcked.push(a.body.event_id);
        } catch {
          // the connection dies with the process
        }
      }
    };
    const workers = Array.from({ length: 8 }, load);
    const signed: any[] = [];
    await until(
      async () => {
        const c = (await get('/v1/log/checkpoint')).body;
        if (c?.tree_size && !signed.some((x) => x.tree_size === c.tree_size)) signed.push(c);
        return signed.length >= 3 && acked.length > 300;
      },
      60000,
      200,
    );
    const orgBefore = (await get('/v1/audit/orgs/k/log/checkpoint')).body;
    await s.stop('SIGKILL');
    stop = true;
    await Promise.all(workers);
    s = await startServer({ dataDir: dir, env: { SVC_CHECKPOINT_SECONDS: '1', SVC_CHECKPOINT_LEAVES: '50' } });

    const after = await until(async () => {
      const c = (await get('/v1/log/checkpoint')).body;
      return c.tree_size >= acked.length && c;
    }, 30000);
    const pub = Buffer.from((await call(s, 'GET', '/keys/crash.tlog.test')).body.keys[0].public_key, 'base64url');
    expect(noteOk(after.checkpoint, after.origin, pub)).toBe(true);
    // Every acknowledged record has exactly one leaf.
    await expectLogHolds(async (path) => (await get(path)).body, signed, after, acked);
    expect((await get('/v1/log/integrity')).body).toMatchObject({
      log_verified: true,
      first_bad_leaf: null,
      tail_verified: true,
    });

    const orgAfter = await until(async () => {
      const c = (await get('/v1/audit/orgs/k/log/checkpoint')).body;
      return c.tree_size >= auditAcked.length && c;
    }, 30000);
    if (orgBefore.tree_size) {
      const p = (
        await get(`/v1/audit/orgs/k/log/consistency?first=${orgBefore.tree_size}&second=${orgAfter.tree_size}`)
      ).body;
      expect(
        consistencyOk(
          orgBefore.tree_size,
          orgAfter.tree_size,
          hexes(p.consistency_path),
          Buffer.from(orgBefore.root_hash, 'hex'),
          Buffer.from(orgAfter.root_hash, 'hex'),
        ),
      ).toBe(true);
    }
    expect((await get('/v1/audit/orgs/k/integrity')).body).toMatchObject({
      log_verified: true,
      first_bad_leaf: null,
      tail_verified: true,
    });
  });
});
