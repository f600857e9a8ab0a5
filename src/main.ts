// Boot entry of `npm start` and `svc serve`: starts the server and stops it gracefully on SIGTERM/SIGINT.
import { startServer } from './server';
import { announce, log } from './log';

/** Runs the appliance in the foreground; `dataDir`: `--data-dir` of `svc serve`, over SVC_DATA_DIR. */
export async function serve(overrides: { dataDir?: string } = {}): Promise<void> {
  // Everything the appliance writes (LMDB files, keys, exports) is for its own user only.
  process.umask(0o077);
  // A start that fails says why in the JSON log on stdout and in one line on stderr, then exits 1.
  const running = await startServer(undefined, overrides).catch((e) => {
    const message = (e as Error).message.split('\n')[0]!;
    announce('error', 'start failed', { error: message });
    process.stderr.write(`${message}\n`);
    process.exit(1);
  });
  process.on('SIGHUP', () => {
    running.reloadTls().catch((e) => log('error', 'tls reload failed', { error: String((e as Error).message) }));
  });
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.on(sig, async () => {
      await running.stop();
      process.exit(0);
    });
  }
}

if (import.meta.main) await serve();
