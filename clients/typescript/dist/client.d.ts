import { Http, type ClientOptions, type Query } from './http';
import type * as T from './types';
type KeyOption = {
    idempotencyKey?: string;
};
export declare class ProofLedger {
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
    constructor(options: ClientOptions);
}
declare abstract class Resource {
    protected readonly http: Http;
    constructor(http: Http);
    protected read<R>(path: string, query?: Query): Promise<R>;
}
declare class Events extends Resource {
    /** POST /v1/events: 201 once durable. A retry carries the same Idempotency-Key, so it stores one event. */
    create(body: T.EventInput, o?: KeyOption): Promise<T.EventCreated & {
        replayed: boolean;
    }>;
    /** GET /v1/events/{event_id}. */
    get(id: string): Promise<T.LedgerEvent>;
    /** GET /v1/events: one page (newest first). */
    list(query?: T.EventListQuery): Promise<T.EventPage>;
    /**
     * Every event matching `query`, page after page until has_more is false. Pages are numbered over a list that is
     * newest first, so events ingested meanwhile shift later pages: bound the range with date_to for an exact walk.
     */
    iterate(query?: Omit<T.EventListQuery, 'page'>): AsyncGenerator<T.EventListItem>;
    /** POST /v1/events/{event_id}/verify with exactly one of payload or payloadHash. */
    verify(id: string, what: {
        payload: unknown;
    } | {
        payloadHash: string;
    }): Promise<T.HashVerification>;
}
declare class Ai extends Resource {
    /** POST /v1/ai/attestations (idempotent on its payload hash; the Idempotency-Key makes retries replay the 201). */
    attest(body: T.AttestationInput, o?: KeyOption): Promise<T.AttestationCreated>;
    /** GET /v1/ai/attestations/{id}. */
    get(id: string): Promise<T.Attestation>;
    /** POST /v1/proof/ai/{id}/verify (public): compare a content hash with the attestation. */
    verifyContent(id: string, contentHash: string): Promise<T.AiVerification>;
}
declare class Documents extends Resource {
    /** POST /v1/document/anchor. Not retried after a lost answer (a second anchor is 409 document_already_anchored). */
    anchor(body: T.AnchorInput): Promise<T.Anchored>;
    /** GET /v1/document/{event_id}. */
    get(id: string): Promise<T.DocumentRecord>;
    /** GET /v1/document/{event_id}/original: the stored bytes, when the anchor kept them. */
    original(id: string): Promise<Uint8Array>;
    /** POST /v1/document/{event_id}/verify: compare a document hash with the anchor. */
    verify(id: string, documentHash: string): Promise<T.HashVerification>;
    /** POST /v1/proof/document/{event_id}/verify (public). */
    verifyPublic(id: string, documentHash: string): Promise<T.HashVerification>;
}
declare class Traces extends Resource {
    /** POST /v1/traces. Not retried after a lost answer (it would open a second trace). */
    create(body: T.TraceInput): Promise<T.Trace>;
    /** GET /v1/traces/{trace_id}. */
    get(id: string): Promise<T.Trace>;
    /** POST /v1/traces/{trace_id}/seal: 202 sealing; poll with waitSealed. */
    seal(id: string): Promise<T.Sealing>;
    /** Polls GET /v1/traces/{trace_id} until it is sealed; ProofLedgerError `timeout` after `timeoutMs` (default 60 s). */
    waitSealed(id: string, o?: {
        timeoutMs?: number;
        intervalMs?: number;
    }): Promise<T.Trace>;
    /** POST /v1/traces/{trace_id}/public: enable or disable the public proof page of a trace. */
    setPublic(id: string, enabled: boolean): Promise<T.Trace>;
    /** GET /v1/traces/{trace_id}/proof: the proof bundle (verify it with `verify`). */
    proof(id: string): Promise<T.TraceBundle>;
    /** GET /v1/traces/{trace_id}/proof.pdf: the PDF bytes. */
    pdf(id: string): Promise<Uint8Array>;
}
declare class Audit extends Resource {
    /** POST /v1/audit/orgs. */
    createOrg(body: T.AuditOrgInput): Promise<T.AuditOrg>;
    /** GET /v1/audit/orgs (one page). */
    listOrgs(query?: {
        limit?: number;
        cursor?: string;
    }): Promise<T.AuditOrgPage>;
    /** GET /v1/audit/orgs/{id}. */
    getOrg(id: string): Promise<T.AuditOrg>;
    /** POST /v1/audit/orgs/{id}/archive or /unarchive. */
    setArchived(id: string, archived: boolean): Promise<T.AuditOrg>;
    /** DELETE /v1/audit/orgs/{id}. */
    deleteOrg(id: string): Promise<T.Deleted>;
    /** PUT /v1/audit/orgs/{id}/retention (clamped to the plan cap). */
    setRetention(id: string, days: number): Promise<T.Retention>;
    /** GET /v1/audit/orgs/{id}/integrity. */
    integrity(id: string): Promise<T.AuditIntegrity>;
    /**
     * POST /v1/audit/events with an Idempotency-Key (generated when not given) reused on every retry. When a retry is
     * answered 409 duplicate_event, an earlier attempt of this call was stored: its event_id is returned.
     */
    createEvent(body: T.AuditEventInput, o?: KeyOption): Promise<T.AuditAccepted>;
    /** GET /v1/audit/events: one page, newest first. */
    list(query: T.AuditEventQuery): Promise<T.AuditEventsPage>;
    /** Every audit event matching `query`, following next_cursor to the end of the range. */
    iterate(query: Omit<T.AuditEventQuery, 'cursor'>): AsyncGenerator<T.AuditEvent>;
    /** GET /v1/audit/events/{id}. */
    getEvent(id: string): Promise<T.AuditEvent>;
    /** GET /v1/audit/events/{id}/verify: the appliance's own check (use `verify` for an independent one). */
    verify(id: string): Promise<T.AuditVerification>;
    /** POST /v1/audit/orgs/{id}/streams: the answer carries signing_secret, once. */
    createStream(orgId: string, body: T.StreamInput): Promise<T.Stream>;
    /** GET /v1/audit/orgs/{id}/streams. */
    listStreams(orgId: string): Promise<T.Stream[]>;
    /** DELETE /v1/audit/orgs/{id}/streams/{stream_id}. */
    deleteStream(orgId: string, streamId: string): Promise<T.Deleted>;
    /** POST /v1/audit/orgs/{id}/streams/{stream_id}/pause or /resume. */
    setStreamPaused(orgId: string, streamId: string, paused: boolean): Promise<T.Stream>;
    /** POST /v1/audit/portal_sessions: a single-use viewer link. */
    createPortalSession(body: T.PortalSessionInput): Promise<T.PortalLink>;
    /** POST /v1/audit/exports: 202 pending; poll getExport. */
    createExport(body: T.ExportInput): Promise<T.ExportJob>;
    /** GET /v1/audit/exports/{id}. */
    getExport(id: string): Promise<T.ExportJob>;
    /** GET /v1/audit/orgs/{id}/log/checkpoint: the org log's latest signed checkpoint. */
    checkpoint(orgId: string): Promise<T.Checkpoint>;
    /** GET /v1/audit/orgs/{id}/log/consistency: that the org log only grew from size `first` to `second`. */
    consistency(orgId: string, first: number, second?: number): Promise<T.Consistency>;
}
declare class Proofs extends Resource {
    /** GET /v1/proof/event/{event_id} (public, no key needed). */
    event(id: string): Promise<T.EventProof>;
    /** GET /v1/proof/ai/{attestation_id} (public). */
    ai(id: string): Promise<T.AiProof>;
    /** GET /v1/proof/document/{event_id} (public). */
    document(id: string): Promise<T.DocumentProof>;
    /** GET /v1/proof/trace/{trace_id} (public once the trace's page is enabled). */
    trace(id: string): Promise<T.TraceBundle>;
}
declare class Log extends Resource {
    /** GET /v1/log/checkpoint: the tenant log's latest signed checkpoint. */
    checkpoint(): Promise<T.Checkpoint>;
    /** GET /v1/log/inclusion: by leaf index or record id, in the tree of `tree_size` (default the latest). */
    inclusion(query: {
        leaf_index?: number;
        record_id?: string;
        tree_size?: number;
    }): Promise<T.Inclusion>;
    /** GET /v1/log/consistency: that the log only grew from size `first` to `second` (default the latest). */
    consistency(first: number, second?: number): Promise<T.Consistency>;
    /** GET /v1/log/integrity: the appliance's own scan of the tenant log. */
    integrity(): Promise<T.LogIntegrity>;
    /** GET /v1/proof/log/{domain}/checkpoint (public). */
    publicCheckpoint(domain: string): Promise<T.Checkpoint>;
}
declare class Head extends Resource {
    /** GET /v1/proof/head/checkpoint (public): the latest published head, its cosignatures and RFC 3161 timestamps. */
    checkpoint(query?: {
        tree_size?: number;
    }): Promise<T.HeadCheckpoint>;
    /** GET /v1/proof/head/inclusion: a head leaf by index, or the leaf of a log checkpoint by origin and size. */
    inclusion(query: {
        leaf_index?: number;
        origin?: string;
        size?: number;
        tree_size?: number;
    }): Promise<T.Inclusion>;
    /** GET /v1/proof/head/consistency: that the head log only grew from size `first` to `second`. */
    consistency(first: number, second?: number): Promise<T.Consistency>;
}
declare class Keys extends Resource {
    /** GET /keys/{domain} (public): the tenant's signing keys, to pass to `verify` as `keys`. */
    get(domain: string): Promise<T.KeyRecord>;
    /** GET /.well-known/svc-platform-key (public). */
    platform(): Promise<T.PlatformKey>;
}
export {};
