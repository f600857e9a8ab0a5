// Boot of `npm run console` (and `svc console`): config and store of the data directory, then the console until q.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, setConfig, type Config } from '../src/config';
import { CONSOLE, commandLine, printFailure } from '../src/cli/argv';
import { VERSION } from '../src/version';
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

// `npm run console [--data-dir DIR]`: the same command line as `svc console` (flags, --help, --version, exit statuses).
if (import.meta.main) {
  const r = commandLine(['console', ...process.argv.slice(2)], { console: CONSOLE }, 'npm run', VERSION);
  if (typeof r === 'number') process.exit(r);
  Promise.resolve()
    .then(() => runConsole(loadConfig(undefined, { dataDir: r.flags['data-dir'] as string | undefined })))
    .then(
      () => process.exit(0),
      (e) => {
        printFailure(r.json, 'failed', (e as Error).message);
        process.exit(1);
      },
    );
}
