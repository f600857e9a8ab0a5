// Owns the resources of signed records: ledger events, AI attestations, document anchors and traces. Every create
// carries an Idempotency-Key (generated per call unless given) reused on its retries, and answers `replayed`.
import { ProofLedgerError } from './errors';
import { Resource, seg, type KeyOption } from './resource';
import type * as T from './types';
import { DEFAULT_WAIT_MS, pollEvidence, sealing, type WaitFor, type WaitOptions } from './wait';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class Events extends Resource {
  /** POST /v1/events: 201 once durable. A retry carries the same Idempotency-Key, so it stores one event. */
  create(body: T.EventInput, o?: KeyOption): Promise<T.Created<T.EventCreated>> {
    return this.createAt('/v1/events', body, o);
  }
  /** GET /v1/events/{event_id}. */
  get(id: string): Promise<T.LedgerEvent> {
    return this.read(`/v1/events/${seg(id)}`);
  }
  /** GET /v1/events: one page (newest first). */
  list(query: T.EventListQuery = {}): Promise<T.EventPage> {
    return this.read('/v1/events', query);
  }
  /**
   * Every event matching `query`, page after page until has_more is false. Pages are numbered over a list that is
   * newest first, so events ingested meanwhile shift later pages: bound the range with date_to for an exact walk.
   */
  async *iterate(query: Omit<T.EventListQuery, 'page'> = {}): AsyncGenerator<T.EventListItem> {
    for (let page = 1; ; page++) {
      const p = await this.list({ ...query, page });
      yield* p.events;
      if (!p.has_more || p.events.length === 0) return;
    }
  }
  /** POST /v1/events/{event_id}/verify with exactly one of payload or payloadHash. */
  async verify(id: string, what: { payload: unknown } | { payloadHash: string }): Promise<T.HashVerification> {
    const body = 'payloadHash' in what ? { payload_hash: what.payloadHash } : { payload: what.payload };
    return (await this.http.call<T.HashVerification>('POST', `/v1/events/${seg(id)}/verify`, { body })).body;
  }
}

export class Ai extends Resource {
  /** POST /v1/ai/attestations: a retry replays the 201 (the same content without a key answers status duplicate). */
  attest(body: T.AttestationInput, o?: KeyOption): Promise<T.Created<T.AttestationCreated>> {
    return this.createAt('/v1/ai/attestations', body, o);
  }
  /** GET /v1/ai/attestations/{id}. */
  get(id: string): Promise<T.Attestation> {
    return this.read(`/v1/ai/attestations/${seg(id)}`);
  }
  /** POST /v1/proof/ai/{id}/verify (public): compare a content hash with the attestation. */
  async verifyContent(id: string, contentHash: string): Promise<T.AiVerification> {
    const body = { content_hash: contentHash };
    return (await this.http.call<T.AiVerification>('POST', `/v1/proof/ai/${seg(id)}/verify`, { body })).body;
  }
}

export class Documents extends Resource {
  /** POST /v1/document/anchor: a retry after a lost answer replays the 201 of the anchor it made. */
  anchor(body: T.AnchorInput, o?: KeyOption): Promise<T.Created<T.Anchored>> {
    return this.createAt('/v1/document/anchor', body, o);
  }
  /** GET /v1/document/{event_id}. */
  get(id: string): Promise<T.DocumentRecord> {
    return this.read(`/v1/document/${seg(id)}`);
  }
  /** GET /v1/document/{event_id}/original: the stored bytes, when the anchor kept them. */
  async original(id: string): Promise<Uint8Array> {
    return (await this.http.call<Uint8Array>('GET', `/v1/document/${seg(id)}/original`, { bytes: true })).body;
  }
  /** POST /v1/document/{event_id}/verify: compare a document hash with the anchor. */
  async verify(id: string, documentHash: string): Promise<T.HashVerification> {
    const body = { document_hash: documentHash };
    return (await this.http.call<T.HashVerification>('POST', `/v1/document/${seg(id)}/verify`, { body })).body;
  }
  /** POST /v1/proof/document/{event_id}/verify (public). */
  async verifyPublic(id: string, documentHash: string): Promise<T.HashVerification> {
    const body = { document_hash: documentHash };
    return (await this.http.call<T.HashVerification>('POST', `/v1/proof/document/${seg(id)}/verify`, { body })).body;
  }
}

export class Traces extends Resource {
  /** POST /v1/traces: a retry after a lost answer replays the 201 of the trace it opened. */
  create(body: T.TraceInput, o?: KeyOption): Promise<T.Created<T.Trace>> {
    return this.createAt('/v1/traces', body, o);
  }
  /** GET /v1/traces/{trace_id}. */
  get(id: string): Promise<T.Trace> {
    return this.read(`/v1/traces/${seg(id)}`);
  }
  /**
   * POST /v1/traces/{trace_id}/seal: 202 sealing; poll with waitSealed. When a retry after a lost answer meets 409
   * trace_sealing or trace_sealed, the lost attempt started the seal: its 202 is answered.
   */
  async seal(id: string): Promise<T.Sealing> {
    const sealing = (e: ProofLedgerError): T.Sealing | null =>
      e.code === 'trace_sealing' || e.code === 'trace_sealed'
        ? { trace_id: id, status: 'sealing', message: 'sealing was started by an earlier attempt of this call' }
        : null;
    return (await this.http.call<T.Sealing>('POST', `/v1/traces/${seg(id)}/seal`, { afterLoss: sealing })).body;
  }
  /**
   * Polls GET /v1/traces/{trace_id} until it is sealed, then its proof bundle until the seal's log block has its
   * checkpoint (`wait: 'head'`: also the published head): only then does the bundle verify with its log checks.
   * ProofLedgerError `timeout` while the trace is not sealed by `timeoutMs` (default 120 s), `wait_timeout` (its body
   * the last bundle) when the evidence is not there by then.
   */
  async waitSealed(id: string, o: { timeoutMs?: number; intervalMs?: number; wait?: WaitFor } = {}): Promise<T.Trace> {
    const deadline = Date.now() + (o.timeoutMs ?? DEFAULT_WAIT_MS);
    for (let wait = o.intervalMs ?? 250; ; wait = Math.min(wait * 2, 2000)) {
      const t = await this.get(id);
      if (t.status === 'sealed') {
        await pollEvidence(
          this.http,
          `/v1/traces/${seg(id)}/proof`,
          { wait: o.wait ?? 'checkpoint' },
          sealing,
          deadline,
        );
        return t;
      }
      if (Date.now() + wait > deadline)
        throw new ProofLedgerError({
          code: 'timeout',
          status: 0,
          message: `trace ${id} is still ${t.status}`,
          body: t,
        });
      await sleep(wait);
    }
  }
  /** POST /v1/traces/{trace_id}/public: enable or disable the public proof page of a trace. */
  async setPublic(id: string, enabled: boolean): Promise<T.Trace> {
    return (await this.http.call<T.Trace>('POST', `/v1/traces/${seg(id)}/public`, { body: { enabled } })).body;
  }
  /**
   * GET /v1/traces/{trace_id}/proof: the proof bundle (verify it with `verify`). With `wait`, polls through 409
   * trace_not_sealed until every log block of the bundle has its checkpoint (or head): see Proofs.event.
   */
  proof(id: string, o?: WaitOptions): Promise<T.TraceBundle> {
    return pollEvidence(this.http, `/v1/traces/${seg(id)}/proof`, o, sealing);
  }
  /** GET /v1/traces/{trace_id}/proof.pdf: the PDF bytes. */
  async pdf(id: string): Promise<Uint8Array> {
    return (await this.http.call<Uint8Array>('GET', `/v1/traces/${seg(id)}/proof.pdf`, { bytes: true })).body;
  }
}
