// Test helper: a throw-away PostgreSQL cluster (Debian's PostgreSQL 15) on 127.0.0.1 and a free port, run as
// the `postgres` user (initdb refuses root), stopped and removed by `stop()`; a synchronous streaming standby of
// it; a TCP forwarder that switches PostgreSQL servers (what HAProxy does in front of Patroni).
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, createServer, type Socket } from 'node:net';
import { onFreePort } from './ports';

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

async function run(args: string[]): Promise<void> {
  const p = Bun.spawn(['runuser', '-u', 'postgres', '--', ...args], { stdout: 'pipe', stderr: 'pipe' });
  const code = await p.exited;
  if (code !== 0) throw new Error(`${args.join(' ')} failed (${code}): ${await new Response(p.stderr).text()}`);
}

/** pg_ctl start/stop of the cluster in `dir`/data on `port`; trust authentication for 127.0.0.1 only. */
function cluster(dir: string, port: number): Pg {
  const data = join(dir, 'data');
  const opts = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=on -c max_connections=200`;
  // A failed start names its cause in the server log (a port taken since it was chosen: "could not bind").
  const start = () =>
    run([`${BIN}/pg_ctl`, '-D', data, '-l', join(dir, 'log'), '-o', opts, '-w', 'start']).catch((e: Error) => {
      throw new Error(`${e.message}\n${existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : ''}`);
    });
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

function ownedTemp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-pg-'));
  chmodSync(dir, 0o777);
  return dir;
}

/** initdb + pg_ctl start. */
export async function startPg(): Promise<Pg> {
  const dir = ownedTemp();
  await run([`${BIN}/initdb`, '-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  return onFreePort(async (port) => {
    const pg = cluster(dir, port);
    await pg.start();
    return pg;
  });
}

/**
 * A streaming standby of `primary` (pg_basebackup -R) on its own port, made synchronous: the primary's commits
 * return only once the standby has flushed them (synchronous_standby_names = '*'). `promote()`: pg_ctl promote.
 */
export async function startSyncStandby(primary: Pg): Promise<Pg & { promote(): Promise<void> }> {
  const dir = ownedTemp();
  const data = join(dir, 'data');
  await run([
    `${BIN}/pg_basebackup`,
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
  ]);
  const pg = await onFreePort(async (port) => {
    const standby = cluster(dir, port);
    await standby.start();
    return standby;
  });
  const sql = new Bun.SQL(primary.url, { max: 1 });
  try {
    await sql`ALTER SYSTEM SET synchronous_standby_names = '*'`;
    await sql`SELECT pg_reload_conf()`;
    for (let i = 0; ; i++) {
      const rows = await sql`SELECT 1 FROM pg_stat_replication WHERE sync_state = 'sync'`;
      if (rows.length) break;
      if (i > 200) throw new Error('the standby did not become synchronous');
      await Bun.sleep(50);
    }
  } finally {
    await sql.close();
  }
  return { ...pg, promote: () => run([`${BIN}/pg_ctl`, '-D', data, '-w', 'promote']) };
}

/**
 * A TCP forwarder on 127.0.0.1 standing in for HAProxy or a virtual IP in front of the PostgreSQL leader: new
 * connections go to `target`; `switchTo` cuts every open connection and sends new ones to another port. `cut`
 * is a network partition: nothing passes any more, no connection is closed, new ones hang; `heal` ends it (the
 * connections that lived through it are closed, as a partition long enough usually leaves them).
 */
export async function startForwarder(target: number): Promise<{
  port: number;
  switchTo(port: number): void;
  cut(): void;
  heal(): void;
  close(): void;
}> {
  let to = target;
  let partitioned = false;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const up = connect(to, '127.0.0.1');
    const end = () => {
      for (const s of [client, up]) {
        s.destroy();
        open.delete(s);
      }
    };
    for (const s of [client, up]) {
      open.add(s);
      s.on('error', end);
      s.on('close', end);
    }
    client.on('data', (d) => partitioned || up.write(d));
    up.on('data', (d) => partitioned || client.write(d));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    switchTo(port) {
      to = port;
      for (const s of open) s.destroy();
      open.clear();
    },
    cut() {
      partitioned = true;
    },
    heal() {
      for (const s of open) s.destroy();
      open.clear();
      partitioned = false;
    },
    close() {
      for (const s of open) s.destroy();
      server.close();
    },
  };
}
