// Owns offline verification of an event, AI or document proof or a trace bundle: every check uses only the document
// (and optional saved key records), no server; each check is the pure one of src/verify run on node:crypto.
import { canonicalBytes, canonicalJson } from '../crypto/canonical';
import { isPlainObject } from '../crypto/json-value';
import { aiSignedPayload, documentSignedPayload, ledgerSignedPayload } from '../crypto/signed';
import { checkLogBlock } from '../verify/log-block';
import { nodePrimitives as P } from '../verify/node-primitives';
import { toHex } from '../verify/primitives';
import { aiPayloadHash, canonicalHash, checkAuditEvent, checkSignedRecord, compositeHash, hexBytes, keyIdOf, metadataHash, sealPayloadHash, valueHash } from '../verify/records';

/** One verdict. `skipped` marks a check the document does not carry enough data for; it never fails the report. */
export type Check = { item: string; check: string; ok: boolean; detail: string; skipped?: true };
/** The signed checkpoint a document's log block was checked against (the seal's for a bundle), when it verified. */
export type ReportCheckpoint = { origin: string; tree_size: number; root_hash: string; key_id: string; note_key_id: string; public_key: string; note: string };
export type VerifyReport = { kind: 'event_proof' | 'ai_proof' | 'document_proof' | 'audit_event' | 'trace_bundle' | 'unknown'; ok: boolean; checks: Check[]; checkpoint?: ReportCheckpoint };
/** keys: a saved GET /keys/{domain} answer; platformKey: a saved GET /.well-known/svc-platform-key answer. */
export type VerifyOptions = { keys?: unknown; platformKey?: unknown };

type Obj = Record<string, unknown>;
type Signed = { key_id?: unknown; public_key?: unknown; signature?: unknown; signed_payload?: unknown };

const clip = (max: number) => (v: unknown): string => {
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? 'undefined';
  return s.length > max ? s.slice(0, max - 3) + '...' : s;
};
/** Values in details are clipped; ids in item names are shown whole (a UUID is 36 characters). */
const short = clip(24);
const name = clip(64);

class Checks {
  readonly list: Check[] = [];
  add(item: string, check: string, ok: boolean, detail: string): boolean {
    this.list.push({ item, check, ok, detail });
    return ok;
  }
  skip(item: string, check: string, detail: string): void {
    this.list.push({ item, check, ok: true, detail, skipped: true });
  }
}

/**
 * The checks common to every signed record: public key shape, key_id = first 16 hex of SHA-256(public key),
 * the Ed25519 signature over the hex-decoded signed_payload, and that signed_payload is canonical JSON.
 * Returns the decoded signed object, or null when it cannot be read.
 */
function verifySigned(c: Checks, item: string, r: Signed): Obj | null {
  const v = checkSignedRecord(P, r);
  if (c.add(item, 'public_key', v.publicKey !== null, v.publicKey ? 'raw Ed25519 public key, 32 bytes' : 'public_key is not 64 hex characters') && v.computedKeyId) {
    const kid = v.computedKeyId;
    c.add(item, 'key_id', v.keyIdOk, v.keyIdOk ? `${kid} = first 16 hex of SHA-256(public key)` : `key_id ${short(r.key_id)} but SHA-256(public key) starts ${kid}`);
  }
  if (!v.signatureShapeOk) c.add(item, 'signature', false, 'signature is not 128 hex characters');
  else if (!v.message) c.add(item, 'signature', false, 'signed_payload is not hex');
  else if (v.publicKey) c.add(item, 'signature', v.signatureOk, v.signatureOk ? `Ed25519 signature valid over ${v.message.length} signed bytes` : 'Ed25519 signature does not verify over signed_payload');
  if (!v.message) return null;
  if (v.decodeError === 'not_json') {
    c.add(item, 'canonical', false, 'signed_payload is not UTF-8 JSON');
    return null;
  }
  if (v.decodeError === 'not_object' || !v.signed) {
    c.add(item, 'canonical', false, 'signed_payload is not a JSON object');
    return null;
  }
  c.add(item, 'canonical', v.canonical, v.canonical ? 'signed_payload is canonical JSON' : 'signed_payload is not in canonical form (key order, spacing or escapes)');
  return v.signed;
}

/** Where a document's log blocks are checked: the candidate keys (the record's and the saved published ones) and the checkpoint seen. */
type LogContext = { keys: Uint8Array[]; checkpoint?: ReportCheckpoint };

/**
 * DECISIONS 10: the record's `log` block, when the document carries one: leaf hash over the signed bytes,
 * inclusion, checkpoint and its signature. Pending is a skipped check, never a failure.
 */
function verifyLog(c: Checks, item: string, r: Signed & { log?: unknown }, ctx: LogContext, keep = false): void {
  const own = hexBytes(r.public_key, 32);
  const res = checkLogBlock(P, hexBytes(r.signed_payload) ?? new Uint8Array(0), r.log, own ? [own, ...ctx.keys] : ctx.keys);
  if (res.status === 'absent') return;
  if (res.status === 'pending') {
    c.skip(item, 'log', "pending: no signed checkpoint covers this record yet (the tenant's log will include it)");
    return;
  }
  for (const s of res.steps) c.add(item, s.check === 'log_shape' ? 'log' : `log_${s.check}`, s.ok, s.detail);
  const cp = res.checkpoint;
  if (res.ok && cp && (keep || !ctx.checkpoint || cp.treeSize > ctx.checkpoint.tree_size)) {
    ctx.checkpoint = { origin: cp.origin, tree_size: cp.treeSize, root_hash: toHex(cp.root), key_id: cp.keyId, note_key_id: cp.noteKeyId, public_key: toHex(cp.publicKey), note: cp.note };
  }
}

const KINDS = {
  ledger: { name: 'ledger event', build: ledgerSignedPayload },
  ai: { name: 'AI attestation', build: aiSignedPayload },
  document: { name: 'document anchor', build: documentSignedPayload },
} as const;

/** The signed object must hold exactly the fields of its record kind (rebuilt with the one signed-payload function). */
function checkKind(c: Checks, item: string, kind: keyof typeof KINDS, s: Obj): boolean {
  // The builders pick their record's fields; handed the unchecked object, a missing or extra field shows up as a
  // difference in the canonical comparison below, which is the check itself. Hence the cast from the typed record.
  const rebuild = KINDS[kind].build as unknown as (r: Obj) => Obj;
  const rebuilt = canonicalJson(rebuild(s));
  const ok = rebuilt === canonicalJson(s);
  return c.add(item, 'record_kind', ok, ok ? `signed payload is a v1 ${KINDS[kind].name}` : `signed payload is not a v1 ${KINDS[kind].name} (fields: ${Object.keys(s).sort().join(', ')})`);
}

/** Each pair [field, signed value, document value] must be equal (compared as canonical JSON). */
function checkFields(c: Checks, item: string, pairs: Array<[string, unknown, unknown]>): boolean {
  const bad = pairs.filter(([, a, b]) => canonicalJson(a) !== canonicalJson(b));
  return c.add(item, 'fields', bad.length === 0, bad.length === 0
    ? `${pairs.map((p) => p[0]).join(', ')} agree with the signed payload`
    : bad.map(([f, a, b]) => `${f}: signed ${short(a)} vs document ${short(b)}`).join('; '));
}

function checkClaims(c: Checks, item: string, claims: Array<[string, unknown]>): void {
  const bad = claims.filter(([, v]) => v !== true).map(([k]) => k);
  c.add(item, 'reported', bad.length === 0, bad.length === 0 ? `server reported ${claims.map((x) => x[0]).join(', ')} true` : `server reported ${bad.join(', ')} not true`);
}

function verifyEventProof(c: Checks, d: Obj, ctx: LogContext): void {
  const item = `event ${name(d.event_id)}`;
  c.add(item, 'algorithm', d.algorithm === 'ed25519', `algorithm ${short(d.algorithm)}`);
  const s = verifySigned(c, item, d);
  if (s && checkKind(c, item, 'ledger', s)) checkFields(c, item, [['event_id', s.event_id, d.event_id], ['payload_hash', s.payload_hash, d.payload_hash], ['ingested_at', s.ingested_at, d.ingested_at]]);
  checkClaims(c, item, [['signature_valid', d.signature_valid]]);
  verifyLog(c, item, d, ctx, true);
}

/** GET /v1/proof/document/{event_id} (DECISIONS 5, 9): the signature binds document_hash, its reference and time to the anchor. */
function verifyDocumentProof(c: Checks, d: Obj, ctx: LogContext): void {
  const item = `document ${name(d.event_id)}`;
  c.add(item, 'algorithm', d.algorithm === 'ed25519', `algorithm ${short(d.algorithm)}`);
  const s = verifySigned(c, item, d);
  if (s && checkKind(c, item, 'document', s)) {
    const pairs: Array<[string, unknown, unknown]> = [['event_id', s.event_id, d.event_id], ['document_hash', s.document_hash, d.document_hash]];
    if ('created_at' in d) pairs.push(['created_at', s.created_at, d.created_at]);
    if ('document_ref' in d) pairs.push(['document_ref', s.document_ref, d.document_ref ?? null]);
    checkFields(c, item, pairs);
  }
  checkClaims(c, item, [['signature_valid', d.signature_valid]]);
  verifyLog(c, item, d, ctx, true);
}

/**
 * GET /v1/audit/events/{id} (DECISIONS 0, 6, 10): the signed bytes rebuilt from the event's fields, payload_hash, the
 * signature by signing_public_key, and the event's place in its org log (origin `<host>/<domain>/audit/<org_id>`).
 */
function verifyAuditEventDoc(c: Checks, d: Obj, ctx: LogContext): void {
  const item = `audit event ${name(d.id)}`;
  const pk = hexBytes(d.signing_public_key, 32);
  if (c.add(item, 'public_key', pk !== null, pk ? 'raw Ed25519 public key, 32 bytes' : 'signing_public_key is not 64 hex characters') && pk) {
    const kid = keyIdOf(P.sha256, pk);
    c.add(item, 'key_id', d.key_id === kid, d.key_id === kid ? `${kid} = first 16 hex of SHA-256(public key)` : `key_id ${short(d.key_id)} but SHA-256(public key) starts ${kid}`);
  }
  const r = checkAuditEvent(P, d as Parameters<typeof checkAuditEvent>[1], d.payload_hash, pk, hexBytes(d.signature, 64));
  c.add(item, 'payload_hash', r.hashOk, r.hashOk ? 'payload_hash = SHA-256 of the canonical signed fields' : r.computed ? `the signed fields hash to ${r.computed}` : 'the event cannot be encoded');
  c.add(item, 'signature', r.signatureOk, r.signatureOk ? `Ed25519 signature valid over ${r.bytes!.length} signed bytes` : 'Ed25519 signature does not verify over the rebuilt signed bytes');
  const res = checkLogBlock(P, r.bytes ?? new Uint8Array(0), d.log, pk ? [pk, ...ctx.keys] : ctx.keys, { suffix: `/audit/${String(d.org_id)}` });
  if (res.status === 'pending') c.skip(item, 'log', "pending: no signed checkpoint covers this event yet (the organization's log will include it)");
  if (res.status !== 'checked') return;
  for (const st of res.steps) c.add(item, st.check === 'log_shape' ? 'log' : `log_${st.check}`, st.ok, st.detail);
  const cp = res.checkpoint;
  if (res.ok && cp) ctx.checkpoint = { origin: cp.origin, tree_size: cp.treeSize, root_hash: toHex(cp.root), key_id: cp.keyId, note_key_id: cp.noteKeyId, public_key: toHex(cp.publicKey), note: cp.note };
}

function verifyAiProof(c: Checks, d: Obj, ctx: LogContext): void {
  const item = `ai ${name(d.attestation_id)}`;
  const r = isPlainObject(d.record) ? d.record : {};
  c.add(item, 'algorithm', d.algorithm === 'ed25519', `algorithm ${short(d.algorithm)}`);
  const s = verifySigned(c, item, d);
  if (s && checkKind(c, item, 'ai', s)) {
    checkFields(c, item, [
      ['attestation_id', s.attestation_id, d.attestation_id], ['attestation_type', s.attestation_type, r.attestation_type],
      ['payload_hash', s.payload_hash, r.payload_hash], ['input_hash', s.input_hash, r.input_hash],
      ['output_hash', s.output_hash, r.output_hash], ['created_at', s.created_at, r.created_at],
    ]);
  }
  // DECISIONS 4 puts no subject in the proof record; payload_hash covers it, so it is recomputable only when
  // the record carries subject or the attestation had none.
  const recomputed = aiPayloadHash(P.sha256, r);
  if ('subject' in r || recomputed === r.payload_hash) c.add(item, 'payload_hash', recomputed === r.payload_hash, recomputed === r.payload_hash ? 'payload_hash recomputed from the record' : `payload_hash recomputes to ${recomputed}`);
  else c.skip(item, 'payload_hash', 'not recomputable offline: the record has no subject (signed payload_hash still checked)');
  const v = isPlainObject(d.verification) ? d.verification : {};
  checkClaims(c, item, [['signature_valid', v.signature_valid], ['payload_hash_valid', v.payload_hash_valid]]);
  verifyLog(c, item, d, ctx, true);
}

/** The kind-specific checks of one bundle item; returns the signed tenant_id for the bundle's tenant check. */
function verifyItem(c: Checks, item: string, it: Obj, ctx: LogContext): unknown {
  const s = verifySigned(c, item, it);
  const p = it.payload;
  const content = it.content_hash;
  if (it.type === 'event') {
    const h = canonicalHash(P.sha256, p ?? null);
    c.add(item, 'content_hash', h === content, h === content ? 'SHA-256 of the canonical payload = content_hash' : `SHA-256 of the canonical payload is ${h}`);
    if (s && checkKind(c, item, 'ledger', s)) checkFields(c, item, [['event_id', s.event_id, it.id], ['payload_hash', s.payload_hash, content], ['ingested_at', s.ingested_at, it.timestamp]]);
  } else if (it.type === 'ai_attestation') {
    const r = isPlainObject(p) ? p : {};
    // With plaintext stored, input/output are in the payload and their hashes are recomputed too.
    const inputHash = 'input' in r ? valueHash(P.sha256, r.input) : r.input_hash;
    const outputHash = 'output' in r ? valueHash(P.sha256, r.output) : r.output_hash;
    const h = aiPayloadHash(P.sha256, { ...r, input_hash: inputHash, output_hash: outputHash });
    c.add(item, 'content_hash', h === content, h === content ? 'payload_hash recomputed from the hash-only record = content_hash' : `payload_hash of the record is ${h}`);
    if (s && checkKind(c, item, 'ai', s)) {
      const pairs: Array<[string, unknown, unknown]> = [['attestation_id', s.attestation_id, it.id], ['payload_hash', s.payload_hash, content], ['created_at', s.created_at, it.timestamp], ['attestation_type', s.attestation_type, r.attestation_type], ['input_hash', s.input_hash, inputHash], ['output_hash', s.output_hash, outputHash]];
      checkFields(c, item, pairs);
    }
  } else if (it.type === 'document') {
    if (s && checkKind(c, item, 'document', s)) {
      c.add(item, 'content_hash', s.document_hash === content, s.document_hash === content ? 'content_hash = signed document_hash' : `signed document_hash is ${short(s.document_hash)}`);
      const r = isPlainObject(p) ? p : {};
      const pairs: Array<[string, unknown, unknown]> = [['event_id', s.event_id, it.id], ['created_at', s.created_at, it.timestamp]];
      if ('document_hash' in r) pairs.push(['document_hash', s.document_hash, r.document_hash]);
      if ('document_ref' in r) pairs.push(['document_ref', s.document_ref, r.document_ref ?? null]);
      if ('metadata' in r) pairs.push(['metadata_hash', s.metadata_hash, metadataHash(P.sha256, r.metadata)]);
      checkFields(c, item, pairs);
    }
  } else {
    c.add(item, 'type', false, `unknown item type ${short(it.type)}`);
  }
  const v = isPlainObject(it.verification) ? it.verification : {};
  checkClaims(c, item, [['content_hash_valid', v.content_hash_valid], ['signature_valid', v.signature_valid]]);
  verifyLog(c, item, it, ctx);
  return s?.tenant_id;
}

function verifyBundle(c: Checks, d: Obj, ctx: LogContext): void {
  const h = isPlainObject(d.header) ? d.header : {};
  const seal = isPlainObject(d.seal) ? d.seal : {};
  const items = Array.isArray(d.items) ? d.items : [];
  c.add('bundle', 'bundle_version', d.bundle_version === 1, `bundle_version ${short(d.bundle_version)}`);
  c.add('bundle', 'items', Array.isArray(d.items) && items.length > 0 && items.every(isPlainObject), Array.isArray(d.items) ? `${items.length} items` : 'items is not an array');

  const tenants = new Set<unknown>();
  items.forEach((raw, i) => {
    const it = isPlainObject(raw) ? raw : {};
    tenants.add(verifyItem(c, `item ${i + 1} (${name(it.type)} ${name(it.id)})`, it, ctx));
  });

  const seqOk = items.every((it, i) => isPlainObject(it) && it.sequence === i + 1);
  c.add('bundle', 'sequence', seqOk, seqOk ? `sequence numbers 1..${items.length} in order` : `sequence numbers out of order: ${items.map((it) => (isPlainObject(it) ? it.sequence : '?')).join(',')}`);
  const times = items.map((it) => (isPlainObject(it) && typeof it.timestamp === 'string' ? Date.parse(it.timestamp) : NaN));
  const badTime = times.findIndex((t, i) => Number.isNaN(t) || (i > 0 && t < times[i - 1]!));
  c.add('bundle', 'timestamps', badTime < 0, badTime < 0 ? 'item timestamps are non-decreasing' : `item ${badTime + 1} has a missing timestamp or one earlier than the item before`);
  const ids = items.map((it) => (isPlainObject(it) ? `${it.type}:${it.id}` : ''));
  c.add('bundle', 'unique_items', new Set(ids).size === ids.length, new Set(ids).size === ids.length ? 'no item appears twice' : 'an item appears twice');

  const n = items.length;
  const countOk = h.item_count === n && seal.item_count === n;
  c.add('bundle', 'count', countOk, countOk ? `${n} items = header.item_count = seal.item_count` : `items ${n}, header.item_count ${short(h.item_count)}, seal.item_count ${short(seal.item_count)}`);

  let composite: string | null = null;
  try {
    composite = compositeHash(P.sha256, items.map((it) => (isPlainObject(it) ? (it.content_hash as string) : '')));
  } catch (e) {
    c.add('bundle', 'composite_hash', false, (e as Error).message);
  }
  if (composite) {
    const ok = composite === h.composite_hash && composite === seal.composite_hash;
    c.add('bundle', 'composite_hash', ok, ok ? `SHA-256 over the ${n} raw digests = ${composite}` : `recomputed ${composite}; header ${short(h.composite_hash)}, seal ${short(seal.composite_hash)}`);
  }

  const s = verifySigned(c, 'seal', seal);
  if (s && checkKind(c, 'seal', 'ledger', s)) {
    checkFields(c, 'seal', [['event_type', s.event_type, 'trace.sealed'], ['event_id', s.event_id, seal.seal_event_id], ['sealed_at', seal.sealed_at, h.sealed_at]]);
    verifySealPayload(c, h, seal, s, composite ?? String(h.composite_hash), n);
    tenants.add(s.tenant_id);
  }
  c.add('bundle', 'tenant', tenants.size === 1, tenants.size === 1 ? 'every item and the seal are signed for the same tenant_id' : 'items or seal signed for different tenants');
  checkClaims(c, 'seal', [['count_confirmed', seal.count_confirmed], ['composite_hash_valid', seal.composite_hash_valid], ['all_signatures_valid', seal.all_signatures_valid]]);
  // The seal is the trace's last record: its checkpoint is the bundle's.
  verifyLog(c, 'seal', seal, ctx, true);
}

/**
 * The seal event's signed payload_hash must be SHA-256 of canonical {trace_id, composite_hash, item_count, metadata,
 * sealed_at}: this is what binds the seal signature to this set of items. The trace metadata comes from seal.payload
 * or header.metadata; a bundle carrying neither can only be confirmed for a trace without metadata (null or {}).
 */
function verifySealPayload(c: Checks, h: Obj, seal: Obj, s: Obj, composite: string, n: number): void {
  const base = { trace_id: h.trace_id as string, composite_hash: composite, item_count: n, sealed_at: seal.sealed_at as string };
  const given = isPlainObject(seal.payload) && 'metadata' in seal.payload ? [seal.payload.metadata] : 'metadata' in h ? [h.metadata] : null;
  const match = (given ?? [null, {}]).some((m) => sealPayloadHash(P.sha256, { ...base, metadata: m }) === s.payload_hash);
  c.add('seal', 'payload_hash', match, match
    ? 'signed payload_hash = SHA-256 of canonical {trace_id, composite_hash, item_count, metadata, sealed_at}'
    : `signed payload_hash does not match this bundle's trace id, composite hash, count and seal time${given ? '' : ' (with metadata null; the bundle does not carry the trace metadata)'}`);
}

/** With saved key records: every key used must be published for the document's domain and, with the platform key, be signed by it. */
function pinKeys(c: Checks, domain: unknown, used: Signed[], opts: VerifyOptions): void {
  const kd = opts.keys;
  if (!isPlainObject(kd) || !Array.isArray(kd.keys)) {
    c.add('keys', 'key_record', false, 'the keys file is not a GET /keys/{domain} answer');
    return;
  }
  c.add('keys', 'domain', kd.domain === domain, `keys file for ${short(kd.domain)}, document domain ${short(domain)}`);
  const pk = isPlainObject(opts.platformKey) && typeof opts.platformKey.public_key === 'string' ? Buffer.from(opts.platformKey.public_key, 'base64url') : null;
  if (opts.platformKey !== undefined) {
    const kidOk = pk !== null && pk.length === 32 && keyIdOf(P.sha256, pk) === (opts.platformKey as Obj).key_id;
    c.add('keys', 'platform_key', kidOk, kidOk ? `platform key ${keyIdOf(P.sha256, pk!)}` : 'platform key file is malformed or its key_id does not match its public key');
  }
  const seen = new Set<string>();
  for (const u of used) {
    const id = String(u.key_id);
    if (seen.has(id)) continue;
    seen.add(id);
    const rec = (kd.keys as unknown[]).find((k) => isPlainObject(k) && k.key_id === u.key_id) as Obj | undefined;
    const published = rec && typeof rec.public_key === 'string' ? Buffer.from(rec.public_key, 'base64url').toString('hex') : null;
    c.add(`key ${id}`, 'published', published === u.public_key, published === u.public_key ? `published for ${short(kd.domain)}` : published ? 'public key differs from the published one' : 'key_id not published for this domain');
    if (pk && rec) {
      const sig = hexBytes(rec.platform_signature, 64);
      const ok = !!sig && P.verify(pk, canonicalBytes({ domain: kd.domain, public_key: rec.public_key, key_id: rec.key_id }), sig);
      c.add(`key ${id}`, 'platform_signature', ok, ok ? 'key record signed by the platform key' : 'platform_signature does not verify');
    }
  }
}

/** The raw public keys of a saved GET /keys/{domain} answer: checkpoints may be signed by a newer key than a record's. */
function publishedKeys(keys: unknown): Uint8Array[] {
  if (!isPlainObject(keys) || !Array.isArray(keys.keys)) return [];
  return keys.keys.flatMap((k) => (isPlainObject(k) && typeof k.public_key === 'string' ? [new Uint8Array(Buffer.from(k.public_key, 'base64url'))] : [])).filter((k) => k.length === 32);
}

/** Detects the document kind and runs every offline check. Accepts the parsed JSON or its text. */
export function verifyProofDocument(json: unknown, opts: VerifyOptions = {}): VerifyReport {
  const c = new Checks();
  let d: unknown = json;
  if (typeof d === 'string') {
    try {
      d = JSON.parse(d);
    } catch {
      c.add('document', 'json', false, 'not JSON');
      return { kind: 'unknown', ok: false, checks: c.list };
    }
  }
  let kind: VerifyReport['kind'] = 'unknown';
  let domain: unknown;
  let used: Signed[] = [];
  const ctx: LogContext = { keys: publishedKeys(opts.keys) };
  if (isPlainObject(d) && 'bundle_version' in d) {
    kind = 'trace_bundle';
    verifyBundle(c, d, ctx);
    domain = isPlainObject(d.header) ? d.header.tenant_domain : undefined;
    used = [...(Array.isArray(d.items) ? d.items.filter(isPlainObject) : []), isPlainObject(d.seal) ? d.seal : {}];
  } else if (isPlainObject(d) && 'attestation_id' in d && 'record' in d) {
    kind = 'ai_proof';
    verifyAiProof(c, d, ctx);
  } else if (isPlainObject(d) && 'signing_public_key' in d && 'org_id' in d && 'seq' in d) {
    kind = 'audit_event';
    verifyAuditEventDoc(c, d, ctx);
  } else if (isPlainObject(d) && 'document_hash' in d && 'signed_payload' in d) {
    kind = 'document_proof';
    verifyDocumentProof(c, d, ctx);
  } else if (isPlainObject(d) && 'event_id' in d && 'signed_payload' in d) {
    kind = 'event_proof';
    verifyEventProof(c, d, ctx);
  } else {
    c.add('document', 'format', false, 'neither an event, AI or document proof, an audit event nor a trace bundle');
  }
  if (kind === 'event_proof' || kind === 'ai_proof' || kind === 'document_proof') {
    domain = isPlainObject((d as Obj).organization) ? ((d as Obj).organization as Obj).primary_domain : undefined;
    used = [d as Obj];
  }
  if (opts.keys !== undefined && kind !== 'unknown') pinKeys(c, domain, used, opts);
  return { kind, ok: c.list.every((x) => x.ok), checks: c.list, ...(ctx.checkpoint ? { checkpoint: ctx.checkpoint } : {}) };
}
