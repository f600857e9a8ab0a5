// Owns finding this process's listening TCP sockets on a port (Linux /proc), for the certificate reload: Bun.serve
// can neither swap its TLS context nor stop accepting without closing idle keep-alive connections.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Socket inodes of TCP listeners (state 0A) on `port`, from /proc/net/tcp and tcp6. */
function listeningInodes(port: number): Set<string> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      if (f.length > 9 && f[3] === '0A' && f[1]!.endsWith(`:${hexPort}`)) inodes.add(f[9]!);
    }
  }
  return inodes;
}

/** The file descriptors of this process that are TCP listeners on `port`; [] where /proc is not readable. */
export function listeningFds(port: number): number[] {
  const inodes = listeningInodes(port);
  const fds: number[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc/self/fd');
  } catch {
    return [];
  }
  for (const e of entries) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${e}`));
      if (m && inodes.has(m[1]!)) fds.push(Number(e));
    } catch {
      // The descriptor closed while the directory was read.
    }
  }
  return fds;
}
