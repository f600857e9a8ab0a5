// Configuration at boot: the config file's problems and a bad retention schedule are listed with every other
// problem, integers are parsed strictly, and nothing reads the environment outside src/config.ts or after boot.
import { afterAll, describe, expect, it } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';

const dir = mkdtempSync(join(tmpdir(), 'svc-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ROOT = join(import.meta.dir, '..', '..');

const file = (name: string, text: string): string => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};
/** The list of problems loadConfig reports (one Error, problems separated by "; "). */
const problems = (env: Record<string, string>): string[] => {
  try {
    loadConfig({ SVC_DATA_DIR: dir, ...env });
  } catch (e) {
    return (e as Error).message.replace(/^configuration: /, '').split('; ');
  }
  return [];
};

describe('SVC_TRUSTED_PROXIES', () => {
  it('takes comma-separated CIDRs and bare addresses, none by default', () => {
    expect(loadConfig({ SVC_DATA_DIR: dir }).trustedProxies).toEqual([]);
    expect(
      loadConfig({ SVC_DATA_DIR: dir, SVC_TRUSTED_PROXIES: ' 10.0.0.0/8, 127.0.0.1,fd00::/8 ' }).trustedProxies,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8']);
  });
  it('lists every entry that is not a CIDR or an address', () => {
    expect(problems({ SVC_TRUSTED_PROXIES: '10.0.0.0/33,proxy.local,10.1.0.0/16' })).toEqual([
      'SVC_TRUSTED_PROXIES: 10.0.0.0/33 is not a CIDR or an IP address',
      'SVC_TRUSTED_PROXIES: proxy.local is not a CIDR or an IP address',
    ]);
  });
  it('makes SVC_TLS=off without trusted proxies a boot problem naming the variable, listed with the others', () => {
    for (const off of ['off', 'OFF', '0', 'false']) {
      const p = problems({ SVC_TLS: off, SVC_LOG_LEVEL: 'loud' });
      expect(p).toHaveLength(2);
      expect(p.find((x) => x.startsWith('SVC_TLS=off'))).toContain('SVC_TRUSTED_PROXIES');
    }
    expect(problems({ SVC_TLS: 'off', SVC_TRUSTED_PROXIES: '127.0.0.1/32' })).toEqual([]);
  });
});

describe('SVC_CONFIG_FILE', () => {
  it('applies a JSON object of known settings under the environment, which wins', () => {
    const f = file(
      'ok.json',
      JSON.stringify({
        SVC_PORT: 9443,
        SVC_LOG_LEVEL: 'warn',
        SVC_TLS: false,
        SVC_TRUSTED_PROXIES: '10.0.0.0/8',
        SVC_PUBLIC_RPS: '7',
      }),
    );
    const c = loadConfig({ SVC_DATA_DIR: dir, SVC_CONFIG_FILE: f, SVC_PUBLIC_RPS: '9' });
    expect([c.port, c.logLevel, c.tls, c.trustedProxies, c.publicRps]).toEqual([
      9443,
      'warn',
      false,
      ['10.0.0.0/8'],
      9,
    ]);
  });

  it('lists a file that is not JSON with the other problems instead of throwing alone', () => {
    const f = file('broken.json', '{"SVC_PORT": 9443,');
    expect(problems({ SVC_CONFIG_FILE: f, SVC_LOG_LEVEL: 'loud' })).toEqual([
      `SVC_CONFIG_FILE ${f} is not valid JSON`,
      'SVC_LOG_LEVEL must be debug, info, warn or error',
    ]);
  });

  it('lists a file that is not a JSON object', () => {
    for (const text of ['[]', '42', '"SVC_PORT"', 'null']) {
      const f = file('not-object.json', text);
      expect(problems({ SVC_CONFIG_FILE: f })).toEqual([`SVC_CONFIG_FILE ${f} must hold a JSON object of settings`]);
    }
  });

  it('lists every unknown key and every value that is not a string, number or boolean', () => {
    const f = file('unknown.json', JSON.stringify({ SVC_PROT: 1, svc_port: 2, SVC_HOST: ['a'], SVC_PORT: 'x' }));
    expect(problems({ SVC_CONFIG_FILE: f })).toEqual([
      `SVC_CONFIG_FILE ${f}: unknown setting SVC_PROT`,
      `SVC_CONFIG_FILE ${f}: unknown setting svc_port`,
      `SVC_CONFIG_FILE ${f}: SVC_HOST must be a string, number or boolean`,
      'SVC_PORT must be an integer from 0 to 65535',
    ]);
  });

  it('lists a file that cannot be read', () => {
    const f = join(dir, 'missing.json');
    expect(problems({ SVC_CONFIG_FILE: f })).toEqual([`SVC_CONFIG_FILE ${f} cannot be read (ENOENT)`]);
  });
});

describe('SVC_RETENTION_CRON', () => {
  it('accepts a cron expression and keeps the daily default', () => {
    expect(loadConfig({ SVC_DATA_DIR: dir }).retentionCron).toBe('17 3 * * *');
    expect(loadConfig({ SVC_DATA_DIR: dir, SVC_RETENTION_CRON: '*/5 * * * *' }).retentionCron).toBe('*/5 * * * *');
  });
  it('lists an expression that is not cron at boot, with the other problems', () => {
    for (const bad of ['every night', '61 3 * * *', '17 3 * * * * *']) {
      expect(problems({ SVC_RETENTION_CRON: bad, SVC_PORT: '-1' })).toEqual([
        'SVC_PORT must be an integer from 0 to 65535',
        `SVC_RETENTION_CRON ${JSON.stringify(bad)} is not a cron expression (five fields: minute hour day month weekday)`,
      ]);
    }
  });
});

describe('integer settings', () => {
  it('are decimal integers only: no exponent, hex or fraction', () => {
    expect(loadConfig({ SVC_DATA_DIR: dir, SVC_WRITE_QUEUE_MAX: ' +64 ' }).writeQueueMax).toBe(64);
    for (const bad of ['1e3', '0x10', '1.0', '12abc'])
      expect(problems({ SVC_WRITE_QUEUE_MAX: bad })).toEqual([
        'SVC_WRITE_QUEUE_MAX must be an integer from 1 to 1000000',
      ]);
  });
});

describe('no environment after boot', () => {
  it('config() before boot set it throws instead of reading the environment', () => {
    const p = Bun.spawnSync([process.execPath, '-e', "import { config } from './src/config'; config();"], {
      cwd: ROOT,
      env: { ...process.env, SVC_DATA_DIR: dir },
      stderr: 'pipe',
    });
    expect(p.exitCode).not.toBe(0);
    expect(p.stderr.toString()).toContain('configuration read before boot loaded it');
  });

  it('nothing outside src/config.ts reads process.env or Bun.env', () => {
    const offenders: string[] = [];
    const walk = (d: string) => {
      for (const name of readdirSync(d)) {
        const p = join(d, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (
          /\.ts$/.test(name) &&
          p !== join(ROOT, 'src', 'config.ts') &&
          /\b(process|Bun)\.env\b/.test(readFileSync(p, 'utf8'))
        )
          offenders.push(p.slice(ROOT.length + 1));
      }
    };
    walk(join(ROOT, 'src'));
    walk(join(ROOT, 'tui'));
    expect(offenders).toEqual([]);
  });
});
