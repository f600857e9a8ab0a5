// Owns per-request state shared by the hooks of http/ (request id, timing, tenant, raw body, client address).
import type { OperatorPrincipal, Principal } from '../route-kit/guards';
import type { Proxies } from './client-address';
import { targetPath } from './edge';

type Peer = { requestIP(req: Request): { address: string } | null } | null | undefined;

/**
 * What the hooks of one request share. The id and the client address are worked out on first use: most
 * requests need neither (no log line at the default level, no per-IP limit, no key allowlist).
 */
export class RequestState {
  readonly start = performance.now();
  tenantId?: string;
  rawBody?: string;
  rateHeaders?: Record<string, string>;
  /** Set once the request's API key has been authorized (http/auth.ts). */
  principal?: Principal;
  /** Set once the request's operator token has been authorized (http/operator-auth.ts). */
  operator?: OperatorPrincipal;
  #id: string | null = null;
  #ip: string | null = null;
  #peer: string | null = null;
  #path: string | null = null;

  constructor(
    private readonly req: Request,
    private readonly server: Peer,
    private readonly proxies: Proxies | null,
  ) {}
  /** The target's path without its query, split out of the URL once: the edge check (checkTarget) sets it. */
  get path(): string {
    this.#path ??= targetPath(this.req.url);
    return this.#path;
  }
  set path(path: string) {
    this.#path = path;
  }
  get id(): string {
    this.#id ??= `${boot}-${(++counter).toString(36)}`;
    return this.#id;
  }
  /** The address of the socket peer: the client, or a proxy in front of it. */
  get peer(): string {
    this.#peer ??= this.server?.requestIP(this.req)?.address ?? '';
    return this.#peer;
  }
  /** The client address: the peer, or what trusted proxies forwarded (src/http/client-address.ts). */
  get ip(): string {
    this.#ip ??= this.proxies ? this.proxies.client(this.peer, this.req.headers.get('x-forwarded-for')) : this.peer;
    return this.#ip;
  }
}

const states = new WeakMap<Request, RequestState>();
let counter = 0;
const boot = Date.now().toString(36);

/** `server` is asked for the socket peer when needed; `proxies`: the trusted proxies, null when there are none. */
export function beginRequest(req: Request, server: Peer, proxies: Proxies | null = null): RequestState {
  const s = new RequestState(req, server, proxies);
  states.set(req, s);
  return s;
}
export function requestState(req: Request): RequestState {
  let s = states.get(req);
  if (!s) s = beginRequest(req, null);
  return s;
}
