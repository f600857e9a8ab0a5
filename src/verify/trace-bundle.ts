// Owns the rules of a trace proof bundle (docs/verification.md#7-trace-bundle): each item's signed record and content hash, the list
// (order, uniqueness, count, composite hash), the seal and the payload its signature binds to exactly this list, one
// tenant, and every record's place in the tenant's log (no item pending once the seal is covered).
import { canonicalJson } from '../crypto/canonical';
import { isPlainObject } from '../crypto/json-value';
import type { LogResult } from './log-block';
import { logState, tenantLog, verifyLog, type LogTarget } from './log-rules';
import {
  aiPayloadHash,
  canonicalHash,
  compositeHash,
  hexBytes,
  metadataHash,
  sealPayloadHash,
  sealPayloadOf,
  valueHash,
} from './records';
import { short, type Ctx, type Obj } from './report';
import { checkClaims, checkFields, checkKind, verifySigned } from './signed-rules';
import { compareInstants, parseRfc3339 } from './time-rules';

/** docs/verification.md#check-names: the part a bundle item's checks go under, by its 0-based place in `items`. */
export const bundleItemPart = (i: number): string => `items[${i}]`;

/** The signed fields each item kind must agree with, and its content hash recomputed from the payload. */
function verifyItemContent(x: Ctx, item: string, it: Obj, s: Obj | null): void {
  const { c, p } = x;
  const content = it.content_hash;
  if (it.type === 'event') {
    // A present null is a payload (hashed as null); an absent one is a missing payload.
    if (
      !c.add(
        item,
        'payload',
        'payload' in it && it.payload !== undefined,
        'payload' in it
          ? 'the event payload is included'
          : 'the item carries no payload: its content hash cannot be recomputed',
      )
    )
      return;
    const h = canonicalHash(p.sha256, it.payload);
    c.add(
      item,
      'content_hash',
      h === content,
      h === content ? 'SHA-256 of the canonical payload = content_hash' : `SHA-256 of the canonical payload is ${h}`,
    );
    if (s && checkKind(x, item, 'ledger', s))
      checkFields(x, item, [
        ['event_id', s.event_id, it.id],
        ['payload_hash', s.payload_hash, content],
        ['ingested_at', s.ingested_at, it.timestamp],
      ]);
    return;
  }
  if (it.type !== 'ai_attestation' && it.type !== 'document') {
    c.add(item, 'type', false, `unknown item type ${short(it.type)}`);
    return;
  }
  if (
    !c.add(
      item,
      'payload',
      isPlainObject(it.payload),
      isPlainObject(it.payload)
        ? `the ${it.type === 'document' ? 'anchor' : 'attestation'} record is included`
        : 'the item carries no payload record: its content cannot be recomputed',
    )
  )
    return;
  const r = it.payload as Obj;
  if (it.type === 'ai_attestation') {
    // With plaintext stored, input/output are in the payload and their hashes are recomputed too.
    const inputHash = 'input' in r ? valueHash(p.sha256, r.input) : r.input_hash;
    const outputHash = 'output' in r ? valueHash(p.sha256, r.output) : r.output_hash;
    const h = aiPayloadHash(p.sha256, { ...r, input_hash: inputHash, output_hash: outputHash });
    const stated = !('payload_hash' in r) || r.payload_hash === content;
    c.add(
      item,
      'content_hash',
      h === content && stated,
      h !== content
        ? `payload_hash of the record is ${h}`
        : stated
          ? 'payload_hash recomputed from the hash-only record = content_hash'
          : `the record states payload_hash ${short(r.payload_hash)}`,
    );
    if (s && checkKind(x, item, 'ai', s)) {
      checkFields(x, item, [
        ['attestation_id', s.attestation_id, it.id],
        ['payload_hash', s.payload_hash, content],
        ['created_at', s.created_at, it.timestamp],
        ['attestation_type', s.attestation_type, r.attestation_type],
        ['input_hash', s.input_hash, inputHash],
        ['output_hash', s.output_hash, outputHash],
      ]);
    }
    return;
  }
  if (s && checkKind(x, item, 'document', s)) {
    c.add(
      item,
      'content_hash',
      s.document_hash === content,
      s.document_hash === content
        ? 'content_hash = signed document_hash'
        : `signed document_hash is ${short(s.document_hash)}`,
    );
    // The stricter of the two former readings: the record's metadata, or else its stated metadata_hash, must give
    // the signed metadata_hash; one of them must be there, as must document_hash and document_ref.
    const meta = 'metadata' in r ? metadataHash(p.sha256, r.metadata) : r.metadata_hash;
    const pairs: Array<[string, unknown, unknown]> = [
      ['event_id', s.event_id, it.id],
      ['created_at', s.created_at, it.timestamp],
      ['document_hash', s.document_hash, r.document_hash],
      ['document_ref', s.document_ref, r.document_ref],
      ['metadata_hash', s.metadata_hash, meta],
    ];
    if ('created_at' in r) pairs.push(['payload.created_at', s.created_at, r.created_at]);
    checkFields(x, item, pairs);
  }
}

type ItemResult = { tenant: unknown; log: LogResult };

function verifyItem(x: Ctx, item: string, it: Obj, target: LogTarget): ItemResult {
  const s = verifySigned(x, item, it);
  verifyItemContent(x, item, it, s);
  const v = isPlainObject(it.verification) ? it.verification : {};
  checkClaims(x, item, [
    ['content_hash_valid', v.content_hash_valid],
    ['signature_valid', v.signature_valid],
  ]);
  return {
    tenant: s?.tenant_id,
    log: verifyLog(x, item, hexBytes(it.signed_payload), it.log, it.public_key, target, false),
  };
}

/**
 * The seal event's signed payload_hash must be SHA-256 of canonical {trace_id, composite_hash, item_count, metadata,
 * sealed_at} built from this bundle (header trace id, recomputed composite, counted items, seal time): this is what
 * binds the seal signature to exactly this list. The metadata comes from header.metadata or seal.payload (which must
 * then be that very object); a bundle carrying neither can only be confirmed for a trace without metadata.
 */
function verifySealBinding(x: Ctx, h: Obj, seal: Obj, s: Obj, composite: string, n: number): void {
  const { c, p } = x;
  const base = {
    trace_id: h.trace_id as string,
    composite_hash: composite,
    item_count: n,
    sealed_at: seal.sealed_at as string,
  };
  const carried = isPlainObject(seal.payload) && 'metadata' in seal.payload;
  const given = 'metadata' in h ? [h.metadata] : carried ? [(seal.payload as Obj).metadata] : null;
  if (seal.payload !== undefined) {
    const expected = sealPayloadOf({ ...base, metadata: given ? given[0] : null });
    const same = isPlainObject(seal.payload) && canonicalJson(seal.payload) === canonicalJson(expected);
    c.add(
      'seal',
      'payload',
      same,
      same
        ? "seal.payload is this bundle's trace id, composite hash, count, metadata and seal time"
        : "seal.payload differs from this bundle's trace id, recomputed composite hash, item count, metadata or seal time",
    );
  }
  const match = (given ?? [null, {}]).some(
    (m) => sealPayloadHash(p.sha256, { ...base, metadata: m }) === s.payload_hash,
  );
  c.add(
    'seal',
    'payload_hash',
    match,
    match
      ? 'signed payload_hash = SHA-256 of canonical {trace_id, composite_hash, item_count, metadata, sealed_at}'
      : `signed payload_hash does not match this bundle's trace id, composite hash, count, metadata and seal time${given ? '' : ' (with metadata null; the bundle does not carry the trace metadata)'}`,
  );
}

/**
 * docs/verification.md#7-trace-bundle, the strict rule: the seal is appended after every item, in the same transaction that reads them, so
 * each item's leaf precedes the seal's. Once a signed checkpoint covers the seal it covers every item: an item whose
 * block is then pending, missing, or not before the seal is refused.
 */
function checkLogOrder(x: Ctx, seal: LogResult, items: LogResult[]): void {
  if (seal.status !== 'checked' || seal.leafIndex === null) return;
  const sealAt = seal.leafIndex;
  const bad = items
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => r.status !== 'checked' || r.leafIndex === null || r.leafIndex >= sealAt);
  x.c.add(
    'bundle',
    'log_order',
    bad.length === 0,
    bad.length === 0
      ? `every item precedes the seal (leaf ${sealAt}) in the tenant's log and is covered by a signed checkpoint`
      : `the seal is at leaf ${sealAt} under a signed checkpoint, so every item must be logged before it; ${bad
          .slice(0, 5)
          .map(({ r, i }) => `items[${i}] is ${logState(r)}`)
          .join(', ')}${bad.length > 5 ? ` and ${bad.length - 5} more` : ''}`,
  );
}

/** Returns the fields no signature covers. */
export function verifyBundle(x: Ctx, d: Obj): string[] {
  const { c } = x;
  const h = isPlainObject(d.header) ? d.header : {};
  const seal = isPlainObject(d.seal) ? d.seal : {};
  const items = Array.isArray(d.items) ? d.items : [];
  c.add(
    'bundle',
    'version',
    d.bundle_version === 1,
    d.bundle_version === 1
      ? 'bundle_version 1'
      : `unknown bundle_version ${short(d.bundle_version)}: only version 1 is defined`,
  );
  c.add(
    'bundle',
    'items',
    Array.isArray(d.items) && items.length > 0 && items.every(isPlainObject),
    Array.isArray(d.items) ? `${items.length} items` : 'items is not an array',
  );
  const target = tenantLog(h.tenant_domain);

  const tenants = new Set<unknown>();
  const logs = items.map((raw, i) => {
    const r = verifyItem(x, bundleItemPart(i), isPlainObject(raw) ? raw : {}, target);
    tenants.add(r.tenant);
    return r.log;
  });

  const seqOk = items.every((it, i) => isPlainObject(it) && it.sequence === i + 1);
  c.add(
    'bundle',
    'sequence',
    seqOk,
    seqOk
      ? `sequence numbers 1..${items.length} in order`
      : `sequence numbers out of order: ${items.map((it) => (isPlainObject(it) ? short(it.sequence) : '?')).join(',')}`,
  );
  // docs/verification.md#times: RFC 3339 only; an item time in any other form is missing.
  const times = items.map((it) => (isPlainObject(it) ? parseRfc3339(it.timestamp) : null));
  const badTime = times.findIndex((t, i) => !t || (i > 0 && !!times[i - 1] && compareInstants(t, times[i - 1]!) < 0));
  c.add(
    'bundle',
    'timestamps',
    badTime < 0,
    badTime < 0
      ? 'item timestamps are non-decreasing'
      : `items[${badTime}] has no RFC 3339 timestamp or one earlier than the item before`,
  );
  const ids = items.map((it) => (isPlainObject(it) ? String(it.id) : ''));
  const unique = new Set(ids).size === ids.length;
  c.add('bundle', 'unique_items', unique, unique ? 'no item appears twice' : 'an item appears twice');

  const n = items.length;
  const countOk = h.item_count === n && seal.item_count === n;
  c.add(
    'bundle',
    'count',
    countOk,
    countOk
      ? `${n} items = header.item_count = seal.item_count`
      : `items ${n}, header.item_count ${short(h.item_count)}, seal.item_count ${short(seal.item_count)}`,
  );

  let composite: string | null = null;
  try {
    composite = compositeHash(
      x.p.sha256,
      items.map((it) => (isPlainObject(it) ? (it.content_hash as string) : '')),
    );
  } catch (e) {
    c.add('bundle', 'composite_hash', false, (e as Error).message);
  }
  if (composite) {
    const ok = composite === h.composite_hash && composite === seal.composite_hash;
    c.add(
      'bundle',
      'composite_hash',
      ok,
      ok
        ? `SHA-256 over the ${n} raw digests = ${composite}`
        : `recomputed ${composite}; header ${short(h.composite_hash)}, seal ${short(seal.composite_hash)}`,
    );
  }

  const s = verifySigned(x, 'seal', seal);
  if (s && checkKind(x, 'seal', 'ledger', s)) {
    checkFields(x, 'seal', [
      ['event_type', s.event_type, 'trace.sealed'],
      ['event_id', s.event_id, seal.seal_event_id],
      ['ingested_at', s.ingested_at, seal.sealed_at],
      ['header.sealed_at', seal.sealed_at, h.sealed_at],
    ]);
    verifySealBinding(x, h, seal, s, composite ?? String(h.composite_hash), n);
    tenants.add(s.tenant_id);
  }
  c.add(
    'bundle',
    'tenant',
    tenants.size === 1,
    tenants.size === 1
      ? 'every item and the seal are signed for the same tenant_id'
      : 'items or seal signed for different tenants',
  );
  checkClaims(x, 'seal', [
    ['count_confirmed', seal.count_confirmed],
    ['composite_hash_valid', seal.composite_hash_valid],
    ['all_signatures_valid', seal.all_signatures_valid],
  ]);
  // The seal is the trace's last record: its checkpoint is the bundle's.
  checkLogOrder(x, verifyLog(x, 'seal', hexBytes(seal.signed_payload), seal.log, seal.public_key, target, true), logs);
  return ['header.label', 'header.created_at', 'header.domain_verified', 'organization', 'footer'];
}
