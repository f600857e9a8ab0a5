// Deleting an audit org while a retention pass runs: the waiting request answers 4xx, never 500.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { retentionLock } from '../../src/audit/repo';
import { closeStore, openStore, transact } from '../../src/store/env';
import { call, cleanup, newTenant, startServer, tempDir, type Server } from '../helpers';

// A retention pass already running is not a fault: the request that has to wait for it answers 4xx, never 500.
const dir = tempDir();
let s: Server;
let key: string;

beforeAll(async () => {
  s = await startServer({ dataDir: dir });
  key = (await newTenant(dir, 'lock.test', 'audit:read,audit:write', 'enterprise')).key;
  expect((await call(s, 'POST', '/v1/audit/orgs', { key, body: { organization_id: 'busy' } })).status).toBe(201);
  // This process takes the retention lock, as a CLI `svc retention run` in progress would (LMDB is shared across processes).
  openStore(dir);
  await transact(() => retentionLock().putSync('lock', { pid: process.pid, at: Date.now() }));
});
afterAll(async () => {
  await closeStore();
  await s.stop();
  cleanup(dir);
});

describe('DELETE /v1/audit/orgs/{id} while a retention pass runs', () => {
  it('answers 409 org_not_deletable once the wait for the pass runs out, and succeeds after it', async () => {
    const busy = await call(s, 'DELETE', '/v1/audit/orgs/busy', { key });
    expect([busy.status, busy.body.error]).toEqual([409, 'org_not_deletable']);
    expect(busy.body.message).toContain('retention pass is running');
    await transact(() => retentionLock().removeSync('lock'));
    expect((await call(s, 'DELETE', '/v1/audit/orgs/busy', { key })).status).toBe(200);
  }, 30_000);
});
