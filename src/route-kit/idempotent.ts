// Owns the replay of creates (docs/api.md#idempotency): an Idempotency-Key on a POST that creates something makes a
// retry within 24 hours answer the stored answer, sealed at rest, instead of creating a second object.
import { Type as t } from '@sinclair/typebox';
import { config } from '../config';
import { ApiError, type ErrorCode } from '../errors';
import { canonicalJson } from '../crypto/canonical';
import { sha256Hex } from '../crypto/hash';
import { open as unseal, seal } from '../crypto/keywrap';
import { checkIdempotencyKey, IDEM_TTL_MS, idemLive } from '../idempotency';
import { subDb, transact, type AlsoInTxn } from '../store/env';
import { masterKey } from '../store/master-key';
import type { OperatorPrincipal, Principal } from './guards';

/** Who the key belongs to: the tenant and its API key, or what else authenticates a create (an operator token). */
export type KeyScope = readonly [owner: string, credential: string];
type ReplayKey = [owner: string, credential: string, endpoint: string, key: string];
type ReplayRow = { request_hash: string; at: number; status: number; sealed: Uint8Array };

/** [tenant_id, api_key_id (or another scope), endpoint, key] -> the answer the key's first request got. */
const replays = () => subDb<ReplayRow, ReplayKey>('create_replays');
/** [at, ...the replay key] -> 1: lets the retention pass drop expired answers by range. */
const replayExpiry = () => subDb<number, [number, ...ReplayKey]>('create_replay_expiry');

/**
 * The key of a create in progress. It travels with the write (plain JSON, so also to the writer thread), and the
 * create stores its answer under it with storeAnswerInTxn in the transaction that creates the object: the object
 * and its answer are then durable together, and a retry after any crash finds either both or neither.
 */
export type IdemClaim = { key: ReplayKey; request_hash: string; at: number };
export type Created = { status: number; body: Record<string, unknown> };
export type Answer = Created & { replayed: boolean };

// The answer may carry a secret shown once (a stream's signing_secret, a portal link): kept only sealed.
const aad = (k: ReplayKey) => `create-replay:${JSON.stringify(k)}`;

/** Inside the create's write transaction (main or writer thread): stores the answer `body` for `claim`. */
export function storeAnswerInTxn(claim: IdemClaim, created: Created): void {
  const sealed = seal(masterKey(config().masterKeyFile), Buffer.from(JSON.stringify(created.body)), aad(claim.key));
  replays().putSync(claim.key, { request_hash: claim.request_hash, at: claim.at, status: created.status, sealed });
  replayExpiry().putSync([claim.at, ...claim.key], 1);
}

/**
 * The answer of a create as the `also` its service runs in the create's transaction (store/env AlsoInTxn): with a
 * claim, `shape(result)` is stored there with `status`; without one, nothing is added.
 */
export const answerInTxn = <R>(
  claim: IdemClaim | null,
  status: 201 | 202,
  shape: (result: R) => Record<string, unknown>,
): AlsoInTxn<R> | undefined => (claim ? (r) => storeAnswerInTxn(claim, { status, body: shape(r) }) : undefined);

/** docs/api.md#idempotency: on the operator API a key belongs to the operator token that sent it. */
export const tokenScope = (c: { operator: OperatorPrincipal }): KeyScope => ['operator', c.operator.token_id];

// Keys whose first request is still being created by this process: another request with one answers 202 processing.
const inFlight = new Set<string>();

/** The stored answer of a live record, or 409 when the key came with another request. */
function replay(row: ReplayRow, requestHash: string, key: ReplayKey): Answer {
  if (row.request_hash !== requestHash)
    throw new ApiError('idempotency_key_reuse_mismatch', 'Idempotency-Key was used with a different request');
  const body = JSON.parse(unseal(masterKey(config().masterKeyFile), row.sealed, aad(key)).toString('utf8'));
  return { status: row.status, body, replayed: true };
}

/**
 * Runs `create` once per Idempotency-Key (docs/api.md#idempotency). Without a key it simply runs. With one: the same
 * request again within 24 hours answers the stored answer (`replayed`); another request body or path with the key is
 * 409 idempotency_key_reuse_mismatch; while the first is still running, 202 {status: "processing"}. `create` is
 * handed the claim to store in its own transaction; an answer it did not store is stored once it returns.
 * Keys are scoped to `scope` (the tenant and the API key) and `endpoint` (the route, e.g. 'POST /v1/traces').
 */
export async function idempotent(
  o: { scope: KeyScope; endpoint: string; request: Request; params?: Record<string, string>; body: unknown },
  create: (claim: IdemClaim | null) => Promise<Created>,
): Promise<Answer> {
  const k = checkIdempotencyKey(o.request.headers.get('idempotency-key'));
  if (k === null) return { ...(await create(null)), replayed: false };
  const key: ReplayKey = [o.scope[0], o.scope[1], o.endpoint, k];
  const request_hash = sha256Hex(canonicalJson({ params: o.params ?? {}, body: o.body ?? null }));
  const id = JSON.stringify(key);
  if (inFlight.has(id)) return { status: 202, body: { status: 'processing' }, replayed: false };
  const live = replays().get(key);
  if (live && idemLive(live.at)) return replay(live, request_hash, key);
  inFlight.add(id);
  try {
    const claim: IdemClaim = { key, request_hash, at: Date.now() };
    const created = await create(claim);
    if (replays().get(key)?.at !== claim.at) await transact(() => storeAnswerInTxn(claim, created));
    return { ...created, replayed: false };
  } finally {
    inFlight.delete(id);
  }
}

type Set = { status?: number | string; headers: Record<string, unknown> };

/** Sets the answer's status and headers on the route's `set` and returns its body. */
export function reply(set: Set, a: Answer) {
  set.status = a.status;
  if (a.replayed) set.headers['idempotent-replayed'] = 'true';
  // The key's first request is still being written: ask again with the same key after a second.
  if (a.body.status === 'processing' && a.status === 202) set.headers['retry-after'] = '1';
  return a.body;
}

/** What an idempotent create's handler reads of the route's context. */
type CreateContext = {
  request: Request;
  route: string;
  params: Record<string, string>;
  body: unknown;
  set: Set;
};
type Create<C> = (c: C, claim: IdemClaim | null) => Promise<Record<string, unknown>>;

/**
 * The handler of a route that creates something: `create` runs once per Idempotency-Key (`idempotent`, the key
 * scoped to this route) with the claim to store in its transaction, and its result is answered with `status`.
 * Wrap a new create with it: `.post('/v1/things', createdBy(201, (c, claim) => createThing(c.principal.tenant,
 * c.body, claim)), { ...idempotentDoc(), errors: [...IDEMPOTENT_ERRORS, ...] })`. Behind the `auth` guard the key
 * belongs to the tenant and its API key; behind the `operator` guard the route names the key's owner with `scope`
 * (tokenScope).
 */
export function createdBy<C extends CreateContext & { principal: Principal }>(
  status: 201 | 202,
  create: Create<C>,
): (c: C) => Promise<Record<string, unknown>>;
export function createdBy<C extends CreateContext & { operator: OperatorPrincipal }>(
  status: 201 | 202,
  create: Create<C>,
  scope: (c: C) => KeyScope,
): (c: C) => Promise<Record<string, unknown>>;
export function createdBy<C extends CreateContext & { principal?: Principal; operator?: OperatorPrincipal }>(
  status: 201 | 202,
  create: Create<C>,
  scope: (c: C) => KeyScope = (c) => [c.principal!.tenant.tenant_id, c.principal!.key.key_id],
) {
  // The context is taken apart here, not passed on whole: Elysia reads a handler's source to decide what each request
  // must prepare, and a context handed to a function makes it prepare everything (cookies, query, headers) for every
  // request of the route.
  return async ({ set, request, route, params, body, principal, operator }: C) => {
    const c = { set, request, route, params, body, principal, operator } as unknown as C;
    return reply(
      set,
      await idempotent(
        { scope: scope(c), endpoint: `${request.method} ${route}`, request, params, body },
        async (claim) => ({ status, body: await create(c, claim) }),
      ),
    );
  };
}

/** Drops answers older than 24 hours (the retention pass); returns how many. */
export async function sweepReplays(now: number): Promise<number> {
  let n = 0;
  for (;;) {
    const batch = [...replayExpiry().getKeys({ end: [now - IDEM_TTL_MS], limit: 5000 })];
    if (!batch.length) return n;
    await transact(() => {
      for (const [at, ...key] of batch) {
        if (replays().get(key)?.at === at) replays().removeSync(key);
        replayExpiry().removeSync([at, ...key]);
      }
    });
    n += batch.length;
  }
}

const REPLAYED = '"true" when the answer is the replay of an earlier request with the same key';
const PROCESSING_RETRY =
  'With {"status": "processing"}: seconds to wait before sending the same request with the same key again';

/**
 * What an idempotent create adds to its route's documentation (src/route-kit/doc.ts): the header, the replay header on its
 * success status (201, or 202 for a create that answers 202), the 202 processing answer and its Retry-After.
 */
export const idempotentDoc = (created: 201 | 202 = 201) => ({
  processing: true,
  headers: {
    'Idempotency-Key': {
      schema: t.String({ minLength: 1, maxLength: 128 }),
      description:
        'Client idempotency key, 1-128 bytes: the same request again within 24 hours answers the stored answer',
    },
  },
  statusHeaders: {
    [created]: { 'Idempotent-Replayed': REPLAYED },
    202: { ...(created === 202 ? { 'Idempotent-Replayed': REPLAYED } : {}), 'Retry-After': PROCESSING_RETRY },
  },
});
/** The codes an idempotent create answers besides its own (its route lists them with its errors). */
export const IDEMPOTENT_ERRORS: ErrorCode[] = ['invalid_idempotency_key', 'idempotency_key_reuse_mismatch'];
