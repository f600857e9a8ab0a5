// kill -9 in the middle of administration writes under load: after each restart every change present has its
// operator-log entry and every entry its change (a key, a revocation, a tenant, a plan, a signing key), nothing
// answered 201 is lost, and `svc operator verify` passes.
import { afterAll, beforeAll, expect, it } from 'bun:test';
import { call, cleanup, cli, startServer, tempDir, until, type Server } from '../helpers';

const dir = tempDir();
let s: Server;
let token = '';
let admin = '';
let adminTenant = '';

type Entry = { leaf_index: number; entry: { action: string; target: Record<string, string>; details: any } };
type Key = { key_id: string; revoked_at: string | null };
type Tenant = { tenant_id: string; plan: string; active_key_id: string; keys: Array<{ key_id: string }> };

/** What was answered: each is present after every crash. */
const acked = { tenants: new Set<string>(), keys: new Set<string>(), revoked: new Set<string>() };

beforeAll(async () => {
  s = await startServer({ dataDir: dir });
  token = (await cli(dir, 'admin-token', 'create', '--name', 'load')).json.token;
  const t = await call(s, 'POST', '/v1/operator/tenants', { key: token, body: { name: 'Load', domain: 'load.test' } });
  adminTenant = t.body.tenant_id;
  admin = (
    await call(s, 'POST', `/v1/operator/tenants/${adminTenant}/keys`, {
      key: token,
      body: { name: 'admin', scopes: ['admin', 'read', 'write'] },
    })
  ).body.api_key;
  expect(admin).toMatch(/^svc_live_/);
}, 60_000);
afterAll(async () => {
  await s.stop('SIGKILL').catch(() => {});
  cleanup(dir);
});

let n = 0;
/** One administration write of each kind in turn; what was answered is noted. Errors are the crash's. */
async function oneWrite(): Promise<void> {
  const i = ++n;
  const op = (method: string, path: string, body?: unknown) => call(s, method, path, { key: token, body });
  switch (i % 5) {
    case 0: {
      const r = await call(s, 'POST', '/v1/admin/keys', { key: admin, body: { name: `k${i}`, scopes: ['read'] } });
      if (r.status === 201) acked.keys.add(r.body.key_id);
      if (r.status === 201 && i % 2 === 0) {
        const v = await call(s, 'POST', `/v1/admin/keys/${r.body.key_id}/revoke`, { key: admin });
        if (v.status === 200) acked.revoked.add(r.body.key_id);
      }
      return;
    }
    case 1: {
      const r = await op('POST', '/v1/operator/tenants', { name: `t${i}`, domain: `t${i}.load.test` });
      if (r.status === 201) acked.tenants.add(r.body.tenant_id);
      return;
    }
    case 2: {
      const r = await op('POST', `/v1/operator/tenants/${adminTenant}/keys`, { name: `o${i}`, scopes: ['write'] });
      if (r.status === 201) acked.keys.add(r.body.key_id);
      return;
    }
    case 3:
      await op('POST', `/v1/operator/tenants/${adminTenant}/plan`, { plan: i % 2 ? 'enterprise' : 'builder' });
      return;
    default:
      await call(s, 'POST', '/v1/admin/signing-key/rotate', { key: admin });
  }
}

async function pages<T>(path: string, field: string): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const sep = path.includes('?') ? '&' : '?';
    const r = await call(s, 'GET', `${path}${sep}limit=1000${cursor ? `&cursor=${cursor}` : ''}`, { key: token });
    expect(r.status).toBe(200);
    out.push(...r.body[field]);
    cursor = r.body.next_cursor;
  }
  return out;
}

/** Every change present has exactly one entry, every entry its change, and what was answered is there. */
async function expectChangesMatchEntries(): Promise<void> {
  const entries = (await pages<Entry>('/v1/operator/log', 'entries')).map((e) => e.entry);
  const of = (action: string) => entries.filter((e) => e.action === action);
  const count = (xs: string[]) => xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
  const once = (xs: string[]) => [...count(xs)].filter(([, c]) => c !== 1);

  const tenants = await pages<Tenant>('/v1/operator/tenants', 'tenants');
  const tenantIds = tenants.map((t) => t.tenant_id).sort();
  const created = of('tenant.create').map((e) => e.target.tenant_id!);
  expect(once(created)).toEqual([]);
  expect([...created].sort()).toEqual(tenantIds);
  for (const id of acked.tenants) expect(tenantIds).toContain(id);

  const keys: Key[] = [];
  for (const t of tenants)
    keys.push(...(await call(s, 'GET', `/v1/operator/tenants/${t.tenant_id}/keys`, { key: token })).body.keys);
  const keyCreates = of('key.create').map((e) => e.target.key_id!);
  expect(once(keyCreates)).toEqual([]);
  expect([...keyCreates].sort()).toEqual(keys.map((k) => k.key_id).sort());
  const revokes = of('key.revoke').map((e) => e.target.key_id!);
  expect(once(revokes)).toEqual([]);
  expect([...revokes].sort()).toEqual(
    keys
      .filter((k) => k.revoked_at !== null)
      .map((k) => k.key_id)
      .sort(),
  );
  for (const id of acked.keys) expect(keyCreates).toContain(id);
  for (const id of acked.revoked) expect(revokes).toContain(id);

  for (const t of tenants) {
    const about = entries.filter((e) => e.target.tenant_id === t.tenant_id);
    // One signing key per create and per rotation, the last one named active; the plan is the last one set.
    const signing = about.filter((e) => e.action === 'tenant.create' || e.action === 'tenant.rotate_key');
    expect([t.tenant_id, t.keys.length]).toEqual([t.tenant_id, signing.length]);
    expect(t.active_key_id).toBe(signing.at(-1)!.details.key_id);
    const plans = about.filter((e) => e.action === 'tenant.create' || e.action === 'tenant.set_plan');
    expect([t.tenant_id, t.plan]).toEqual([t.tenant_id, plans.at(-1)!.details.plan]);
  }
  const verify = await cli(dir, 'operator', 'verify');
  expect([verify.code, verify.stdout + verify.stderr]).toEqual([0, expect.any(String)]);
}

it('keeps each administration change and its operator-log entry together across kill -9 under load', async () => {
  for (let round = 0; round < 3; round++) {
    let stop = false;
    const load = async () => {
      while (!stop) await oneWrite().catch(() => {});
    };
    const before = acked.keys.size + acked.tenants.size;
    const workers = Array.from({ length: 12 }, load);
    await until(() => acked.keys.size + acked.tenants.size >= before + 60, 120_000, 20);
    // In the middle of writes: 12 clients have requests in flight when the process dies.
    await s.stop('SIGKILL');
    stop = true;
    await Promise.all(workers);
    s = await startServer({ dataDir: dir });
    await expectChangesMatchEntries();
  }
  expect(acked.keys.size).toBeGreaterThan(100);
}, 600_000);
