// Test helper: the operator console driven through tmux as an operator would, in a detached 80x24 session on its own
// tmux server: keys sent, the screen read back, polled until it shows what a step waits for.
import { ROOT, until } from './helpers';

export function consoleDriver(socket: string) {
  const tmux = (...args: string[]): string =>
    Bun.spawnSync(['tmux', '-L', socket, ...args], { stdout: 'pipe', stderr: 'pipe' }).stdout.toString();
  const screen = () => tmux('capture-pane', '-p', '-t', 'console');
  return {
    /** Starts `bun tui/index.ts --data-dir DIR` in the session `console`, with `extra` added to its environment. */
    open(dataDir: string, extra: Record<string, string> = {}): void {
      const env = Object.entries({ PATH: process.env.PATH!, SVC_LOG_LEVEL: 'warn', ...extra })
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
      tmux(
        'new-session',
        '-d',
        '-s',
        'console',
        '-x',
        '80',
        '-y',
        '24',
        `cd ${ROOT} && env ${env} ${process.execPath} tui/index.ts --data-dir ${dataDir}`,
      );
    },
    screen,
    keys: (...k: string[]) => void tmux('send-keys', '-t', 'console', ...k),
    type: (text: string) => void tmux('send-keys', '-t', 'console', '-l', text),
    /** Polls the screen until `test` holds; the error shows what was on screen. */
    async waitFor(test: (screen: string) => unknown, timeoutMs = 15_000): Promise<string> {
      let last = '';
      try {
        return await until(
          () => {
            last = screen();
            return test(last) ? last : null;
          },
          timeoutMs,
          50,
        );
      } catch {
        throw new Error(`screen never matched; it showed:\n${last}`);
      }
    },
    /** Ends the tmux server and every session on it. */
    kill: () => void tmux('kill-server'),
  };
}
