// Covers the one boot (src/boot.ts): every entry point boots through it and makes none of its steps itself, no module
// of src/replication keeps mutable state at module level, and each role's steps run in the documented order on a
// real store in a temporary directory.
import { afterAll, describe, expect, it } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Glob } from 'bun';
import { boot } from '../../src/boot';
import { config, loadConfig } from '../../src/config';
import { LEDGER_EVENT } from '../../src/ledger/service';
import { recordTable } from '../../src/records/table';
import { ReplicationNode } from '../../src/replication/node';
import { closeStore, subDb } from '../../src/store/env';
import { recordKinds } from '../../src/workers/record-kinds';
import { cleanup, ROOT, tempDir } from '../helpers';

const ENTRIES: Record<string, string> = {
  'src/server.ts': 'server',
  'src/cli/index.ts': 'cli',
  'tui/index.ts': 'console',
  'tui/scan-worker.ts': 'scan-worker',
  'src/workers/writer-thread.ts': 'writer-thread',
};
/** A call (not the definition) of a step only boot makes. */
const STEP_CALL =
  /(?<!function )\b(setConfig|wireRecordTable|openStore|replicateOperator|replicateThread|loadPlans)\(|new ReplicationNode\(/g;
const text = (f: string) => readFileSync(join(ROOT, f), 'utf8');
const sources = [
  ...new Glob('src/**/*.ts').scanSync({ cwd: ROOT }),
  ...new Glob('tui/**/*.ts').scanSync({ cwd: ROOT }),
].sort();

describe('one boot', () => {
  it('every entry point boots through src/boot.ts with its role and makes none of the steps itself', () => {
    for (const [f, role] of Object.entries(ENTRIES)) {
      expect({ f, boots: new RegExp(`\\bboot\\(\\{\\s*role: '${role}'`).test(text(f)) }).toEqual({ f, boots: true });
      expect({ f, steps: [...text(f).matchAll(STEP_CALL)].map((m) => m[0]) }).toEqual({ f, steps: [] });
    }
  });

  it('only boot wires the record table, links a store to PostgreSQL or creates the replication node', () => {
    const wiring = /(?<!function )\b(wireRecordTable|replicateOperator|replicateThread)\(|new ReplicationNode\(/;
    // A restore reopens the store it restored, inside the command, to record its entry through the stream.
    expect(sources.filter((f) => wiring.test(text(f)))).toEqual(['src/boot.ts', 'src/workers/operator-actions.ts']);
  });

  it('no module of src/replication holds mutable state at module level (it lives in the node boot creates)', () => {
    const files = [...new Glob('src/replication/*.ts').scanSync({ cwd: ROOT })];
    expect(files.length).toBeGreaterThan(4);
    const found = files.flatMap((f) =>
      text(f)
        .split('\n')
        .filter((l) => /^(export )?(let|var) /.test(l))
        .map((l) => `${f}: ${l}`),
    );
    expect(found).toEqual([]);
  });
});

describe('boot steps, on a real store', () => {
  const dirs: string[] = [];
  const env = (extra: Record<string, string> = {}) => {
    const dir = tempDir();
    dirs.push(dir);
    return loadConfig({ SVC_DATA_DIR: dir, SVC_MASTER_KEY_FILE: join(dir, 'master.key'), ...extra });
  };
  afterAll(async () => {
    await closeStore();
    for (const d of dirs) cleanup(d);
  });

  it('server: the Config is set before the checks, which run before the store opens; the node is created, not joined', async () => {
    const cfg = env({ SVC_REPLICATION_URL: 'postgres://127.0.0.1:1/none', SVC_NODE_ID: 'boot-test' });
    const seen: Array<{ current: boolean; store: boolean }> = [];
    const b = boot({
      role: 'server',
      config: cfg,
      check: (c) => seen.push({ current: config() === c, store: existsSync(join(c.dataDir, 'db')) }),
    });
    expect(seen).toEqual([{ current: true, store: false }]);
    expect(config()).toBe(b.cfg);
    expect(existsSync(join(cfg.dataDir, 'db'))).toBe(true);
    expect(recordTable().kinds).toBe(recordKinds);
    expect(b.node).toBeInstanceOf(ReplicationNode);
    // Nothing connected yet: the server joins the cluster once its migrations ran.
    expect(b.node!.state()).toBeNull();
    expect(b.node!.holdsLease()).toBe(false);
    expect(b.writer).toBeNull();
    await closeStore();
  });

  it('writer thread: the store is open and the applier table handed back; single node, no replication node', async () => {
    const b = boot({ role: 'writer-thread', config: env() });
    expect(b.node).toBeNull();
    expect(Object.keys(b.writer!.appliers)).toContain(LEDGER_EVENT);
    expect(b.writer!.afterItems.length).toBeGreaterThan(0);
    expect(subDb('boot_probe').get('x')).toBeUndefined();
    await closeStore();
  });

  it('scan thread: logs errors only; CLI without a store: nothing is created in the data directory', () => {
    const scan = boot({ role: 'scan-worker', config: env() });
    expect(scan.cfg.logLevel).toBe('error');
    expect(config().logLevel).toBe('error');
    expect(existsSync(join(scan.cfg.dataDir, 'db'))).toBe(true);
    const cfg = env();
    const cli = boot({ role: 'cli', config: cfg, store: false });
    expect(cli).toEqual({ cfg, node: null, writer: null });
    expect(existsSync(join(cfg.dataDir, 'db'))).toBe(false);
  });
});
