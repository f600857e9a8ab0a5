// The operator log in the console, driven through tmux at 80x24: CLI and console commands both appear on its screen, and `v` verifies it.
import { afterAll, describe, expect, it } from 'bun:test';
import { cleanup, cli, ROOT, tempDir, until } from '../helpers';

const dir = tempDir('svc-console-op-');
const socket = `svc-console-op-${process.pid}`;
const T = 30000;

const tmux = (...args: string[]): string =>
  Bun.spawnSync(['tmux', '-L', socket, ...args], { stdout: 'pipe', stderr: 'pipe' }).stdout.toString();
const screen = () => tmux('capture-pane', '-p', '-t', 'console');
const keys = (...k: string[]) => void tmux('send-keys', '-t', 'console', ...k);
const type = (text: string) => void tmux('send-keys', '-t', 'console', '-l', text);
async function waitFor(test: (screen: string) => unknown): Promise<string> {
  let last = '';
  try {
    return await until(
      () => {
        last = screen();
        return test(last) ? last : null;
      },
      15000,
      50,
    );
  } catch {
    throw new Error(`screen never matched; it showed:\n${last}`);
  }
}

afterAll(() => {
  tmux('kill-server');
  cleanup(dir);
});

describe('console: Operator screen', () => {
  it(
    'lists the CLI commands, records a key made in the console, and verifies the log with v',
    async () => {
      expect((await cli(dir, 'tenant', 'create', '--name', 'Gamma', '--domain', 'gamma.test')).code).toBe(0);
      expect((await cli(dir, 'tenant', 'set-plan', 'gamma.test', 'enterprise')).code).toBe(0);
      const env = `PATH=${process.env.PATH} SVC_LOG_LEVEL=warn`;
      tmux(
        'new-session',
        '-d',
        '-s',
        'console',
        '-x',
        '80',
        '-y',
        '24',
        `cd ${ROOT} && env ${env} ${process.execPath} tui/index.ts --data-dir ${dir}`,
      );
      await waitFor((t) => t.includes('gamma.test'));
      keys('2');
      await waitFor((t) => t.includes('API keys of Gamma'));
      keys('n');
      await waitFor((t) => t.includes('New API key for Gamma'));
      type('console-key');
      keys('Enter');
      await waitFor((t) => t.includes('shown once'));
      keys('Enter');
      keys('5');
      const shown = await waitFor((t) => t.includes('[5 Operator]') && t.includes('key.create'));
      expect(shown).toMatch(/0 .*tenant\.create/);
      expect(shown).toMatch(/1 .*tenant\.set_plan/);
      expect(shown).toMatch(/2 .*key\.create/);
      expect(shown).not.toMatch(/svc_live_/);
      const lines = shown.trimEnd().split('\n');
      expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
      // No server runs: no checkpoint yet, and the entries still check against their stored leaves.
      keys('v');
      await waitFor((t) => t.includes('VERIFIED: 3 entries') && t.includes('no checkpoint signed yet'));
      keys('Enter');
      keys('q');
      const log = await cli(dir, 'operator', 'log');
      expect(log.json.map((e: { entry: { action: string } }) => e.entry.action)).toEqual([
        'tenant.create',
        'tenant.set_plan',
        'key.create',
      ]);
    },
    T,
  );
});
