// Owns the boot of every process and thread, in one order (docs/architecture.md "Boot"): the Config, where log
// lines go, the record table, the plans, the store, the store's replication, the writer's applier table.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { setConfig, type Config } from './config';
import { setLogSink } from './log';
import { loadPlans } from './plans/plans';
import { replicateOperator, replicateThread } from './replication/link';
import { ReplicationNode } from './replication/node';
import { localWriteRefusal, openStore } from './store/env';
import type { ApplierTable } from './store/writer-core';
import { afterItems, appliers } from './workers/appliers';
import { wireRecordTable } from './workers/record-kinds';

/** The entry points: the server's main thread, an operator CLI process, the console, its scan thread, the writer thread. */
export type BootRole = 'server' | 'cli' | 'console' | 'scan-worker' | 'writer-thread';

export type BootOptions = {
  role: BootRole;
  /**
   * The resolved Config: read from the environment once by the process's entry (loadConfig: server, CLI,
   * `npm run console`) or handed down (the console from the CLI, a thread from the process that started it).
   */
  config: Config;
  /** The CLI's commands that need no store (serve, doctor, verify, ...) skip it; every other role opens it. */
  store?: boolean;
  /** Checks that write nothing, run once the Config is set and before the store is opened (the server's port and TLS pair). */
  check?: (cfg: Config) => void;
};

export type Booted = {
  cfg: Config;
  /** This node of a cluster (server with SVC_REPLICATION_URL): created here, joined by the server once migrated. */
  node: ReplicationNode | null;
  /** The writer thread's applier table and what runs after each batch's items; null elsewhere. */
  writer: { appliers: ApplierTable; afterItems: ReadonlyArray<() => void> } | null;
};

/** The Config each role runs with: the console and the scan thread keep their log lines to what matters to them. */
function roleConfig(role: BootRole, c: Config): Config {
  if (role === 'console') return { ...c, logLevel: 'warn' };
  if (role === 'scan-worker') return { ...c, logLevel: 'error' };
  return c;
}

/**
 * Boots one process or thread: each step runs in this order for every role, or is skipped by a role that does not
 * need it (the table in docs/architecture.md "Boot"). Nothing here starts a timer or a listener: what runs
 * afterwards (the server's migrations, replication, writer and listeners, a CLI command, the console) is the
 * entry's own.
 */
export function boot(o: BootOptions): Booted {
  const { role } = o;
  // 1. The Config becomes the process's (config()); nothing reads the environment after this.
  const cfg = setConfig(roleConfig(role, o.config));
  // 2. Log lines: the console's would draw over its screen, so they go to a file (the CLI's go to stderr from its
  // first line, before any Config; the server's and the threads' stay JSON lines on stdout).
  if (role === 'console') {
    const logFile = join(cfg.dataDir, 'console.log');
    setLogSink((text) => appendFileSync(logFile, text));
  }
  o.check?.(cfg);
  // 3. The record table, before anything appends, logs, bundles or checks a record.
  wireRecordTable();
  // 4. The plans the server's guards and usage read from DATA/plans.json (the CLI and console read them when asked).
  if (role === 'server') loadPlans(cfg.dataDir);
  // 5. The store; a scan only reads, so it opens the store as a single node's.
  const opens = o.store !== false;
  if (opens) openStore(cfg.dataDir, role === 'scan-worker' ? {} : { replicated: !!cfg.replication });
  // A cluster's node started without SVC_REPLICATION_URL would write alone and diverge: it does not start.
  const alone = role === 'server' ? localWriteRefusal() : null;
  if (alone) throw alone;
  // 6. Replication of the store (docs/operations.md "Replication and failover"): the server's node joins after its
  // migrations (server.ts); the writer thread commits through its own link, fenced by the lease; operator changes
  // (CLI, console) reach every node through the stream.
  const rc = cfg.replication;
  const node = role === 'server' && rc ? new ReplicationNode(rc) : null;
  if (rc && opens && role === 'writer-thread') replicateThread(rc);
  if (rc && opens && (role === 'cli' || role === 'console')) replicateOperator(rc);
  // 7. The writer's applier table, for the writer thread's loop.
  const writer = role === 'writer-thread' ? { appliers, afterItems } : null;
  return { cfg, node, writer };
}
