// Data format upgrades: the migration runner on a real LMDB store, interrupted by kill -9 and run again.
import { afterAll, describe, expect, it } from 'bun:test';
import { cleanup, ROOT, tempDir } from '../helpers';
import { MIGRATIONS } from '../../src/migrations/index';
import { FORMAT_VERSION } from '../../src/store/format';

const dirs: string[] = [];
afterAll(() => dirs.forEach(cleanup));

function child(dir: string, mode: 'migrate' | 'report') {
  return Bun.spawn(['bun', 'test/fixtures/migration-child.ts', dir, mode], {
    cwd: ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, SVC_LOG_LEVEL: 'info' },
  });
}
async function run(dir: string, mode: 'migrate' | 'report') {
  const p = child(dir, mode);
  const out = await new Response(p.stdout).text();
  expect(await p.exited).toBe(0);
  // The last JSON line that is not a log line is the fixture's answer.
  const answer = out
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{') && !l.includes('"msg"'))
    .pop()!;
  return { out, result: JSON.parse(answer) };
}

describe('migration registry', () => {
  it('ends at the format version this build writes', () => {
    expect(MIGRATIONS.length ? MIGRATIONS[MIGRATIONS.length - 1]!.to : 1).toBe(FORMAT_VERSION);
    MIGRATIONS.forEach((m, i) => expect(m.to).toBe(i + 2));
  });
});

describe('migrate()', () => {
  it('logs each step, survives a kill -9 in the middle of a step, and completes on the next start, once', async () => {
    const dir = tempDir();
    dirs.push(dir);
    // A new store is stamped with this build's version; the fixture's two steps lead past it.
    const V = FORMAT_VERSION;
    expect((await run(dir, 'report')).result).toEqual({ version: V, rows: 0 });
    const p = child(dir, 'migrate');
    const reader = p.stdout.getReader();
    let seen = '';
    while ((seen.match(/progress/g) ?? []).length < 5) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += new TextDecoder().decode(value);
    }
    expect(seen).toContain('migrating data directory');
    p.kill('SIGKILL');
    await p.exited;
    const interrupted = (await run(dir, 'report')).result;
    expect(interrupted.version).toBe(V); // the step did not finish: its version is not recorded
    expect(interrupted.rows).toBeGreaterThan(0);
    expect(interrupted.rows).toBeLessThan(3000);
    const resumed = await run(dir, 'migrate');
    expect(resumed.result).toEqual({ ran: ['fill the fixture table', 'second step'], version: V + 2, rows: 3000 });
    expect(resumed.out).toContain('"msg":"migrated data directory"');
    // Format V + 2 is newer than this build writes: it refuses the directory with one line, and writes nothing.
    const older = child(dir, 'report');
    const [stdout, stderr] = await Promise.all([new Response(older.stdout).text(), new Response(older.stderr).text()]);
    expect(await older.exited).not.toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toContain(`data directory format ${V + 2} is newer than this build supports (${FORMAT_VERSION})`);
  }, 60000);
});
