// The operator log in the console, driven through tmux at 80x24: CLI and console commands both appear on its screen, and `v` verifies it.
import { afterAll, describe, expect, it } from 'bun:test';
import { cleanup, cli, tempDir } from '../helpers';
import { consoleDriver } from '../console-driver';

const dir = tempDir('svc-console-op-');
const socket = `svc-console-op-${process.pid}`;
const T = 30000;

const { open, keys, type, waitFor, kill } = consoleDriver(socket);

afterAll(() => {
  kill();
  cleanup(dir);
});

describe('console: Operator screen', () => {
  it(
    'lists the CLI commands, records a key made in the console, and verifies the log with v',
    async () => {
      expect((await cli(dir, 'tenant', 'create', '--name', 'Gamma', '--domain', 'gamma.test')).code).toBe(0);
      expect((await cli(dir, 'tenant', 'set-plan', 'gamma.test', 'enterprise')).code).toBe(0);
      open(dir);
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
