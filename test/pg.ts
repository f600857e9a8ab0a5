// Test helper: a throw-away PostgreSQL cluster (Debian's PostgreSQL 15) on 127.0.0.1 and a free port, run as
// the `postgres` user (initdb refuses root), stopped and removed by `stop()`.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

const BIN = '/usr/lib/postgresql/15/bin';

export type Pg = {
  url: string;
  port: number;
  dir: string;
  /** pg_ctl stop -m fast (or immediate: a crash); the data stays for `start()`. */
  halt(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and removes its directory. */
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function run(args: string[]): Promise<void> {
  const p = Bun.spawn(['runuser', '-u', 'postgres', '--', ...args], { stdout: 'pipe', stderr: 'pipe' });
  const code = await p.exited;
  if (code !== 0) throw new Error(`${args.join(' ')} failed (${code}): ${await new Response(p.stderr).text()}`);
}

/** initdb + pg_ctl start; trust authentication for 127.0.0.1 only. */
export async function startPg(): Promise<Pg> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  await run([`${BIN}/initdb`, '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const opts = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=on -c max_connections=200`;
  const start = () => run([`${BIN}/pg_ctl`, '-D', data, '-l', join(dir, 'log'), '-o', opts, '-w', 'start']);
  await start();
  const halt = (mode: 'fast' | 'immediate' = 'fast') => run([`${BIN}/pg_ctl`, '-D', data, '-m', mode, '-w', 'stop']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    halt,
    start,
    async stop() {
      await halt('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
