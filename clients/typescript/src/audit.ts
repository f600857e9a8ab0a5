// Owns the audit resource: organizations, events (keyset pages), streams, portal sessions, exports and the org log.
// Every create carries an Idempotency-Key (generated per call unless given) reused on its retries.
import type { ProofLedgerError } from './errors';
import { created, newKey, Resource, seg, type KeyOption } from './resource';
import type * as T from './types';
import { pollEvidence, type WaitOptions } from './wait';

export class Audit extends Resource {
  /** POST /v1/audit/orgs: a retry after a lost answer replays the 201 of the org it made. */
  createOrg(body: T.AuditOrgInput, o?: KeyOption): Promise<T.Created<T.AuditOrg>> {
    return this.createAt('/v1/audit/orgs', body, o);
  }
  /** GET /v1/audit/orgs: one page in organization_id order. */
  listOrgs(query: T.AuditOrgListQuery = {}): Promise<T.AuditOrgPage> {
    return this.read('/v1/audit/orgs', query);
  }
  /** Every organization, following next_cursor. */
  iterateOrgs(query: Omit<T.AuditOrgListQuery, 'cursor'> = {}): AsyncGenerator<T.AuditOrg> {
    return this.pages(
      (cursor) => this.listOrgs({ ...query, cursor }),
      (p) => p.orgs,
    );
  }
  /** GET /v1/audit/orgs/{id}. */
  getOrg(id: string): Promise<T.AuditOrg> {
    return this.read(`/v1/audit/orgs/${seg(id)}`);
  }
  /** POST /v1/audit/orgs/{id}/archive or /unarchive. */
  async setArchived(id: string, archived: boolean): Promise<T.AuditOrg> {
    const path = `/v1/audit/orgs/${seg(id)}/${archived ? 'archive' : 'unarchive'}`;
    return (await this.http.call<T.AuditOrg>('POST', path)).body;
  }
  /** DELETE /v1/audit/orgs/{id}. */
  async deleteOrg(id: string): Promise<T.Deleted> {
    return (await this.http.call<T.Deleted>('DELETE', `/v1/audit/orgs/${seg(id)}`)).body;
  }
  /** PUT /v1/audit/orgs/{id}/retention (clamped to the plan cap). */
  async setRetention(id: string, days: number): Promise<T.Retention> {
    return (await this.http.call<T.Retention>('PUT', `/v1/audit/orgs/${seg(id)}/retention`, { body: { days } })).body;
  }
  /** GET /v1/audit/orgs/{id}/integrity. */
  integrity(id: string): Promise<T.AuditIntegrity> {
    return this.read(`/v1/audit/orgs/${seg(id)}/integrity`);
  }
  /**
   * POST /v1/audit/events with an Idempotency-Key (generated when not given) reused on every retry. When a retry after
   * a lost answer meets 409 duplicate_event, the lost attempt was stored: its answer is returned (`replayed`).
   */
  async createEvent(body: T.AuditEventInput, o?: KeyOption): Promise<T.Created<T.AuditAccepted>> {
    const stored = (e: ProofLedgerError): T.AuditAccepted | null => {
      const id = (e.body as { event_id?: unknown } | null)?.event_id;
      return e.code === 'duplicate_event' && typeof id === 'string' ? { event_id: id, status: 'accepted' } : null;
    };
    return created(
      await this.http.call<T.AuditAccepted>('POST', '/v1/audit/events', {
        body,
        idempotencyKey: newKey(o),
        afterLoss: stored,
      }),
    );
  }
  /** GET /v1/audit/events: one page, newest first. */
  list(query: T.AuditEventQuery): Promise<T.AuditEventsPage> {
    return this.read('/v1/audit/events', query);
  }
  /** Every audit event matching `query`, following next_cursor to the end of the range. */
  iterate(query: Omit<T.AuditEventQuery, 'cursor'>): AsyncGenerator<T.AuditEvent> {
    return this.pages(
      (cursor) => this.list({ ...query, cursor }),
      (p) => p.events,
    );
  }
  /**
   * GET /v1/audit/events/{id}: one event, with its log block (verify it with `verify`). With `wait`, polls until the
   * org log's checkpoint (or the head containing it) covers the event: see Proofs.event.
   */
  get(id: string, o?: WaitOptions): Promise<T.AuditEvent> {
    return pollEvidence(this.http, `/v1/audit/events/${seg(id)}`, o);
  }
  /** GET /v1/audit/events/{id}/verify: the appliance's own check (use `verify` for an independent one). */
  verify(id: string): Promise<T.AuditVerification> {
    return this.read(`/v1/audit/events/${seg(id)}/verify`);
  }
  /** POST /v1/audit/orgs/{id}/streams: the answer carries signing_secret (a replay of this create carries it too). */
  createStream(orgId: string, body: T.StreamInput, o?: KeyOption): Promise<T.Created<T.Stream>> {
    return this.createAt(`/v1/audit/orgs/${seg(orgId)}/streams`, body, o);
  }
  /** GET /v1/audit/orgs/{id}/streams: one page in creation order (no secrets). */
  listStreams(orgId: string, query: T.StreamListQuery = {}): Promise<T.StreamPage> {
    return this.read(`/v1/audit/orgs/${seg(orgId)}/streams`, query);
  }
  /** Every stream of the org, following next_cursor. */
  iterateStreams(orgId: string, query: Omit<T.StreamListQuery, 'cursor'> = {}): AsyncGenerator<T.Stream> {
    return this.pages(
      (cursor) => this.listStreams(orgId, { ...query, cursor }),
      (p) => p.streams,
    );
  }
  /** DELETE /v1/audit/orgs/{id}/streams/{stream_id}. */
  async deleteStream(orgId: string, streamId: string): Promise<T.Deleted> {
    return (await this.http.call<T.Deleted>('DELETE', `/v1/audit/orgs/${seg(orgId)}/streams/${seg(streamId)}`)).body;
  }
  /** POST /v1/audit/orgs/{id}/streams/{stream_id}/pause or /resume. */
  async setStreamPaused(orgId: string, streamId: string, paused: boolean): Promise<T.Stream> {
    const path = `/v1/audit/orgs/${seg(orgId)}/streams/${seg(streamId)}/${paused ? 'pause' : 'resume'}`;
    return (await this.http.call<T.Stream>('POST', path)).body;
  }
  /** POST /v1/audit/portal_sessions: a single-use viewer link. */
  createPortalSession(body: T.PortalSessionInput, o?: KeyOption): Promise<T.Created<T.PortalLink>> {
    return this.createAt('/v1/audit/portal_sessions', body, o);
  }
  /** POST /v1/audit/exports: 202 pending; poll getExport. */
  createExport(body: T.ExportInput, o?: KeyOption): Promise<T.Created<T.ExportJob>> {
    return this.createAt('/v1/audit/exports', body, o);
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
