// Owns waiting for evidence: whether a proof, bundle or audit event carries its log checkpoint (and the published
// head containing it), and the poll that asks again, never sooner than the appliance's Retry-After, until it does.
import { ProofLedgerError } from './errors';
import { retryAfterSeconds, type Http } from './http';

/**
 * What to wait for: `checkpoint`, a signed checkpoint of the record's log covers it (the proof's `log` block);
 * `head`, that checkpoint is also in a published head of the head log (the block's `head`).
 */
export type WaitFor = 'checkpoint' | 'head';
export type WaitOptions = {
  /** Without it the proof is answered as it is, pending blocks included. */
  wait?: WaitFor;
  /** How long to wait in all, in milliseconds; default 120,000 (a head is published every minute by default). */
  timeoutMs?: number;
};

export const DEFAULT_WAIT_MS = 120_000;
/** Polls start this far apart and double up to MAX_POLL_MS: a checkpoint comes every few seconds by default. */
const FIRST_POLL_MS = 500;
const MAX_POLL_MS = 5_000;

type Block = { status?: unknown; checkpoint?: unknown; head?: Block } | null | undefined;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every `log` block of a document: a record proof's or audit event's own, a bundle's items' and its seal's. */
function logBlocks(doc: unknown): Block[] {
  if (!isObj(doc)) return [undefined];
  if (Array.isArray(doc.items) && isObj(doc.seal))
    return [...doc.items.map((i) => (isObj(i) ? (i.log as Block) : undefined)), doc.seal.log as Block];
  return [doc.log as Block];
}

// docs/verification.md#12-the-transparency-log: a block is {status: "pending"} until a checkpoint covers the record,
// then carries `checkpoint`, and its `head` is {status: "pending"} until the head containing that checkpoint is out.
const signed = (b: Block): boolean => isObj(b) && b.status !== 'pending' && typeof b.checkpoint === 'string';

/**
 * Whether every log block of `doc` has reached `wait`. A sandbox record's block has no `head` at all (no head ever
 * covers a sandbox log, docs/api.md#sandbox-tenants): its checkpoint is all the evidence it will get.
 */
export function evidenceReached(doc: unknown, wait: WaitFor): boolean {
  return logBlocks(doc).every((b) => signed(b) && (wait === 'checkpoint' || b?.head === undefined || signed(b.head)));
}

/** A bundle asked for before its trace is sealed: 409 trace_not_sealed, to be asked again. */
export const sealing = (e: ProofLedgerError): boolean => e.code === 'trace_not_sealed';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * GET `path` until its document has reached `o.wait` (answered at once without `o.wait`). `notYet` names errors that
 * mean "ask again later" (a trace still sealing). Between polls it waits the answer's Retry-After when it has one,
 * else a backoff from 0.5 s doubling to 5 s; past `timeoutMs` it throws ProofLedgerError `wait_timeout` whose body
 * is the last document seen (null when none was).
 */
export async function pollEvidence<R>(
  http: Http,
  path: string,
  o: WaitOptions = {},
  notYet: (e: ProofLedgerError) => boolean = () => false,
  deadline: number = Date.now() + (o.timeoutMs ?? DEFAULT_WAIT_MS),
): Promise<R> {
  if (!o.wait) return (await http.call<R>('GET', path)).body;
  let last: R | null = null;
  for (let step = FIRST_POLL_MS; ; step = Math.min(step * 2, MAX_POLL_MS)) {
    let asked: number | null = null;
    try {
      const r = await http.call<R>('GET', path);
      last = r.body;
      if (evidenceReached(r.body, o.wait)) return r.body;
      asked = retryAfterSeconds(r.headers.get('retry-after'));
    } catch (e) {
      if (!(e instanceof ProofLedgerError) || !notYet(e)) throw e;
      asked = e.retryAfter;
    }
    // Never sooner than the appliance asked: when that is past the deadline, the wait is over now.
    const pause = Math.max(step, (asked ?? 0) * 1000);
    const left = deadline - Date.now();
    if (left <= 0 || (asked !== null && asked * 1000 > left))
      throw new ProofLedgerError({
        code: 'wait_timeout',
        status: 0,
        message: `${path}: no ${o.wait} evidence before the wait ran out`,
        body: last,
      });
    await sleep(Math.min(pause, left));
  }
}
