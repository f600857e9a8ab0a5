// A fault-injecting HTTPS proxy on 127.0.0.1 in front of a real appliance, for the client tests (and the appliance
// with an enterprise tenant behind it): a fault queued for a
// method and path is applied to the next matching request (`drop`: forward it, then close the connection without
// answering, as a lost answer; or answer itself without forwarding); in lossy mode the first request of every
// Idempotency-Key on a POST has its answer dropped. Every request is recorded with the appliance's answer, if any.
import { readFileSync } from 'node:fs';
import { createServer, type Server as HttpsServer } from 'node:https';
import { join } from 'node:path';
import { cleanup, newTenant, startServer, tempDir, type Server } from '../helpers';

export type Fault =
  | { method: string; path: string; action: 'drop' }
  | {
      method: string;
      path: string;
      action: 'answer';
      status: number;
      headers?: Record<string, string>;
      /** JSON when an object, else plain text. */
      body?: unknown;
    };
export type Seen = {
  method: string;
  path: string;
  key: string | null;
  at: number;
  /** The appliance's status and Idempotent-Replayed header, when the request was forwarded. */
  upstream?: { status: number; replayed: boolean };
  dropped: boolean;
};
export type FaultProxy = {
  url: string;
  seen: Seen[];
  faults: Fault[];
  /** Drop the answer of the first POST with each Idempotency-Key. */
  lossy: boolean;
  attempts(method: string, path: string): Seen[];
  stop(): void;
};

export async function startFaultProxy(target: string, cert: string, tlsKey: string): Promise<FaultProxy> {
  const keysSeen = new Set<string>();
  const p: FaultProxy = {
    url: '',
    seen: [],
    faults: [],
    lossy: false,
    attempts: (method, path) => p.seen.filter((x) => x.method === method && x.path === path),
    stop: () => srv.close(),
  };
  const srv: HttpsServer = createServer({ cert, key: tlsKey }, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = (req.url ?? '/').split('?')[0]!;
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const seen: Seen = { method: req.method!, path, key, at: Date.now(), dropped: false };
    p.seen.push(seen);
    const i = p.faults.findIndex((f) => f.method === req.method && f.path === path);
    const fault = i >= 0 ? p.faults.splice(i, 1)[0] : undefined;
    if (fault?.action === 'answer') {
      const json = typeof fault.body === 'object' && fault.body !== null;
      res.writeHead(fault.status, { 'content-type': json ? 'application/json' : 'text/plain', ...fault.headers });
      return res.end(json ? JSON.stringify(fault.body) : String(fault.body ?? ''));
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (typeof v === 'string' && k !== 'host' && k !== 'connection') headers[k] = v;
    const up = await fetch(target + req.url, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
      tls: { rejectUnauthorized: false },
    } as RequestInit);
    const body = Buffer.from(await up.arrayBuffer());
    seen.upstream = { status: up.status, replayed: up.headers.get('idempotent-replayed') === 'true' };
    const firstOfKey = p.lossy && req.method === 'POST' && key !== null && !keysSeen.has(key);
    if (key !== null) keysSeen.add(key);
    // The appliance did the work; its answer never reaches the client.
    if (fault?.action === 'drop' || firstOfKey) {
      seen.dropped = true;
      return req.socket.destroy();
    }
    const out: Record<string, string> = {};
    up.headers.forEach((v, k) => {
      if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection') out[k] = v;
    });
    res.writeHead(up.status, out);
    res.end(body);
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  p.url = `https://127.0.0.1:${(srv.address() as { port: number }).port}`;
  return p;
}

export type Proxied = {
  dir: string;
  server: Server;
  key: string;
  tenantId: string;
  ca: string;
  proxy: FaultProxy;
  stop(): Promise<void>;
};

/** An appliance on a temp data dir with `env`, an enterprise tenant of `domain` with every scope, and the proxy in front. */
export async function proxiedAppliance(domain: string, env: Record<string, string>): Promise<Proxied> {
  const dir = tempDir();
  const server = await startServer({ dataDir: dir, env });
  const t = await newTenant(dir, domain, 'read,write,audit:read,audit:write', 'enterprise');
  const ca = readFileSync(join(dir, 'tls', 'cert.pem'), 'utf8');
  const proxy = await startFaultProxy(server.url, ca, readFileSync(join(dir, 'tls', 'key.pem'), 'utf8'));
  return {
    dir,
    server,
    key: t.key,
    tenantId: t.tenantId,
    ca,
    proxy,
    async stop() {
      proxy.stop();
      await server.stop();
      cleanup(dir);
    },
  };
}
