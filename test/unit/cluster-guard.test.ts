// The refusal the CLI and the console share on a replicated cluster's data directory opened without
// SVC_REPLICATION_URL: every write of the store is refused before anything is written, reads work, a diverged
// directory says so; a single node's directory is untouched by any of it. Real LMDB in a temporary directory.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { open } from 'lmdb';
import { loadConfig, setConfig } from '../../src/config';
import { Diverged, NotReplicated } from '../../src/store/cluster';
import { closeStore, localWriteRefusal, openStore, subDb, transact, transactSync } from '../../src/store/env';
import { wireRecordTable } from '../../src/boot/record-kinds';
import { operatorActions } from '../../src/operator-actions/actions';
import { listTenants } from '../../src/tenants/service';
import { cleanup, tempDir } from '../helpers';

const dir = tempDir();
const dataFile = join(dir, 'db', 'data.mdb');
const digest = () => createHash('sha256').update(readFileSync(dataFile)).digest('hex');

/** Writes the node's own bookkeeping as a server that joined a cluster does (sub-database `replication`). */
async function mark(values: Record<string, unknown>): Promise<void> {
  const env = open({ path: join(dir, 'db'), maxDbs: 128 });
  const db = env.openDB({ name: 'replication', encoding: 'msgpack' });
  await env.transaction(() => {
    for (const [k, v] of Object.entries(values)) db.putSync(k, v);
  });
  await env.close();
}

beforeAll(async () => {
  setConfig(loadConfig({ SVC_DATA_DIR: dir, SVC_MASTER_KEY_FILE: join(dir, 'master.key') }));
  wireRecordTable();
  openStore(dir);
  expect(localWriteRefusal()).toBeNull();
  await transact(() => subDb<number, string>('guard_rows').putSync('kept', 1));
  await operatorActions.createTenant({ name: 'one', domain: 'one.test' });
  await closeStore();
});
afterAll(async () => {
  await closeStore();
  cleanup(dir);
});

describe('a data directory that joined a cluster, opened without SVC_REPLICATION_URL', () => {
  it('refuses every kind of write before writing anything, names the variable and the env file, and still reads', async () => {
    await mark({ node: 'node-a', applied: 7 });
    const before = digest();
    openStore(dir);
    const refused = localWriteRefusal();
    expect(refused).toBeInstanceOf(NotReplicated);
    expect(refused!.message).toContain('SVC_REPLICATION_URL is not set');
    expect(refused!.message).toContain('node node-a');
    expect(refused!.message).toContain('/etc/proof-ledger/env');
    expect(refused!.message).not.toContain('\n');
    const rows = subDb<number, string>('guard_rows');
    expect(rows.get('kept')).toBe(1);
    await expect(transact(() => rows.putSync('x', 1))).rejects.toBe(refused!);
    expect(() => transactSync(() => rows.putSync('x', 1))).toThrow(refused!.message);
    expect(() => rows.putSync('x', 1)).toThrow(refused!.message);
    expect(() => rows.removeSync('kept')).toThrow(refused!.message);
    await expect(rows.put('x', 1)).rejects.toBe(refused!);
    await expect(rows.remove('kept')).rejects.toBe(refused!);
    await expect(rows.ifNoExists('y', () => rows.putSync('y', 1))).rejects.toBe(refused!);
    // The console's and the CLI's operator actions meet the same refusal.
    await expect(operatorActions.createTenant({ name: 'two', domain: 'two.test' })).rejects.toBe(refused!);
    await expect(operatorActions.setPlan('one.test', 'free')).rejects.toBe(refused!);
    expect(listTenants().map((t) => t.primary_domain)).toEqual(['one.test']);
    await closeStore();
    expect(digest()).toBe(before);
  });

  it('is opened for writing by a process that has SVC_REPLICATION_URL (the stream then takes its writes)', async () => {
    openStore(dir, { replicated: true });
    expect(localWriteRefusal()).toBeNull();
    await closeStore();
  });

  it('says a diverged directory must be rebuilt, with the stream entry it refused', async () => {
    await mark({ diverged: { pos: 42, what: 'it would overwrite tlog_leaf_data [3,5]', at: 'then' } });
    openStore(dir);
    const refused = localWriteRefusal();
    expect(refused).toBeInstanceOf(Diverged);
    expect(refused!.message).toContain('diverged from the replicated stream at entry 42');
    expect(refused!.message).toContain('rebuild it from an empty data directory');
    await expect(operatorActions.setPlan('one.test', 'free')).rejects.toBe(refused!);
    await closeStore();
  });
});
