// Owns the contract of a signed record kind and the record table handed in once at boot: what the transparency
// logs, trace bundles, restore verification and the console need of each kind, reached without importing the
// areas that own them (they export the entries; src/boot/record-kinds.ts builds the table above them).

export type KindName =
  | 'ledger_event'
  | 'ai_attestation'
  | 'document_anchor'
  | 'trace_seal'
  | 'audit_event'
  | 'statement';

/**
 * Where a record sits: its log (org_id null: its tenant's log) and its leaf index there; null when the record
 * was logged by the first-start migration (its row carries none: the log finds it by record id).
 */
export type Placement = { tenant_id: string; org_id: string | null; leaf_index: number | null };

/** A record of a tenant-log kind as the first-start migration logs it: its leaf data and what places it. */
export type LoggedRecord = {
  tenant_id: string;
  id: string;
  at: string;
  leaf_index: number | null;
  signed_bytes: Uint8Array;
};

/** A record as a trace bundle item carries it (raw bytes; hex-encoded only in the bundle). */
export type BundleRecord = {
  payload: unknown;
  key_id: string;
  public_key: Uint8Array;
  signature: Uint8Array;
  signed_payload: Uint8Array;
};

/**
 * One kind of signed record. `Row` is the area's row type; callers of the table see `unknown` rows and only
 * hand them back to the entry that found them.
 */
export type RecordKind<Row = unknown> = {
  name: KindName;
  /** How reports name it ("ledger event"). */
  label: string;
  /** Which log holds its leaves. */
  log: 'tenant' | 'org';
  /**
   * The kind byte a tenant-log leaf stores before the record id (tlog/repo encodeLeaf), when leaves are found
   * by it; null for org-log kinds and for trace seals (a seal's leaf is its ledger event's, byte 'e').
   */
  ref: 'e' | 'a' | 'd' | 's' | null;
  /** The record named by `id` (trace seals: the trace's id; audit events: within `tenantId`); any tenant's for global ids. */
  find(id: string, tenantId: string): Row | undefined;
  id(row: Row): string;
  placement(row: Row): Placement;
  /** The signed bytes rebuilt from the row's columns by the kind's one signed-payload function; throws when a column no longer parses. */
  signedBytes(row: Row): Uint8Array;
  /** Every content hash the signed bytes carry, recomputed from the content the row holds. */
  contentOk(row: Row, signedBytes: Uint8Array): boolean;
  /** The key id and signature; `stored`: the copy of the signed bytes the row keeps, when it keeps one. */
  signature(row: Row): { key_id: string; signature: Uint8Array; stored: Uint8Array | null };
  /**
   * For a record its tenant did not sign (a SCITT statement, signed by its issuer): whether the signature over the
   * signed bytes verifies with the key the tenant registered for that signer. Absent: the tenant's published key of
   * `signature().key_id` checks it.
   */
  signedByOther?(row: Row, signedBytes: Uint8Array): boolean;
  /** Every row, for restore verification; absent when the rows are another kind's (trace seals are ledger events). */
  rows?(): Generator<Row>;
  /** Every record of a tenant-log kind with its leaf data (the first-start migration). */
  logged?(): Generator<LoggedRecord>;
  /** The record as a trace bundle carries it, AI plaintext and document metadata left out when `hashOnly` (trace items and seals only). */
  bundleItem?(row: Row, hashOnly: boolean): BundleRecord;
  /** The kind's signed-payload function (crypto/signed.ts) over any object: a bundle's decoded signed bytes are checked against it (with bundleItem). */
  signedPayload?(fields: Record<string, unknown>): unknown;
};

export type RecordKinds = Readonly<Record<KindName, RecordKind<any>>>;

/** A tenant's active signing key, as the tenants area hands it out (the private half stays there). */
export type Signer = { key_id: string; public_key: Uint8Array; sign(message: Uint8Array): Uint8Array };

/** What the logs and restore verification need of tenants. */
export type TenantDirectory = {
  /** Every tenant id. */
  ids(): string[];
  /** The tenant id of a tenant id or domain; throws ApiError not_found. */
  idOf(ref: string): string;
  /** The tenant's primary domain (a new log's origin), undefined for an unknown tenant. */
  domainOf(tenantId: string): string | undefined;
  signer(tenantId: string): Signer;
  /** A sandbox tenant: its logs' checkpoints never enter the head (docs/verification.md#sandbox-records). */
  sandbox(tenantId: string): boolean;
  /** The tenant's published (pinned) public key of `keyId`. */
  publishedKey(tenantId: string, keyId: string): Uint8Array | undefined;
  /** The platform key, which signs the platform logs (head, operator). */
  platformSigner(): Signer;
  platformPublicKey(): Uint8Array;
};

/** What restore verification reads of an org's integrity scan (the audit area's full report has more). */
export type OrgIntegrity = {
  contiguous: boolean;
  gaps: Array<{ from: number; to: number }>;
  cold: { problems: string[] };
  log_verified: boolean;
  tail_verified: boolean;
  first_bad_leaf: number | null;
};

/** What the logs and restore verification need of audit orgs. */
export type OrgDirectory = {
  /** Every org of every tenant, archived ones included, as [tenant_id, org_id]. */
  all(): Array<[string, string]>;
  /** Throws the audit area's not_found when the tenant has no such org. */
  assert(tenantId: string, orgId: string): void;
  lastSeq(tenantId: string, orgId: string): number;
  /** The signed bytes of event `seq` rebuilt from its row; 'unavailable' once purged by retention, null when missing. */
  signedBytesAt(tenantId: string, orgId: string, seq: number): Uint8Array | 'unavailable' | null;
  /** The org's integrity scan: sequence gaps, cold segments and its log. */
  integrity(tenantId: string, orgId: string): OrgIntegrity;
};

/** What the tenants area shows of the logs (GET /keys/{domain}, GET /.well-known/svc-platform-key). */
export type LogDirectory = {
  withNoteVerifierKeys<D extends { domain: string; keys: Array<{ public_key: string }> }>(doc: D): D;
  withHeadVerifierKey<D extends { public_key: string }>(doc: D): D & { note_verifier_key: string };
};

export type RecordTable = { kinds: RecordKinds; tenants: TenantDirectory; orgs: OrgDirectory; logs: LogDirectory };

let table: RecordTable | null = null;

/** Boot (server, writer thread, CLI, console, scan thread): hands the table in, once per process or thread. */
export function useRecordTable(t: RecordTable): void {
  table = t;
}

/** The table handed in at boot; throws when this process or thread was not wired. */
export function recordTable(): RecordTable {
  if (!table) throw new Error('record table used before it was handed in at boot (wireRecordTable)');
  return table;
}

/** The table's kinds whose leaves are in `log`, in table order. */
export const kindsOfLog = (log: 'tenant' | 'org'): Array<RecordKind<any>> =>
  Object.values(recordTable().kinds).filter((k) => k.log === log);
