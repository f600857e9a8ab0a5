// Owns the names the client gives the generated OpenAPI types (openapi.d.ts): resources, bodies, queries and pages,
// what creates answer (the record and `replayed`), and the webhook deliveries constructEvent returns.
import type { components, paths } from './openapi';

type S = components['schemas'];
type QueryOf<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } }
  ? NonNullable<Q>
  : never;

export type EventInput = S['EventInDoc'];
export type EventCreated = S['EventCreated'];
export type LedgerEvent = S['EventOut'];
export type EventListItem = S['EventListItem'];
export type EventPage = S['EventPage'];
export type EventListQuery = QueryOf<'/v1/events'>;
export type EventProof = S['EventProof'];
/** What `proofs.evidence(kind, id)` names: a record, a sealed trace or an audit event. */
export type EvidenceKind = 'event' | 'ai' | 'document' | 'trace' | 'audit';
/** The answer of a hash comparison (events.verify, documents.verify). */
export type HashVerification = S['HashVerify'];
export type AttestationInput = S['AttestationIn'];
export type AttestationCreated = S['AttestationCreated'];
export type Attestation = S['Attestation'];
export type AiProof = S['AiProof'];
export type AiVerification = S['AiVerify'];
export type AnchorInput = S['AnchorIn'];
export type Anchored = S['Anchored'];
export type DocumentRecord = S['Document'];
export type DocumentProof = S['DocumentProof'];
export type TraceInput = S['TraceIn'];
export type Trace = S['Trace'];
export type Sealing = S['Sealing'];
export type TraceBundle = S['Bundle'];
/** One item of a trace bundle; narrow on `type` ('event', 'ai_attestation', 'document') for its payload. */
export type TraceBundleItem = S['BundleItem'];
export type AuditOrgInput = S['OrgIn'];
export type AuditOrg = S['Org'];
export type AuditOrgPage = S['OrgPage'];
export type AuditEventInput = S['AuditIn'];
export type AuditAccepted = S['AuditAccepted'];
export type AuditEvent = S['AuditEvent'];
export type AuditEventsPage = S['AuditEventsPage'];
export type AuditEventQuery = QueryOf<'/v1/audit/events'>;
export type AuditVerification = S['AuditVerify'];
export type AuditIntegrity = S['Integrity'];
export type Retention = S['Retention'];
export type StreamInput = S['StreamIn'];
export type Stream = S['Stream'];
export type StreamPage = S['StreamPage'];
export type StreamListQuery = { limit?: number; cursor?: string };
export type AuditOrgListQuery = { limit?: number; cursor?: string };
export type PortalSessionInput = S['MintIn'];
export type PortalLink = S['PortalLink'];
export type ExportInput = S['ExportIn'];
export type ExportJob = S['ExportJob'];
export type Checkpoint = S['Checkpoint'];
/** The head log's published head (docs/transparency-logs.md#head-checkpoints-and-publication). */
export type HeadCheckpoint = S['HeadCheckpoint'];
export type Inclusion = S['Inclusion'];
export type Consistency = S['Consistency'];
export type LogIntegrity = S['LogIntegrity'];
export type KeyRecord = S['KeyRecord'];
export type PlatformKey = S['PlatformKey'];
export type Deleted = S['Deleted'];
export type ApiErrorBody = S['Error'];
export type { ApiErrorCode } from './error-codes';

/**
 * What a create answers: the record as the API stored it, and `replayed`, true when this is the stored answer of an
 * earlier attempt with the same Idempotency-Key (the answer had Idempotent-Replayed: true, or an audit event's retry
 * met the event its lost attempt stored).
 */
export type Created<T> = T & { replayed: boolean };

/** An audit stream's delivery of events (docs/webhooks.md), as constructEvent returns it. */
export type WebhookEventBatch = { type: 'events'; stream_id: string; org_id: string; events: AuditEvent[] };
/** A signed checkpoint of the org's log, delivered after the events it covers (docs/webhooks.md). */
export type WebhookCheckpoint = {
  type: 'checkpoint';
  organization_id: string;
  tree_size: number;
  /** SHA-256, lowercase hex. */
  root_hash: string;
  /** The C2SP signed note. */
  checkpoint: string;
};
export type WebhookDelivery = WebhookEventBatch | WebhookCheckpoint;
