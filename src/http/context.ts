// Owns per-request state shared by the hooks of http/ (request id, timing, tenant, raw body).
export type RequestState = {
  id: string;
  start: number;
  ip: string;
  tenantId?: string;
  rawBody?: string;
  rateHeaders?: Record<string, string>;
  /** Set once the request's API key has been authorized (http/auth.ts). */
  principal?: unknown;
};

const states = new WeakMap<Request, RequestState>();
let counter = 0;
const boot = Date.now().toString(36);

export function beginRequest(req: Request, ip: string): RequestState {
  const s: RequestState = { id: `${boot}-${(++counter).toString(36)}`, start: performance.now(), ip };
  states.set(req, s);
  return s;
}
export function requestState(req: Request): RequestState {
  let s = states.get(req);
  if (!s) s = beginRequest(req, '');
  return s;
}
