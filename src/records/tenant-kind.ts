// Owns what the entries of the tenant-log record kinds share (docs/architecture.md#the-record-table): where a record
// sits in its tenant's log, and for a record its tenant signed and keeps with its signed bytes, the columns of its
// signature, its rows, its leaf data and its trace bundle record.
import type { BundleRecord, KindName, RecordKind } from './table';

/** The columns a row its tenant signed ends with, when the row keeps its signed bytes (AI attestations, document anchors). */
export type TenantSigned = {
  tenant_id: string;
  created_at: string;
  key_id: string;
  public_key: Buffer;
  signature: Buffer;
  signed_bytes: Buffer;
  /** Position in the tenant's transparency log, fixed in the transaction that appends the row; absent before logs existed. */
  leaf_index?: number | null;
  /** docs/api.md#sandbox-tenants: a sandbox tenant's row; its signed bytes say "sandbox": true. */
  sandbox?: true;
};

type Placed = { tenant_id: string; leaf_index?: number | null };

/** The fields of an entry whose records are leaves of their tenant's log, found by their own id. */
export function inTenantLog<R extends Placed>(
  name: KindName,
  label: string,
  ref: 'e' | 'a' | 'd' | 's',
  find: (id: string) => R | undefined,
  id: (r: R) => string,
): Pick<RecordKind<R>, 'name' | 'label' | 'log' | 'ref' | 'find' | 'id' | 'placement'> {
  return {
    name,
    label,
    log: 'tenant',
    ref,
    find: (recordId) => find(recordId),
    id,
    placement: (r) => ({ tenant_id: r.tenant_id, org_id: null, leaf_index: r.leaf_index ?? null }),
  };
}

/** The signature, rows and leaf data of a kind whose rows keep the signed bytes, read from its append-only rows. */
export function keptSignedBytes<R extends TenantSigned>(
  store: () => { range(options: object): Iterable<{ value: R }> },
  id: (r: R) => string,
): Pick<RecordKind<R>, 'signature' | 'rows' | 'logged'> {
  function* rows(): Generator<R> {
    for (const e of store().range({})) yield e.value;
  }
  return {
    signature: (r) => ({ key_id: r.key_id, signature: r.signature, stored: r.signed_bytes }),
    rows,
    *logged() {
      for (const r of rows())
        yield {
          tenant_id: r.tenant_id,
          id: id(r),
          at: r.created_at,
          leaf_index: r.leaf_index ?? null,
          signed_bytes: r.signed_bytes,
        };
    },
  };
}

/** A row as a trace bundle item carries it: `payload`, the signature and the signed bytes, under the tenant's published key when there is one. */
export const signedBundleRecord = (
  r: TenantSigned,
  payload: unknown,
  pinned: Uint8Array | undefined,
): BundleRecord => ({
  payload,
  key_id: r.key_id,
  public_key: Buffer.from(pinned ?? r.public_key),
  signature: Buffer.from(r.signature),
  signed_payload: Buffer.from(r.signed_bytes),
});
