// Owns what every resource of the client shares: the HTTP layer, path segments, one Idempotency-Key per logical
// create, and the `replayed` flag of a create's answer.
import type { Http, Query, Reply } from './http';
import type { Created } from './types';

/** The caller's own Idempotency-Key for a create; without one the client makes one per call. */
export type KeyOption = { idempotencyKey?: string };

export const seg = (v: string) => encodeURIComponent(v);
/** One key per logical call (docs/api.md#idempotency), made where the call starts so that every retry carries it. */
export const newKey = (o?: KeyOption) => o?.idempotencyKey ?? globalThis.crypto.randomUUID();
/** A create's answer with `replayed`. */
export const created = <T>(r: Reply<T>): Created<T> => ({ ...r.body, replayed: r.replayed });

export abstract class Resource {
  constructor(protected readonly http: Http) {}
  protected async read<R>(path: string, query?: Query): Promise<R> {
    return (await this.http.call<R>('GET', path, { query })).body;
  }
  /** POST of a create with an Idempotency-Key reused on every retry; answers the record and `replayed`. */
  protected async createAt<R>(path: string, body: unknown, o?: KeyOption): Promise<Created<R>> {
    return created(await this.http.call<R>('POST', path, { body, idempotencyKey: newKey(o) }));
  }
  /** Follows `next_cursor` from page to page, yielding the items `itemsOf` takes from each. */
  protected async *pages<P extends { next_cursor: string | null }, I>(
    page: (cursor: string | undefined) => Promise<P>,
    itemsOf: (p: P) => I[],
  ): AsyncGenerator<I> {
    let cursor: string | undefined;
    do {
      const p = await page(cursor);
      yield* itemsOf(p);
      cursor = p.next_cursor ?? undefined;
    } while (cursor);
  }
}
