// Test helper: TCP ports for programs that bind a port they are told (PostgreSQL, HAProxy, a TSA recipe). Servers
// of our own bind port 0 and report the port in their start line instead (startServer), which has no race.
import { createServer } from 'node:net';

/**
 * A port the kernel just handed out on 127.0.0.1 (bound, then closed). Another process may take it before it is
 * used: give it to a program through `onFreePort`, which tries again on another port when that happened. Alone it
 * suits only a port nothing must listen on.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** What programs say when the port they were told to bind is taken. */
const IN_USE = /EADDRINUSE|address already in use|could not bind|cannot bind|Address in use/i;

/**
 * `start(port)` on a free port; when it fails because the port was taken in the meantime, again on other ports
 * (`tries` in all). `start` throws an error whose message carries what the program said.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, tries = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await start(await freePort());
    } catch (e) {
      if (i >= tries || !IN_USE.test(String((e as Error)?.message ?? e))) throw e;
    }
  }
}
