// Boot of `npm run console` (and `svc console`): config and store of the data directory, then the console until q.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { setConfig, type Config } from '../src/config';
import { setLogSink } from '../src/log';
import { closeStore, openStore } from '../src/store/env';
import { startApp } from './app';
import { wireRecordTable } from '../src/workers/record-kinds';
import { replicateOperator } from '../src/replication/link';

/**
 * Opens the data directory of the Config loaded at boot (SVC_DATA_DIR or --data-dir) and runs the console.
 * Log lines would draw over the console's own terminal, so they go to DATA/console.log instead.
 */
export async function runConsole(base: Config): Promise<void> {
  if (!process.stdout.isTTY || !process.stdin.isTTY)
    throw new Error('the console needs a terminal (run it in a shell, not through a pipe)');
  const cfg = setConfig({ ...base, logLevel: 'warn' });
  const logFile = join(cfg.dataDir, 'console.log');
  setLogSink((text) => appendFileSync(logFile, text));
  openStore(cfg.dataDir, { replicated: !!cfg.replication });
  // Operator changes reach every node through the stream, as the CLI's.
  if (cfg.replication) replicateOperator(cfg.replication);
  wireRecordTable();
  await startApp(cfg);
  await closeStore();
}

// `bun tui/index.ts [--data-dir DIR]` is the CLI's console command, with its flags, --help and exit statuses.
if (import.meta.main) {
  const { runCli } = await import('../src/cli/index');
  process.exit(await runCli(['console', ...process.argv.slice(2)]));
}
