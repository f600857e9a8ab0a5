// Owns per-request state shared by the hooks of http/ (request id, timing, tenant, raw body, client address).
import type { OperatorPrincipal, Principal } from '../api/guards';

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
  #ip: string | null;

  constructor(
    private readonly req: Request,
    private readonly peer: Peer,
    forwardedFor: string | undefined,
  ) {
    this.#ip = forwardedFor || (peer ? null : '');
  }
  get id(): string {
    this.#id ??= `${boot}-${(++counter).toString(36)}`;
    return this.#id;
  }
  get ip(): string {
    this.#ip ??= this.peer?.requestIP(this.req)?.address ?? '';
    return this.#ip;
  }
}

const states = new WeakMap<Request, RequestState>();
let counter = 0;
const boot = Date.now().toString(36);

/** `forwardedFor`: the client named by a trusted proxy, else the peer of the connection (`peer`) is asked when needed. */
export function beginRequest(req: Request, peer: Peer, forwardedFor?: string): RequestState {
  const s = new RequestState(req, peer, forwardedFor);
  states.set(req, s);
  return s;
}
export function requestState(req: Request): RequestState {
  let s = states.get(req);
  if (!s) s = beginRequest(req, null);
  return s;
}
