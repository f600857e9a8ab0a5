// Owns the ProofLedger client: its resources (one method per documented endpoint, src/records.ts, src/audit.ts,
// src/public.ts) over one HTTP layer, and `request` for any other route with the same retries and errors.
import { Audit } from './audit';
import { Http, type CallOptions, type ClientOptions } from './http';
import { Head, Keys, Log, Proofs } from './public';
import { Ai, Documents, Events, Traces } from './records';

export type RequestOptions = Pick<CallOptions, 'query' | 'body' | 'idempotencyKey' | 'bytes'>;

export class ProofLedger {
  private readonly http: Http;
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

  /** Any other route, with the same retries and errors: the parsed JSON answer (or its bytes with `bytes`). */
  async request<R = unknown>(method: string, path: string, o: RequestOptions = {}): Promise<R> {
    return (await this.http.call<R>(method, path, o)).body;
  }
}
