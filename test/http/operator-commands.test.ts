// Every state-changing operator command lands in the operator log: each command of the CLI's table and each action of
// the console is classified here, the state-changing ones are run and must add exactly one entry by the OS user, the
// read-only ones must leave the store as it was; the bootstrap tenant and key of a first start are entries too.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Glob } from 'bun';
import { open } from 'lmdb';
import { call, cleanupDirs, ownedDir, ROOT, startServer, svc, until, type Server } from '../helpers';
import { testLog } from './independent-witness';
import { consoleDriver } from '../console-driver';
import { commands } from '../../src/cli/commands';

const dir = ownedDir();
const osUserName = Bun.spawnSync(['id', '-un']).stdout.toString().trim();
/** Ids made along the way, for the invocations that act on them. */
const made: Record<string, string> = {};

type Entry = { leaf_index: number; entry: { action: string; by: string; target: Record<string, string> } };
const log = async (d = dir): Promise<Entry[]> => {
  const r = await svc(['--data-dir', d, 'operator', 'log']);
  expect([r.code, r.stderr]).toEqual([0, '']);
  return r.json;
};

/**
 * Everything the store holds, as one hash: every key and value of every non-empty sub-database, read as raw bytes.
 * (A sub-database created empty is no state.)
 */
async function storeDigest(d = dir): Promise<string> {
  const env = open({ path: join(d, 'db'), readOnly: true, maxDbs: 256 });
  const h = createHash('sha256');
  try {
    for (const name of [...env.getKeys()].map(String).sort()) {
      const db = env.openDB({ name, keyEncoding: 'binary', encoding: 'binary' });
      for (const { key, value } of db.getRange({}))
        h.update(`${name}\0${(key as Buffer).toString('hex')}\0${(value as Buffer).toString('hex')}\n`);
    }
  } finally {
    await env.close();
  }
  return h.digest('hex');
}

// ---- The command table, classified. A command missing here fails the first test: say what it does first. ----

type Run = { args: () => string[]; code?: number };
/**
 * Commands that never change state: they must leave every byte of the store as it was (run after the writes below,
 * so that `restore --check` has their backup). Listed in one place.
 */
const READ_ONLY: Record<string, Run[]> = {
  'tenant list': [{ args: () => ['tenant', 'list'], code: 0 }],
  'tenant show': [{ args: () => ['tenant', 'show', 'ops.test'], code: 0 }],
  'key list': [{ args: () => ['key', 'list', '--tenant', 'ops.test'], code: 0 }],
  'admin-token list': [{ args: () => ['admin-token', 'list'], code: 0 }],
  'audit integrity': [{ args: () => ['audit', 'integrity', '--tenant', 'localhost', '--org', 'cmd-org'], code: 0 }],
  'log verify': [{ args: () => ['log', 'verify', '--tenant', 'localhost'], code: 0 }],
  verify: [{ args: () => ['verify', made.proofFile!], code: 0 }],
  'witness list': [{ args: () => ['witness', 'list'], code: 0 }],
  'issuer list': [{ args: () => ['issuer', 'list', '--tenant', 'ops.test'], code: 0 }],
  'operator log': [{ args: () => ['operator', 'log'], code: 0 }],
  'operator verify': [{ args: () => ['operator', 'verify'], code: 0 }],
  // No checkpoint covers the event's leaf yet (nothing runs in the background here): it refuses (exit 1), changing nothing.
  'evidence export': [
    { args: () => ['evidence', 'export', '--kind', 'event', '--id', made.event!, '--out', made.pack!], code: 1 },
  ],
  // Not configured here: it refuses (exit 1) and must still change nothing.
  'replication status': [{ args: () => ['replication', 'status'], code: 1 }],
  doctor: [{ args: () => ['doctor'] }],
  restore: [{ args: () => ['restore', '--check', made.backup!], code: 0 }],
};

type Write = {
  args: () => string[];
  action: string;
  /** The data directory whose log gains the entry, and the entries it held before (default: the acting one's). */
  into?: () => string;
  base?: () => Promise<Entry[]>;
};
/** Commands that change state, in the order they are run: each must add exactly one entry, by the OS user. */
const WRITES: Record<string, Write[]> = {
  'tenant create': [
    { args: () => ['tenant', 'create', '--name', 'New', '--domain', 'cmd-new.test'], action: 'tenant.create' },
  ],
  'tenant set-plan': [{ args: () => ['tenant', 'set-plan', 'ops.test', 'enterprise'], action: 'tenant.set_plan' }],
  'tenant set-past-due': [{ args: () => ['tenant', 'set-past-due', 'ops.test', 'on'], action: 'tenant.set_past_due' }],
  'tenant verify-domain': [
    { args: () => ['tenant', 'verify-domain', 'ops.test', '--force'], action: 'tenant.verify_domain' },
  ],
  'tenant rotate-key': [{ args: () => ['tenant', 'rotate-key', 'ops.test'], action: 'tenant.rotate_key' }],
  'key create': [
    {
      args: () => ['key', 'create', '--tenant', 'ops.test', '--name', 'k', '--scopes', 'read,admin'],
      action: 'key.create',
    },
  ],
  'key revoke': [{ args: () => ['key', 'revoke', made.key!], action: 'key.revoke' }],
  'admin-token create': [{ args: () => ['admin-token', 'create', '--name', 'ci'], action: 'operator_token.create' }],
  'admin-token revoke': [{ args: () => ['admin-token', 'revoke', made.token!], action: 'operator_token.revoke' }],
  'retention run': [{ args: () => ['retention', 'run'], action: 'retention.run' }],
  'exports clean': [
    // Two days ahead: the ready export's 24-hour window has closed by then, so its file goes.
    {
      args: () => ['exports', 'clean', '--as-of', new Date(Date.now() + 2 * 86_400_000).toISOString()],
      action: 'exports.clean',
    },
  ],
  'witness add-log': [
    { args: () => ['witness', 'add-log', '--origin', made.origin!, '--vkey', made.vkey!], action: 'witness.add_log' },
  ],
  'issuer add': [
    {
      args: () => ['issuer', 'add', '--tenant', 'ops.test', '--iss', 'https://ops.issuer', '--key', made.issuerKey!],
      action: 'issuer.add',
    },
  ],
  'issuer revoke': [
    {
      args: () => ['issuer', 'revoke', '--tenant', 'ops.test', '--iss', 'https://ops.issuer'],
      action: 'issuer.revoke',
    },
  ],
  // With the master key, so that the restore below needs nothing else.
  backup: [{ args: () => ['backup', '--to', made.backup!, '--include-master-key'], action: 'backup' }],
  restore: [
    {
      args: () => ['--data-dir', made.restored!, 'restore', '--from', made.backup!],
      action: 'restore',
      into: () => made.restored!,
      // The restored log is the backed-up one as it was before the backup's own entry, then the restore's.
      base: async () => (await log()).slice(0, -1),
    },
  ],
};
/** Long-running commands, checked by what they do: `serve` (its first start's entries) and `console` (its actions). */
const LONG_RUNNING = ['serve', 'console'];

let s: Server;
beforeAll(async () => {
  s = await startServer({ dataDir: dir });
  // Something for every command to act on: a tenant, an audit org with events and a ready export, a saved proof.
  expect((await svc(['--data-dir', dir, 'tenant', 'create', '--name', 'Ops', '--domain', 'ops.test'])).code).toBe(0);
  const key = s.apiKey;
  expect((await call(s, 'POST', '/v1/audit/orgs', { key, body: { organization_id: 'cmd-org' } })).status).toBe(201);
  const ev = await call(s, 'POST', '/v1/audit/events', {
    key,
    headers: { 'idempotency-key': 'cmd-1' },
    body: { organization_id: 'cmd-org', action: 'doc.edit', actor: { type: 'user', id: 'u1' } },
  });
  expect(ev.status).toBe(201);
  const job = await call(s, 'POST', '/v1/audit/exports', { key, body: { organization_id: 'cmd-org', format: 'csv' } });
  expect(job.status).toBe(202);
  await until(async () => (await call(s, 'GET', `/v1/audit/exports/${job.body.id}`, { key })).body.status === 'ready');
  const led = await call(s, 'POST', '/v1/events', { key, body: { event_type: 'cmd.test', payload: { a: 1 } } });
  expect(led.status).toBe(201);
  const proof = await until(async () => {
    const r = await call(s, 'GET', `/v1/proof/event/${led.body.event_id}`);
    return r.status === 200 && r.text;
  });
  made.event = led.body.event_id;
  made.pack = join(ownedDir(), 'pack.zip');
  made.proofFile = join(ownedDir(), 'proof.json');
  writeFileSync(made.proofFile, proof);
  const w = testLog('cmd.test/log');
  made.origin = w.origin;
  made.vkey = w.vkey;
  made.issuerKey = join(ownedDir(), 'issuer.pem');
  writeFileSync(
    made.issuerKey,
    generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }) as string,
  );
  made.backup = join(ownedDir(), 'backup');
  made.restored = join(ownedDir(), 'restored');
  // Nothing runs in the background from here on: every change to the store is a command's.
  await s.stop();
  rmSync(join(dir, 'bootstrap-api-key'), { force: true });
}, 120_000);
afterAll(() => {
  kill();
  cleanupDirs();
});

describe('the first start', () => {
  it('records the bootstrap tenant and its key as operator-log entries by the OS user, without the key itself', async () => {
    const entries = await log();
    const [t, k] = entries;
    expect([t!.entry.action, k!.entry.action]).toEqual(['tenant.create', 'key.create']);
    expect([t!.entry.by, k!.entry.by]).toEqual([osUserName, osUserName]);
    const tenants = (await svc(['--data-dir', dir, 'tenant', 'list'])).json.tenants;
    const bootstrap = tenants.find((x: { primary_domain: string }) => x.primary_domain === 'localhost');
    expect(t!.entry.target).toEqual({ tenant_id: bootstrap.tenant_id });
    expect(k!.entry.target.tenant_id).toBe(bootstrap.tenant_id);
    expect(JSON.stringify(entries)).not.toContain(s.apiKey);
    expect(JSON.stringify(entries)).not.toContain('svc_live_');
  });
});

describe('the CLI command table', () => {
  it('classifies every command: read-only, state-changing or long-running, and names no command the table lacks', () => {
    const classified = [...Object.keys(READ_ONLY), ...Object.keys(WRITES), ...LONG_RUNNING];
    expect(Object.keys(commands).filter((c) => !classified.includes(c))).toEqual([]);
    expect(classified.filter((c) => !(c in commands))).toEqual([]);
    // The table's own mark, which a replicated node's refusal without PostgreSQL reads, agrees with this list.
    expect(
      Object.keys(commands)
        .filter((c) => commands[c]!.writes)
        .sort(),
    ).toEqual(Object.keys(WRITES).sort());
  });

  it('each state-changing command adds exactly one entry, by the OS user, naming what it did', async () => {
    for (const [name, runs] of Object.entries(WRITES)) {
      for (const run of runs) {
        const into = run.into?.() ?? dir;
        const before = run.base ? await run.base() : await log(into);
        const source = await storeDigest();
        const args = run.args();
        const r = await svc(args[0] === '--data-dir' ? args : ['--data-dir', dir, ...args]);
        expect([name, r.code, r.code ? r.stderr : '']).toEqual([name, 0, '']);
        const after = await log(into);
        expect([name, after.slice(0, -1)]).toEqual([name, before]);
        expect([name, after.at(-1)!.entry.action, after.at(-1)!.entry.by]).toEqual([name, run.action, osUserName]);
        // It did change the store it acted on (so the entry is not all it did, nor did it do nothing).
        if (into === dir) expect([name, await storeDigest()]).not.toEqual([name, source]);
        if (name === 'key create') made.key = r.json.key_id;
        if (name === 'admin-token create') made.token = r.json.token_id;
        if (name === 'exports clean') {
          expect(r.json.exports_removed).toBeGreaterThanOrEqual(1);
          expect(readdirSync(join(dir, 'exports')).filter((f) => f.endsWith('.csv'))).toEqual([]);
          expect(after.at(-1)!.entry).toEqual(
            expect.objectContaining({ details: expect.objectContaining({ exports_removed: r.json.exports_removed }) }),
          );
        }
      }
    }
  }, 180_000);

  it('read-only commands leave every byte of the store as it was', async () => {
    const before = await storeDigest();
    const n = (await log()).length;
    for (const [name, runs] of Object.entries(READ_ONLY)) {
      for (const run of runs) {
        const r = await svc(['--data-dir', dir, ...run.args()]);
        if (run.code !== undefined) expect([name, r.code, r.code ? r.stderr : '']).toEqual([name, run.code, r.stderr]);
        expect([name, await storeDigest()]).toEqual([name, before]);
      }
    }
    expect((await log()).length).toBe(n);
  }, 120_000);
});

// ---- The console: its actions are the operatorActions calls in tui/, each driven here through tmux. ----

const { open: openConsole, screen, keys, type, waitFor: waitOn, kill } = consoleDriver(`svc-cmds-${process.pid}`);
const waitFor = (test: (screen: string) => unknown) => waitOn(test, 20_000);

/** Each console action (the operatorActions method it calls), how an operator runs it, and the entry it must add. */
const CONSOLE: Record<string, { action: string; run: () => Promise<unknown> }> = {
  createTenant: {
    action: 'tenant.create',
    run: async () => {
      keys('1');
      keys('n');
      await waitFor((t) => t.includes('New tenant'));
      type('Console Co');
      keys('Tab');
      type('console.test');
      keys('Enter');
      return waitFor((t) => t.includes('created tenant Console Co'));
    },
  },
  setPlan: {
    action: 'tenant.set_plan',
    run: async () => {
      keys('p');
      await waitFor((t) => t.includes('Plan of Console Co'));
      keys('Right');
      keys('Enter');
      return waitFor((t) => t.includes('Console Co: plan enterprise'));
    },
  },
  setPastDue: {
    action: 'tenant.set_past_due',
    run: async () => {
      keys('d');
      await waitFor((t) => t.includes('Mark Console Co past due?'));
      keys('y');
      return waitFor((t) => t.includes('Console Co: past due'));
    },
  },
  verifyDomain: {
    action: 'tenant.verify_domain',
    run: async () => {
      keys('v');
      await waitFor((t) => t.includes('Verify console.test'));
      keys('Right');
      keys('Enter');
      return waitFor((t) => t.includes('console.test verified at'));
    },
  },
  rotateKey: {
    action: 'tenant.rotate_key',
    run: async () => {
      keys('r');
      await waitFor((t) => t.includes('Rotate the signing key of Console Co?'));
      keys('y');
      return waitFor((t) => t.includes('Console Co: new signing key'));
    },
  },
  createApiKey: {
    action: 'key.create',
    run: async () => {
      keys('2');
      await waitFor((t) => t.includes('API keys of Console Co'));
      keys('n');
      await waitFor((t) => t.includes('New API key for Console Co'));
      type('console-key');
      keys('Enter');
      await waitFor((t) => t.includes('shown once'));
      keys('Enter');
      return waitFor((t) => !t.includes('shown once') && /> console-key/.test(t));
    },
  },
  revokeApiKey: {
    action: 'key.revoke',
    run: async () => {
      keys('x');
      await waitFor((t) => t.includes('Revoke "console-key"'));
      keys('y');
      return waitFor((t) => /> console-key .*REVOKED/.test(t));
    },
  },
};

const tuiFiles = [...new Glob('tui/**/*.ts').scanSync({ cwd: ROOT })].sort();
const tuiText = (f: string) => readFileSync(join(ROOT, f), 'utf8');

describe('the console', () => {
  it('changes state only through the operator actions: each one it calls is driven here', () => {
    const called = new Set(
      tuiFiles.flatMap((f) => [...tuiText(f).matchAll(/operatorActions\.(\w+)\(/g)].map((m) => m[1]!)),
    );
    expect([...called].sort()).toEqual(Object.keys(CONSOLE).sort());
    // The functions the operator actions wrap (imported by src/operator-actions/actions.ts from the areas) are
    // never called by the console directly: a console change that bypassed the log would need one of them.
    const actions = readFileSync(join(ROOT, 'src/operator-actions/actions.ts'), 'utf8');
    const wrapped = [
      ...actions.matchAll(/^import \{([^}]+)\} from '\.\.\/(?!config|store|replication|api|tlog)[^']+';$/gm),
    ]
      .flatMap((m) => m[1]!.split(','))
      .map((x) => x.trim())
      .filter((x) => x && !x.startsWith('type ') && x !== 'findTenant');
    expect(wrapped.length).toBeGreaterThan(10);
    const bypass = tuiFiles.flatMap((f) =>
      [...tuiText(f).matchAll(/^import \{([^}]+)\} from '[^']+';$/gm)]
        .flatMap((m) => m[1]!.split(',').map((x) => x.trim()))
        .filter((x) => wrapped.includes(x))
        .map((x) => `${f}: ${x}`),
    );
    expect(bypass).toEqual([]);
  });

  it('each console action adds exactly one entry, by the OS user', async () => {
    openConsole(dir);
    await waitFor((t) => t.includes('[1 Tenants]'));
    for (const [name, { action, run }] of Object.entries(CONSOLE)) {
      const n = (await log()).length;
      await run();
      const after = await until(async () => {
        const l = await log();
        return l.length > n && l;
      });
      expect([name, after.length]).toEqual([name, n + 1]);
      expect([name, after.at(-1)!.entry.action, after.at(-1)!.entry.by]).toEqual([name, action, osUserName]);
    }
    keys('q');
    expect(screen()).not.toMatch(/svc_live_/);
  }, 180_000);
});
