// The CLI's manners: --help on the program, each group and every command (exit 0); an unknown command, flag or flag
// value refused with exit 2 and one line on stderr, nothing done; one JSON error shape; --version everywhere (CLI,
// GET /healthz, the metric) agreeing with package.json.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import pkg from '../../package.json' with { type: 'json' };
import { call, cleanupDirs, ownedDir, ROOT, runCommand, startServer, type Server } from '../helpers';

const run = (args: string[], entry = 'src/cli/index.ts') =>
  runCommand(['bun', entry, ...args], { cwd: ROOT, env: { ...process.env, SVC_LOG_LEVEL: 'warn' } });

/** Every file under `dir` with its size and modification time: what "nothing changed" is checked against. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(dir, { recursive: true }) as string[]) {
    const st = statSync(join(dir, f));
    out[f] = `${st.size}:${st.mtimeMs}`;
  }
  return out;
}

let s: Server;
let data: string;
let commands: Array<{ command: string; usage: string; flags: Array<{ name: string }> }>;

beforeAll(async () => {
  // A data directory no server runs on: a running server writes its status every second.
  data = ownedDir();
  await (await startServer({ dataDir: data })).stop();
  s = await startServer({ dataDir: ownedDir() });
  commands = (await run(['--help', '--json'])).json.commands;
}, 60000);
afterAll(async () => {
  await s.stop();
  cleanupDirs();
});

/** Runs `cases` in parallel pairs (the machine is shared), each as `check` says. */
async function each<T>(cases: T[], check: (c: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < cases.length; i += 2) await Promise.all(cases.slice(i, i + 2).map(check));
}

describe('--help', () => {
  it('lists every command with its usage, exit 0', async () => {
    expect(commands.map((c) => c.command)).toEqual(
      expect.arrayContaining(['tenant create', 'key create', 'retention run', 'doctor', 'serve', 'console', 'verify']),
    );
    const text = await run(['--help']);
    expect(text.code).toBe(0);
    for (const c of commands) expect(text.stdout).toContain(`  ${c.command} `);
    expect(text.stdout).toContain('--version');
  });

  it('answers for every command with its usage and every flag it takes (exit 0, nothing on stderr)', async () => {
    await each(commands, async (c) => {
      const r = await run([...c.command.split(' '), '--help']);
      expect({ c: c.command, code: r.code, stderr: r.stderr }).toEqual({ c: c.command, code: 0, stderr: '' });
      expect(r.stdout).toStartWith(`Usage: ${c.usage}\n`);
      for (const f of c.flags) expect(r.stdout).toContain(`--${f.name}`);
    });
  }, 180000);

  it('answers for a group alone, for `help COMMAND`, and for the console entry', async () => {
    const group = await run(['tenant', '--help']);
    expect(group.code).toBe(0);
    expect(group.stdout).toContain('tenant set-plan');
    expect(group.stdout).not.toContain('key create');
    const help = await run(['help', 'key', 'create']);
    expect([help.code, help.stdout.split('\n')[0]]).toEqual([0, expect.stringContaining('key create --tenant TENANT')]);
    const consoleHelp = await run(['--help'], 'tui/index.ts');
    expect([consoleHelp.code, consoleHelp.stdout]).toEqual([0, expect.stringContaining('Usage: npm run console')]);
  }, 60000);
});

describe('usage errors: exit 2, one line on stderr, nothing done', () => {
  const refused = async (args: string[], says: RegExp) => {
    const r = await run(['--data-dir', data, ...args]);
    expect({ args, code: r.code, lines: r.stderr.trim().split('\n').length }).toEqual({ args, code: 2, lines: 1 });
    expect(r.stderr).toStartWith('error: ');
    expect(r.stderr).toMatch(says);
    expect(r.stdout).toBe('');
    const j = await run(['--data-dir', data, '--json', ...args]);
    expect({ args, code: j.code, json: j.json }).toEqual({
      args,
      code: 2,
      json: { error: 'usage', message: expect.stringMatching(says) },
    });
  };

  it('refuses an unknown flag on every command, before the data directory is touched', async () => {
    const before = snapshot(data);
    await each(commands, async (c) => {
      await refused([...c.command.split(' '), '--no-such-flag'], /unknown flag --no-such-flag for svc /);
    });
    await refused(['retention', 'run', '--dry-run', 'yes'], /unknown flag --dry-run/);
    expect(snapshot(data)).toEqual(before);
  }, 240000);

  it('refuses flag and argument values a command does not take', async () => {
    const before = snapshot(data);
    const cases: Array<[string[], RegExp]> = [
      [['tenant', 'create', '--name', 'A', '--domain', 'a.test', '--plan', 'platinum'], /--plan must be one of/],
      [['tenant', 'set-plan', 'default', 'platinum'], /PLAN must be one of free, builder, enterprise/],
      [['tenant', 'set-past-due', 'default', 'yes'], /must be one of on, off/],
      [['tenant', 'verify-domain', 'default', '--force=yes'], /--force takes no value/],
      [['key', 'create', '--tenant', 'default', '--name', 'k', '--scopes', 'read,root'], /--scopes: scopes are/],
      [
        ['key', 'create', '--tenant', 'default', '--name', 'k', '--scopes', 'read', '--allow-ip', '10.0.0.0/99'],
        /CIDR/,
      ],
      [['retention', 'run', '--as-of', 'tomorrow'], /--as-of: not an RFC 3339 timestamp/],
      [['exports', 'clean', '--as-of', '2030-13-01T00:00:00Z'], /--as-of: not an RFC 3339 timestamp/],
      [['operator', 'log', '--from', '-1'], /--from: takes an integer/],
      [['operator', 'log', '--limit', '0'], /--limit: takes an integer from 1/],
      [['operator', 'log', '--limit'], /--limit needs a value/],
      [['tenant', 'list', '--json=yes'], /--json takes no value/],
      [['tenant', 'show'], /needs TENANT/],
      [['tenant', 'show', 'default', 'extra'], /unexpected argument "extra"/],
      [['key', 'list'], /needs --tenant TENANT/],
      [['tenant', 'list', '--tenant', 'x', '--tenant', 'y'], /unknown flag --tenant/],
      [['key', 'list', '--tenant', 'x', '--tenant', 'y'], /--tenant given twice/],
      [['restore', '--from', 'a', '--check', 'b'], /either --from DIR or --check DIR/],
      [['verify', 'f.json', '--cacert', 'c.pem'], /--cacert goes with --checkpoint/],
      [['tenant'], /svc tenant needs a subcommand: create, list/],
      [['tenant', 'destroy'], /unknown command "tenant destroy"/],
      [['frobnicate'], /unknown command "frobnicate"/],
      [[], /no command given/],
      [['-x'], /unknown flag -x/],
    ];
    await each(cases, ([args, says]) => refused(args, says));
    expect(snapshot(data)).toEqual(before);
  }, 240000);

  it('a refusal by the command itself is exit 1 with the same error shape', async () => {
    const r = await run(['--data-dir', data, '--json', 'tenant', 'show', 'nobody.test']);
    expect(r.code).toBe(1);
    expect(r.json).toEqual({ error: 'not_found', message: expect.stringContaining('nobody.test') });
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^error: not_found: /)]);
  });
});

describe('--version', () => {
  it("is the same in the CLI (any command), GET /healthz and proof_ledger_build_info, and is package.json's", async () => {
    const plain = await run(['--version']);
    expect([plain.code, plain.stdout]).toEqual([0, `proof-ledger ${pkg.version}\n`]);
    expect((await run(['tenant', 'list', '--version', '--json'])).json).toEqual({ version: pkg.version });
    expect((await run(['--version'], 'tui/index.ts')).stdout).toBe(`proof-ledger ${pkg.version}\n`);
    expect((await call(s, 'GET', '/healthz')).body).toEqual({ status: 'ok', version: pkg.version });
    const text = await (await fetch(`http://127.0.0.1:${s.metricsPort}/metrics`)).text();
    const info = parsePrometheusTextFormat(text).find((f) => f.name === 'proof_ledger_build_info');
    expect(info?.metrics).toEqual([{ labels: { version: pkg.version }, value: '1' }]);
  }, 60000);
});
