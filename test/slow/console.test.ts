// The operator console driven as an operator would: keys sent through tmux, the 80x24 screen read back.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createPublicKey, verify as cryptoVerify } from 'node:crypto';
import { open } from 'lmdb';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, cleanup, newTenant, ROOT, startServer, tempDir, until, type Server } from '../helpers';

const dir = tempDir('svc-console-');
const socket = `svc-console-test-${process.pid}`;
const KEY = /svc_live_[A-Za-z0-9_-]{43}/;
const T = 30000; // each step waits on a separate console process
let s: Server;
let alpha: Awaited<ReturnType<typeof newTenant>>;
const ledgerIds: { good: string; altered: string } = { good: '', altered: '' };

const tmux = (...args: string[]): string => {
  const p = Bun.spawnSync(['tmux', '-L', socket, ...args], { stdout: 'pipe', stderr: 'pipe' });
  return p.stdout.toString();
};
/** Runs `cmd` in a detached 80x24 session; its exit status lands in DIR/NAME.rc. */
function openConsole(name: string, cmd: string): string {
  const rc = join(dir, `${name}.rc`);
  const env = `PATH=${process.env.PATH} SVC_LOG_LEVEL=warn`;
  tmux(
    'new-session',
    '-d',
    '-s',
    name,
    '-x',
    '80',
    '-y',
    '24',
    `cd ${ROOT} && env ${env} ${process.execPath} ${cmd} --data-dir ${dir}; echo $? > ${rc}`,
  );
  return rc;
}
const screen = (name = 'console') => tmux('capture-pane', '-p', '-t', name);
const keys = (...k: string[]) => void tmux('send-keys', '-t', 'console', ...k);
const type = (text: string) => void tmux('send-keys', '-t', 'console', '-l', text);
/** Polls the screen until `test` holds; the error names what was on screen. */
async function waitFor(test: (screen: string) => unknown, name = 'console'): Promise<string> {
  let last = '';
  try {
    return await until(
      () => {
        last = screen(name);
        return test(last) ? last : null;
      },
      15000,
      50,
    );
  } catch {
    throw new Error(`screen never matched; it showed:\n${last}`);
  }
}

const auditIngest = (org: string, i: number) =>
  call(s, 'POST', '/v1/audit/events', {
    key: alpha.key,
    headers: { 'idempotency-key': `c-${i}` },
    body: { organization_id: org, action: 'doc.edit', actor: { type: 'user', id: `u${i}` } },
  });

// Loopback is allowlisted so that a stream can point at a closed local port and fail (health shows its state and lag).
const serverEnv = { SVC_STREAM_ALLOW_CIDRS: '127.0.0.1/32' };

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: serverEnv });
  alpha = await newTenant(dir, 'alpha.test', 'read,write,audit:read,audit:write', 'enterprise');
  await newTenant(dir, 'beta.test', 'read', 'free');
  expect((await call(s, 'POST', '/v1/audit/orgs', { key: alpha.key, body: { organization_id: 'holey' } })).status).toBe(
    201,
  );
  for (let i = 1; i <= 10; i++) expect((await auditIngest('holey', i)).status).toBe(201);
  await until(async () => (await call(s, 'GET', '/v1/audit/orgs/holey', { key: alpha.key })).body.last_seq === 10);
  for (const which of ['good', 'altered'] as const) {
    const ev = await call(s, 'POST', '/v1/events', {
      key: alpha.key,
      body: { event_type: 'order.created', payload: { which } },
    });
    expect(ev.status).toBe(201);
    ledgerIds[which] = ev.body.event_id;
    await until(
      async () => (await call(s, 'GET', `/v1/events/${ev.body.event_id}`, { key: alpha.key })).status === 200,
    );
  }
  // Changes behind the server's back, as an intruder with file access would make them:
  // one audit row removed (a hole), one ledger row's payload rewritten.
  await s.stop();
  const env = open({ path: join(dir, 'db'), overlappingSync: false, maxDbs: 64 });
  const audit = env.openDB({
    name: 'audit_events',
    keyEncoding: 'ordered-binary',
    sharedStructuresKey: Symbol.for('structures'),
  });
  const ledger = env.openDB({
    name: 'ledger_events',
    keyEncoding: 'ordered-binary',
    sharedStructuresKey: Symbol.for('structures'),
  });
  await env.transaction(() => {
    audit.removeSync([alpha.tenantId, 'holey', 4]);
    ledger.putSync(ledgerIds.altered, { ...ledger.get(ledgerIds.altered), payload: { which: 'forged' } });
  });
  await env.close();
  s = await startServer({ dataDir: dir, env: serverEnv });
  expect(
    (await call(s, 'POST', '/v1/audit/orgs', { key: alpha.key, body: { organization_id: 'streamed' } })).status,
  ).toBe(201);
  const stream = await call(s, 'POST', '/v1/audit/orgs/streamed/streams', {
    key: alpha.key,
    body: { type: 'webhook', url: 'https://127.0.0.1:9/hook' },
  });
  expect(stream.status).toBe(201);
  for (let i = 11; i <= 13; i++) expect((await auditIngest('streamed', i)).status).toBe(201);
}, 60000);

afterAll(async () => {
  tmux('kill-server');
  await s.stop();
  cleanup(dir);
});

describe("npm run console (tui/index.ts) against the running server's data dir", () => {
  let rc = '';
  let apiKey = '';

  it(
    'lists the tenants made with the CLI, with plan and quota use',
    async () => {
      rc = openConsole('console', 'tui/index.ts');
      const shown = await waitFor((t) => t.includes('alpha.test') && t.includes('beta.test'));
      expect(shown).toContain('[1 Tenants]');
      expect(shown).toMatch(/alpha\.test\s+alpha\.test\s+enterprise\s+no\s+no\s+2\/unl/); // the two ledger events made above
      expect(shown).toMatch(/beta\.test\s+beta\.test\s+free\s+no\s+no\s+0\/1k/);
      expect(shown).toMatch(/default\s+localhost\s+builder/);
      const lines = shown.trimEnd().split('\n');
      expect(lines.length).toBeLessThanOrEqual(24);
      expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
    },
    T,
  );

  it(
    'creates an API key whose plaintext, shown once, the HTTP API accepts',
    async () => {
      keys('/');
      type('alpha');
      keys('Enter');
      await waitFor((t) => t.includes('filter "alpha"'));
      keys('Enter');
      await waitFor((t) => t.includes('API keys of alpha.test'));
      keys('n');
      await waitFor((t) => t.includes('New API key for alpha.test'));
      type('console-key');
      keys('Enter');
      const dialog = await waitFor((t) => t.includes('shown once') && KEY.test(t));
      apiKey = KEY.exec(dialog)![0];
      const r = await call(s, 'GET', '/v1/events', { key: apiKey });
      expect(r.status).toBe(200);
      // The dialog must be dismissed with Enter: Escape leaves it up. Keys are handled in order, so once Enter has
      // closed it, Escape and `n` were handled before; had Escape closed it, `n` would have opened the new-key form.
      keys('Escape');
      keys('n');
      keys('Enter');
      const after = await waitFor((t) => !t.includes('shown once'));
      expect(after).not.toContain('New API key for');
      expect(after).not.toMatch(KEY);
      // LAST USED is '-' or the time of the request above, depending on when the server flushed it.
      expect(after).toMatch(/> console-key\s+read write\s+any\s+(-|\d{4}-\d{2}-\d{2} \d{2}:\d{2})\s+active/);
    },
    T,
  );

  it(
    'revokes the key after confirmation; the next HTTP request answers api_key_revoked',
    async () => {
      keys('x');
      await waitFor((t) => t.includes('Revoke "console-key"'));
      keys('n');
      await waitFor((t) => !t.includes('Revoke "console-key"'));
      expect((await call(s, 'GET', '/v1/events', { key: apiKey })).status).toBe(200);
      keys('x');
      await waitFor((t) => t.includes('Revoke "console-key"'));
      keys('y');
      await waitFor((t) => /> console-key .*REVOKED/.test(t));
      const r = await call(s, 'GET', '/v1/events', { key: apiKey });
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('api_key_revoked');
      expect(screen()).not.toMatch(KEY);
    },
    T,
  );

  it(
    'scans an audit org with a hole and shows the gap',
    async () => {
      keys('3');
      await waitFor((t) => t.includes('Tenant alpha.test') && /> holey\s+10/.test(t) && /streamed\s+3/.test(t));
      keys('Enter');
      const report = await waitFor((t) => t.includes('scanned in') && t.includes('100%'));
      expect(report).toContain('Hot rows seq 1-10: 9 of 10');
      expect(report).toContain('CONTIGUOUS: NO, 1 gap(s)');
      expect(report).toContain('missing seq 4');
    },
    T,
  );

  const verify = async (id: string, done: RegExp) => {
    keys('v');
    await waitFor((t) => t.includes('Verify an event'));
    type(id);
    keys('Enter');
    return waitFor((t) => t.includes(id) && done.test(t));
  };

  it(
    'verifies a ledger event by id with the rules svc verify runs, against the published keys, as node:crypto does',
    async () => {
      const ok = await verify(ledgerIds.good, /checks passed/);
      expect(ok).toMatch(/ {2}VERIFIED\s*$/m);
      expect(ok).toContain(', published for alpha.test');
      expect(ok).not.toContain('[FAIL]');
      const proof = (await call(s, 'GET', `/v1/proof/event/${ledgerIds.good}`)).body;
      const spki = Buffer.concat([
        Buffer.from('302a300506032b6570032100', 'hex'),
        Buffer.from(proof.public_key, 'hex'),
      ]);
      const pub = createPublicKey({ key: spki, format: 'der', type: 'spki' });
      expect(
        cryptoVerify(null, Buffer.from(proof.signed_payload, 'hex'), pub, Buffer.from(proof.signature, 'hex')),
      ).toBe(true);
    },
    T,
  );

  it(
    'reports a ledger row whose payload was rewritten as NOT VERIFIED',
    async () => {
      const bad = await verify(ledgerIds.altered, /NOT VERIFIED/);
      // The signature still covers the original bytes: what fails is the payload against the signed payload_hash.
      expect(bad).toContain('[FAIL] record.payload: SHA-256 of the canonica');
      expect(bad).not.toContain('[FAIL] record.signature');
    },
    T,
  );

  it(
    'verifies an audit event by id',
    async () => {
      const events = await call(s, 'GET', '/v1/audit/events?organization_id=holey&limit=1', { key: alpha.key });
      const auditId = events.body.events[0].id as string;
      const audit = await verify(auditId, /checks passed/);
      expect(audit).toMatch(/ {2}VERIFIED\s*$/m);
      expect(audit).toContain(', published for alpha.test');
      expect(audit).not.toContain('[FAIL]');
    },
    T,
  );

  it(
    'shows health figures live',
    async () => {
      keys('4');
      const h = await waitFor((t) => t.includes('Write backlog') && t.includes('ledger rows/s written'));
      expect(h).toMatch(/\d+ writes in flight/);
      expect(h).toMatch(/Certificate\s+expires \d{4}-\d\d-\d\d/);
      expect(h).toContain(`Data dir        ${dir}`);
      // The stream cannot reach its receiver: failing, 3 events behind.
      await waitFor((t) => /alpha\.test\s+streamed\s+FAILING\s+3 ev/.test(t));
    },
    T,
  );

  it(
    'q quits with exit status 0',
    async () => {
      keys('q');
      await until(() => existsSync(rc) && readFileSync(rc, 'utf8').trim() !== '');
      expect(readFileSync(rc, 'utf8').trim()).toBe('0');
    },
    T,
  );
});

describe('npm run svc -- console', () => {
  it(
    'opens the same console and quits with 0',
    async () => {
      const rc = openConsole('cli', 'src/cli/index.ts console');
      await waitFor((t) => t.includes('[1 Tenants]') && t.includes('alpha.test'), 'cli');
      tmux('send-keys', '-t', 'cli', 'q');
      await until(() => existsSync(rc) && readFileSync(rc, 'utf8').trim() !== '');
      expect(readFileSync(rc, 'utf8').trim()).toBe('0');
    },
    T,
  );
});
