// Owns the public resources (no API key needed, except the tenant's own log): proofs, the logs' checkpoints and
// proofs, the head log and the published keys.
import { Resource, seg } from './resource';
import type * as T from './types';
import { pollEvidence, sealing, type WaitOptions } from './wait';

export class Proofs extends Resource {
  /**
   * GET /v1/proof/event/{event_id} (public, no key needed). With `wait`, polls until the proof's log block has its
   * checkpoint (`'checkpoint'`) or also the published head containing it (`'head'`): ProofLedgerError `wait_timeout`,
   * its body the last proof seen, when `timeoutMs` runs out first. The same option on every proof below.
   */
  event(id: string, o?: WaitOptions): Promise<T.EventProof> {
    return pollEvidence(this.http, `/v1/proof/event/${seg(id)}`, o);
  }
  /** GET /v1/proof/ai/{attestation_id} (public). */
  ai(id: string, o?: WaitOptions): Promise<T.AiProof> {
    return pollEvidence(this.http, `/v1/proof/ai/${seg(id)}`, o);
  }
  /** GET /v1/proof/document/{event_id} (public). */
  document(id: string, o?: WaitOptions): Promise<T.DocumentProof> {
    return pollEvidence(this.http, `/v1/proof/document/${seg(id)}`, o);
  }
  /** GET /v1/proof/trace/{trace_id} (public once the trace's page is enabled). */
  trace(id: string, o?: WaitOptions): Promise<T.TraceBundle> {
    return pollEvidence(this.http, `/v1/proof/trace/${seg(id)}`, o, sealing);
  }
  /**
   * The evidence pack (ZIP bytes) of a record or sealed trace: GET /v1/proof/{event|ai|document}/{id}/evidence (no
   * key), /v1/traces/{id}/evidence (key with read; `{public: true}`: the public /v1/proof/trace/{id}/evidence) or
   * /v1/audit/events/{id}/evidence (audit:read). 409 leaf_pending until its proof is complete.
   */
  async evidence(kind: T.EvidenceKind, id: string, o: { public?: boolean } = {}): Promise<Uint8Array> {
    const path =
      kind === 'trace'
        ? o.public
          ? `/v1/proof/trace/${seg(id)}/evidence`
          : `/v1/traces/${seg(id)}/evidence`
        : kind === 'audit'
          ? `/v1/audit/events/${seg(id)}/evidence`
          : `/v1/proof/${kind}/${seg(id)}/evidence`;
    return (await this.http.call<Uint8Array>('GET', path, { bytes: true })).body;
  }
}

export class Log extends Resource {
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

export class Head extends Resource {
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

export class Keys extends Resource {
  /** GET /keys/{domain} (public): the tenant's signing keys, to pass to `verify` as `keys`. */
  get(domain: string): Promise<T.KeyRecord> {
    return this.read(`/keys/${seg(domain)}`);
  }
  /** GET /.well-known/svc-platform-key (public). */
  platform(): Promise<T.PlatformKey> {
    return this.read('/.well-known/svc-platform-key');
  }
}
