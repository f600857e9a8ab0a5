// Owns the one entry to the proof-document rules: detects the kind of document, runs its rules, pins its keys, checks
// the heads (DECISIONS 11), and returns one report that `svc verify`, the console and the proof pages all display as
// is. Pure: primitives passed in (asynchronous because RFC 3161 tokens verify on WebCrypto).
import { isPlainObject } from '../crypto/json-value';
import { verifyAiProof } from './ai-proof';
import { verifyAuditEventDoc } from './audit-event';
import { verifyDocumentProof } from './document-proof';
import { proofDomain, verifyEventProof } from './event-proof';
import { pinKeys, publishedKeys } from './key-rules';
import { checkHeads } from './head-rules';
import { rememberVerdicts, type Primitives } from './primitives';
import { hexBytes, keyIdOf, type SignedFields } from './records';
import { Checks, type Ctx, type DocumentKind, type Obj, type VerifyOptions, type VerifyReport } from './report';
import { verifyBundle } from './trace-bundle';

export type { Check, ReportCheckpoint, ReportHead, ReportSigner, VerifyOptions, VerifyReport } from './report';

/** The kind of a proof document, from the fields only that kind carries. */
export function documentKind(d: unknown): DocumentKind {
  if (!isPlainObject(d)) return 'unknown';
  if ('bundle_version' in d) return 'trace_bundle';
  if ('attestation_id' in d && 'record' in d) return 'ai_proof';
  if ('signing_public_key' in d && 'org_id' in d && 'seq' in d) return 'audit_event';
  if ('document_hash' in d && 'signed_payload' in d) return 'document_proof';
  if ('event_id' in d && 'signed_payload' in d) return 'event_proof';
  return 'unknown';
}

const lower = (v: unknown): string | null => (typeof v === 'string' && v ? v.toLowerCase() : null);

/** Detects the document kind and runs every rule of that kind. Accepts the parsed JSON or its text. */
export async function verifyDocument(
  primitives: Primitives,
  json: unknown,
  opts: VerifyOptions = {},
): Promise<VerifyReport> {
  const p = rememberVerdicts(primitives);
  const c = new Checks();
  let d: unknown = json;
  if (typeof d === 'string') {
    try {
      d = JSON.parse(d);
    } catch {
      c.add('document', 'json', false, 'not JSON');
      return {
        kind: 'unknown',
        ok: false,
        checks: c.list,
        unsigned: [],
        existed_no_later_than: null,
        witnessed_by: [],
      };
    }
  }
  const kind = documentKind(d);
  const doc = (isPlainObject(d) ? d : {}) as Obj;
  const x: Ctx = {
    p,
    c,
    keys: publishedKeys(opts.keys),
    heads: [],
    headRequired: !!opts.policy || (opts.tsaAnchors?.certificates.length ?? 0) > 0,
  };
  const keysDomain = isPlainObject(opts.keys) ? lower(opts.keys.domain) : null;
  let domain: string | null = null;
  let used: SignedFields[] = [doc];
  let signerKey: unknown = doc.public_key;
  let unsigned: string[] = [];
  if (kind === 'trace_bundle') {
    unsigned = verifyBundle(x, doc);
    domain = lower(isPlainObject(doc.header) ? doc.header.tenant_domain : undefined);
    const seal = isPlainObject(doc.seal) ? doc.seal : {};
    used = [...(Array.isArray(doc.items) ? doc.items.filter(isPlainObject) : []), seal];
    signerKey = seal.public_key;
  } else if (kind === 'audit_event') {
    // The event states no domain: the key list names it, and the org log origin must agree with it.
    unsigned = verifyAuditEventDoc(x, doc, keysDomain);
    domain = keysDomain;
    used = [{ key_id: doc.key_id, public_key: doc.signing_public_key }];
    signerKey = doc.signing_public_key;
  } else if (kind === 'ai_proof') {
    unsigned = verifyAiProof(x, doc);
    domain = lower(proofDomain(doc));
  } else if (kind === 'document_proof') {
    unsigned = verifyDocumentProof(x, doc);
    domain = lower(proofDomain(doc));
  } else if (kind === 'event_proof') {
    unsigned = verifyEventProof(x, doc);
    domain = lower(proofDomain(doc));
  } else {
    c.add('document', 'format', false, 'neither an event, AI or document proof, an audit event nor a trace bundle');
  }
  const publishedFor = kind === 'unknown' ? null : pinKeys(x, domain, used, opts);
  await checkHeads(x, opts);
  const ok = c.list.every((k) => k.ok);
  const key = hexBytes(signerKey, 32);
  const signer =
    key && kind !== 'unknown'
      ? {
          key_id: keyIdOf(p.sha256, key),
          public_key: signerKey as string,
          published_for: publishedFor,
          log_origin: x.checkpoint?.origin ?? null,
        }
      : undefined;
  // The record's time and witnesses are stated only when its head chain holds in full: a broken link vouches for nothing.
  const head = x.head?.status === 'checked' && x.head.ok ? x.head : null;
  return {
    kind,
    ok,
    checks: c.list,
    ...(x.checkpoint ? { checkpoint: x.checkpoint } : {}),
    ...(signer ? { signer } : {}),
    unsigned,
    ...(x.head ? { head: x.head } : {}),
    existed_no_later_than: head?.existed_no_later_than ?? null,
    witnessed_by: head?.witnessed_by ?? [],
  };
}
