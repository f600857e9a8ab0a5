// Owns the ProofLedger client: one method per documented endpoint, grouped by resource, with generated
// Idempotency-Keys on the keyed writes, page and cursor iterators, and traces.waitSealed.
import { ProofLedgerError } from './errors';
import { Http, type ClientOptions, type Query } from './http';
import type * as T from './types';

type KeyOption = { idempotencyKey?: string };
const seg = (v: string) => encodeURIComponent(v);
/** One key per logical call (SDK.md), made where the call starts so that every retry carries it. */
const newKey = (o?: KeyOption) => o?.idempotencyKey ?? globalThis.crypto.randomUUID();
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class ProofLedger {
  readonly http: Http;
  readonly events: Events;
  readonly ai: Ai;
  readonly documents: Documents;
  readonly traces: Traces;
  readonly audit: Audit;
  readonly proofs: Proofs;
  readonly log: Log;
  readonly head: Head;
  readonly keys: Keys;

  constructor(options: ClientOptions) {
    this.http = new Http(options);
    this.events = new Events(this.http);
    this.ai = new Ai(this.http);
    this.documents = new Documents(this.http);
    this.traces = new Traces(this.http);
    this.audit = new Audit(this.http);
    this.proofs = new Proofs(this.http);
    this.log = new Log(this.http);
    this.head = new Head(this.http);
    this.keys = new Keys(this.http);
  }
}

abstract class Resource {
  constructor(protected readonly http: Http) {}
  protected async read<R>(path: string, query?: Query): Promise<R> {
    return (await this.http.call<R>('GET', path, { query })).body;
  }
}

class Events extends Resource {
  /** POST /v1/events: 201 once durable. A retry carries the same Idempotency-Key, so it stores one event. */
  async create(body: T.EventInput, o?: KeyOption): Promise<T.EventCreated & { replayed: boolean }> {
    const r = await this.http.call<T.EventCreated>('POST', '/v1/events', { body, idempotencyKey: newKey(o) });
    return { ...r.body, replayed: r.headers.get('idempotent-replayed') === 'true' };
  }
  /** GET /v1/events/{event_id}. */
  get(id: string): Promise<T.LedgerEvent> {
    return this.read(`/v1/events/${seg(id)}`);
  }
  /** GET /v1/events: one page (newest first). */
  list(query: T.EventListQuery = {}): Promise<T.EventPage> {
    return this.read<T.EventPage>('/v1/events', query);
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
  verify(id: string, what: { payload: unknown } | { payloadHash: string }): Promise<T.HashVerification> {
    const body = 'payloadHash' in what ? { payload_hash: what.payloadHash } : { payload: what.payload };
    return this.http
      .call<T.HashVerification>('POST', `/v1/events/${seg(id)}/verify`, { body, repeatable: true })
      .then((r) => r.body);
  }
}

class Ai extends Resource {
  /** POST /v1/ai/attestations (idempotent on its payload hash; the Idempotency-Key makes retries replay the 201). */
  async attest(body: T.AttestationInput, o?: KeyOption): Promise<T.AttestationCreated> {
    return (
      await this.http.call<T.AttestationCreated>('POST', '/v1/ai/attestations', { body, idempotencyKey: newKey(o) })
    ).body;
  }
  /** GET /v1/ai/attestations/{id}. */
  get(id: string): Promise<T.Attestation> {
    return this.read(`/v1/ai/attestations/${seg(id)}`);
  }
  /** POST /v1/proof/ai/{id}/verify (public): compare a content hash with the attestation. */
  async verifyContent(id: string, contentHash: string): Promise<T.AiVerification> {
    return (
      await this.http.call<T.AiVerification>('POST', `/v1/proof/ai/${seg(id)}/verify`, {
        body: { content_hash: contentHash },
        repeatable: true,
      })
    ).body;
  }
}

class Documents extends Resource {
  /** POST /v1/document/anchor. Not retried after a lost answer (a second anchor is 409 document_already_anchored). */
  async anchor(body: T.AnchorInput): Promise<T.Anchored> {
    return (await this.http.call<T.Anchored>('POST', '/v1/document/anchor', { body })).body;
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
    return (
      await this.http.call<T.HashVerification>('POST', `/v1/document/${seg(id)}/verify`, {
        body: { document_hash: documentHash },
        repeatable: true,
      })
    ).body;
  }
  /** POST /v1/proof/document/{event_id}/verify (public). */
  async verifyPublic(id: string, documentHash: string): Promise<T.HashVerification> {
    return (
      await this.http.call<T.HashVerification>('POST', `/v1/proof/document/${seg(id)}/verify`, {
        body: { document_hash: documentHash },
        repeatable: true,
      })
    ).body;
  }
}

class Traces extends Resource {
  /** POST /v1/traces. Not retried after a lost answer (it would open a second trace). */
  async create(body: T.TraceInput): Promise<T.Trace> {
    return (await this.http.call<T.Trace>('POST', '/v1/traces', { body })).body;
  }
  /** GET /v1/traces/{trace_id}. */
  get(id: string): Promise<T.Trace> {
    return this.read(`/v1/traces/${seg(id)}`);
  }
  /** POST /v1/traces/{trace_id}/seal: 202 sealing; poll with waitSealed. */
  async seal(id: string): Promise<T.Sealing> {
    return (await this.http.call<T.Sealing>('POST', `/v1/traces/${seg(id)}/seal`, { repeatable: true })).body;
  }
  /** Polls GET /v1/traces/{trace_id} until it is sealed; ProofLedgerError `timeout` after `timeoutMs` (default 60 s). */
  async waitSealed(id: string, o: { timeoutMs?: number; intervalMs?: number } = {}): Promise<T.Trace> {
    const deadline = Date.now() + (o.timeoutMs ?? 60_000);
    for (let wait = o.intervalMs ?? 250; ; wait = Math.min(wait * 2, 2000)) {
      const t = await this.get(id);
      if (t.status === 'sealed') return t;
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
    return (
      await this.http.call<T.Trace>('POST', `/v1/traces/${seg(id)}/public`, { body: { enabled }, repeatable: true })
    ).body;
  }
  /** GET /v1/traces/{trace_id}/proof: the proof bundle (verify it with `verify`). */
  proof(id: string): Promise<T.TraceBundle> {
    return this.read(`/v1/traces/${seg(id)}/proof`);
  }
  /** GET /v1/traces/{trace_id}/proof.pdf: the PDF bytes. */
  async pdf(id: string): Promise<Uint8Array> {
    return (await this.http.call<Uint8Array>('GET', `/v1/traces/${seg(id)}/proof.pdf`, { bytes: true })).body;
  }
}

class Audit extends Resource {
  /** POST /v1/audit/orgs. */
  async createOrg(body: T.AuditOrgInput): Promise<T.AuditOrg> {
    return (await this.http.call<T.AuditOrg>('POST', '/v1/audit/orgs', { body })).body;
  }
  /** GET /v1/audit/orgs (one page). */
  listOrgs(query: { limit?: number; cursor?: string } = {}): Promise<T.AuditOrgPage> {
    return this.read('/v1/audit/orgs', query);
  }
  /** GET /v1/audit/orgs/{id}. */
  getOrg(id: string): Promise<T.AuditOrg> {
    return this.read(`/v1/audit/orgs/${seg(id)}`);
  }
  /** POST /v1/audit/orgs/{id}/archive or /unarchive. */
  async setArchived(id: string, archived: boolean): Promise<T.AuditOrg> {
    return (
      await this.http.call<T.AuditOrg>('POST', `/v1/audit/orgs/${seg(id)}/${archived ? 'archive' : 'unarchive'}`, {
        repeatable: true,
      })
    ).body;
  }
  /** DELETE /v1/audit/orgs/{id}. */
  async deleteOrg(id: string): Promise<T.Deleted> {
    return (await this.http.call<T.Deleted>('DELETE', `/v1/audit/orgs/${seg(id)}`)).body;
  }
  /** PUT /v1/audit/orgs/{id}/retention (clamped to the plan cap). */
  async setRetention(id: string, days: number): Promise<T.Retention> {
    return (
      await this.http.call<T.Retention>('PUT', `/v1/audit/orgs/${seg(id)}/retention`, {
        body: { days },
        repeatable: true,
      })
    ).body;
  }
  /** GET /v1/audit/orgs/{id}/integrity. */
  integrity(id: string): Promise<T.AuditIntegrity> {
    return this.read(`/v1/audit/orgs/${seg(id)}/integrity`);
  }
  /**
   * POST /v1/audit/events with an Idempotency-Key (generated when not given) reused on every retry. When a retry is
   * answered 409 duplicate_event, an earlier attempt of this call was stored: its event_id is returned.
   */
  async createEvent(body: T.AuditEventInput, o?: KeyOption): Promise<T.AuditAccepted> {
    return (
      await this.http.call<T.AuditAccepted>('POST', '/v1/audit/events', {
        body,
        idempotencyKey: newKey(o),
        duplicateMeansStored: true,
      })
    ).body;
  }
  /** GET /v1/audit/events: one page, newest first. */
  list(query: T.AuditEventQuery): Promise<T.AuditEventsPage> {
    return this.read('/v1/audit/events', query);
  }
  /** Every audit event matching `query`, following next_cursor to the end of the range. */
  async *iterate(query: Omit<T.AuditEventQuery, 'cursor'>): AsyncGenerator<T.AuditEvent> {
    let cursor: string | undefined;
    do {
      const p = await this.list({ ...query, ...(cursor ? { cursor } : {}) });
      yield* p.events;
      cursor = p.next_cursor ?? undefined;
    } while (cursor);
  }
  /** GET /v1/audit/events/{id}. */
  getEvent(id: string): Promise<T.AuditEvent> {
    return this.read(`/v1/audit/events/${seg(id)}`);
  }
  /** GET /v1/audit/events/{id}/verify: the appliance's own check (use `verify` for an independent one). */
  verify(id: string): Promise<T.AuditVerification> {
    return this.read(`/v1/audit/events/${seg(id)}/verify`);
  }
  /** POST /v1/audit/orgs/{id}/streams: the answer carries signing_secret, once. */
  async createStream(orgId: string, body: T.StreamInput): Promise<T.Stream> {
    return (await this.http.call<T.Stream>('POST', `/v1/audit/orgs/${seg(orgId)}/streams`, { body })).body;
  }
  /** GET /v1/audit/orgs/{id}/streams. */
  async listStreams(orgId: string): Promise<T.Stream[]> {
    return (await this.read<{ streams: T.Stream[] }>(`/v1/audit/orgs/${seg(orgId)}/streams`)).streams;
  }
  /** DELETE /v1/audit/orgs/{id}/streams/{stream_id}. */
  async deleteStream(orgId: string, streamId: string): Promise<T.Deleted> {
    return (await this.http.call<T.Deleted>('DELETE', `/v1/audit/orgs/${seg(orgId)}/streams/${seg(streamId)}`)).body;
  }
  /** POST /v1/audit/orgs/{id}/streams/{stream_id}/pause or /resume. */
  async setStreamPaused(orgId: string, streamId: string, paused: boolean): Promise<T.Stream> {
    return (
      await this.http.call<T.Stream>(
        'POST',
        `/v1/audit/orgs/${seg(orgId)}/streams/${seg(streamId)}/${paused ? 'pause' : 'resume'}`,
        { repeatable: true },
      )
    ).body;
  }
  /** POST /v1/audit/portal_sessions: a single-use viewer link. */
  async createPortalSession(body: T.PortalSessionInput): Promise<T.PortalLink> {
    return (await this.http.call<T.PortalLink>('POST', '/v1/audit/portal_sessions', { body })).body;
  }
  /** POST /v1/audit/exports: 202 pending; poll getExport. */
  async createExport(body: T.ExportInput): Promise<T.ExportJob> {
    return (await this.http.call<T.ExportJob>('POST', '/v1/audit/exports', { body })).body;
  }
  /** GET /v1/audit/exports/{id}. */
  getExport(id: string): Promise<T.ExportJob> {
    return this.read(`/v1/audit/exports/${seg(id)}`);
  }
  /** GET /v1/audit/orgs/{id}/log/checkpoint: the org log's latest signed checkpoint. */
  checkpoint(orgId: string): Promise<T.Checkpoint> {
    return this.read(`/v1/audit/orgs/${seg(orgId)}/log/checkpoint`);
  }
  /** GET /v1/audit/orgs/{id}/log/consistency: that the org log only grew from size `first` to `second`. */
  consistency(orgId: string, first: number, second?: number): Promise<T.Consistency> {
    return this.read(`/v1/audit/orgs/${seg(orgId)}/log/consistency`, { first, second });
  }
}

class Proofs extends Resource {
  /** GET /v1/proof/event/{event_id} (public, no key needed). */
  event(id: string): Promise<T.EventProof> {
    return this.read(`/v1/proof/event/${seg(id)}`);
  }
  /** GET /v1/proof/ai/{attestation_id} (public). */
  ai(id: string): Promise<T.AiProof> {
    return this.read(`/v1/proof/ai/${seg(id)}`);
  }
  /** GET /v1/proof/document/{event_id} (public). */
  document(id: string): Promise<T.DocumentProof> {
    return this.read(`/v1/proof/document/${seg(id)}`);
  }
  /** GET /v1/proof/trace/{trace_id} (public once the trace's page is enabled). */
  trace(id: string): Promise<T.TraceBundle> {
    return this.read(`/v1/proof/trace/${seg(id)}`);
  }
}

class Log extends Resource {
  /** GET /v1/log/checkpoint: the tenant log's latest signed checkpoint. */
  checkpoint(): Promise<T.Checkpoint> {
    return this.read('/v1/log/checkpoint');
  }
  /** GET /v1/log/inclusion: by leaf index or record id, in the tree of `tree_size` (default the latest). */
  inclusion(query: { leaf_index?: number; record_id?: string; tree_size?: number }): Promise<T.Inclusion> {
    return this.read('/v1/log/inclusion', query);
  }
  /** GET /v1/log/consistency: that the log only grew from size `first` to `second` (default the latest). */
  consistency(first: number, second?: number): Promise<T.Consistency> {
    return this.read('/v1/log/consistency', { first, second });
  }
  /** GET /v1/log/integrity: the appliance's own scan of the tenant log. */
  integrity(): Promise<T.LogIntegrity> {
    return this.read('/v1/log/integrity');
  }
  /** GET /v1/proof/log/{domain}/checkpoint (public). */
  publicCheckpoint(domain: string): Promise<T.Checkpoint> {
    return this.read(`/v1/proof/log/${seg(domain)}/checkpoint`);
  }
}

class Head extends Resource {
  /** GET /v1/proof/head/checkpoint (public): the latest published head, its cosignatures and RFC 3161 timestamps. */
  checkpoint(query: { tree_size?: number } = {}): Promise<T.HeadCheckpoint> {
    return this.read('/v1/proof/head/checkpoint', query);
  }
  /** GET /v1/proof/head/inclusion: a head leaf by index, or the leaf of a log checkpoint by origin and size. */
  inclusion(query: { leaf_index?: number; origin?: string; size?: number; tree_size?: number }): Promise<T.Inclusion> {
    return this.read('/v1/proof/head/inclusion', query);
  }
  /** GET /v1/proof/head/consistency: that the head log only grew from size `first` to `second`. */
  consistency(first: number, second?: number): Promise<T.Consistency> {
    return this.read('/v1/proof/head/consistency', { first, second });
  }
}

class Keys extends Resource {
  /** GET /keys/{domain} (public): the tenant's signing keys, to pass to `verify` as `keys`. */
  get(domain: string): Promise<T.KeyRecord> {
    return this.read(`/keys/${seg(domain)}`);
  }
  /** GET /.well-known/svc-platform-key (public). */
  platform(): Promise<T.PlatformKey> {
    return this.read('/.well-known/svc-platform-key');
  }
}
