// Owns one webhook delivery attempt: DNS check of the destination, HTTPS POST to the checked address, 10 s limit.
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { readFileSync } from 'node:fs';
import { config } from '../config';
import { checkDestination, type Destination, type Lookup } from './destination';
import { DELIVERY_TIMEOUT_MS } from './model';
import { SIGNATURE_HEADER, signatureHeader } from './signature';

export type Attempt = { ok: true; status: number } | { ok: false; error: string };

let trusted: string[] | null = null;
/** The system roots plus SVC_STREAM_CA_FILE (an on-prem receiver's own CA), read once. */
function trustedCas(): string[] {
  if (trusted) return trusted;
  const extra = config().streamCaFile;
  trusted = extra ? [...rootCertificates, readFileSync(extra, 'utf8')] : [...rootCertificates];
  return trusted;
}

// One keep-alive agent per stream: sockets are pooled per (address, port, SNI name), so a connection
// opened to a checked address is reused only for that same address.
const agents = new Map<string, https.Agent>();
function agentFor(streamId: string): https.Agent {
  let a = agents.get(streamId);
  if (!a) {
    a = new https.Agent({ keepAlive: true, maxSockets: 1, ca: trustedCas() });
    agents.set(streamId, a);
  }
  return a;
}
export function dropAgent(streamId: string): void {
  agents.get(streamId)?.destroy();
  agents.delete(streamId);
}

/**
 * POSTs `rawBody` to the endpoint with its signature. The host is resolved and checked right before
 * connecting (DNS rebinding) and the socket goes to the checked address, while TLS SNI, certificate
 * name check and Host stay those of the URL. Redirects are not followed. Never throws.
 */
export async function deliver(
  streamId: string,
  endpoint: string,
  secret: string,
  rawBody: string,
  lookup?: Lookup,
): Promise<Attempt> {
  let dest: Destination;
  try {
    dest = await checkDestination(new URL(endpoint), { lookup });
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  const target = dest.addresses[0]!;
  const t = Math.floor(Date.now() / 1000);
  return new Promise<Attempt>((resolve) => {
    let settled = false;
    const done = (a: Attempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(a);
    };
    const req = https.request(
      {
        method: 'POST',
        host: target.address,
        family: target.family,
        port: dest.port,
        path: dest.url.pathname + dest.url.search,
        servername: dest.servername ?? undefined,
        agent: agentFor(streamId),
        headers: {
          host: dest.url.host,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(rawBody)),
          'user-agent': 'svc-audit-stream/1',
          [SIGNATURE_HEADER]: signatureHeader(secret, t, rawBody),
        },
      },
      (res) => {
        // The body is read and discarded (kept small) so the keep-alive socket can be reused.
        res.on('data', () => {});
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          done(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, error: `HTTP ${status}` });
        });
        res.on('error', (e) => done({ ok: false, error: e.message }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`no 2xx answer within ${DELIVERY_TIMEOUT_MS / 1000} s`));
    }, DELIVERY_TIMEOUT_MS);
    req.on('error', (e) => done({ ok: false, error: e.message.slice(0, 200) }));
    req.end(rawBody);
  });
}
