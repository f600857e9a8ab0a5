// Boot of `npm run console` (and `svc console`): config and store of the data directory, then the console until q.
import { loadConfig, type Config } from '../src/config';
import { boot } from '../src/boot';
import { CONSOLE, commandLine, printFailure } from '../src/cli/argv';
import { VERSION } from '../src/version';
import { closeStore } from '../src/store/env';
import { startApp } from './app';

/**
 * Boots the console (src/boot.ts) with the Config read at start (SVC_DATA_DIR or --data-dir) and runs it: log lines
 * go to DATA/console.log, and operator changes reach every node through the stream, as the CLI's.
 */
export async function runConsole(base: Config): Promise<void> {
  if (!process.stdout.isTTY || !process.stdin.isTTY)
    throw new Error('the console needs a terminal (run it in a shell, not through a pipe)');
  const { cfg } = boot({ role: 'console', config: base });
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
