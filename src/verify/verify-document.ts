// Owns the one entry to the proof-document rules (docs/verification.md): reads the document, detects its kind, runs
// its rules, pins its keys, checks the heads, and returns the one result `svc verify`, the console, the proof pages
// and the client libraries all give. Pure: primitives passed in (asynchronous because RFC 3161 tokens verify on
// WebCrypto), so that a browser bundle calls it as is. Never throws: any input gives a result.
import { isPlainObject } from '../crypto/json-value';
import { verifyAiProof } from './ai-proof';
import { verifyAuditEventDoc } from './audit-event';
import { verifyDocumentProof } from './document-proof';
import { proofDomain, verifyEventProof } from './event-proof';
import { pinKeys, publishedKeys, type UsedKey } from './key-rules';
import { checkHeads } from './head-rules';
import { rememberVerdicts, type Primitives } from './primitives';
import { hexBytes, keyIdOf, MAX_DEPTH, tooDeep } from './records';
import {
  Checks,
  type Ctx,
  type DocumentKind,
  type Obj,
  type ReportSigner,
  type Trust,
  type VerifyOptions,
  type VerifyReport,
} from './report';
import { bundleItemPart, verifyBundle } from './trace-bundle';

export type {
  Check,
  ReportCheckpoint,
  ReportHead,
  ReportSigner,
  Trust,
  VerifyOptions,
  VerifyReport,
  VerifyResult,
} from './report';
export { resultOf } from './report';

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

/** docs/verification.md#trust-levels: a policy, else a key list or platform key, else only the file. */
export const trustOf = (opts: VerifyOptions): Trust =>
  opts.policy ? 'policy' : opts.keys !== undefined || opts.platformKey !== undefined ? 'keys' : 'file';

// ignoreBOM keeps a byte order mark in the text, so that JSON.parse refuses it as every verifier does.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The document as JSON: bytes must be UTF-8, text must be JSON; null (with why) otherwise. */
function readDocument(input: unknown): { doc: unknown } | { error: string } {
  let text: string;
  if (input instanceof Uint8Array) {
    try {
      text = strictUtf8.decode(input);
    } catch {
      return { error: 'not UTF-8' };
    }
  } else if (typeof input === 'string') text = input;
  else return tooDeep(input) ? { error: `nested deeper than ${MAX_DEPTH} levels` } : { doc: input };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { error: 'not JSON' };
  }
  return tooDeep(doc) ? { error: `nested deeper than ${MAX_DEPTH} levels` } : { doc };
}

const lower = (v: unknown): string | null => (typeof v === 'string' && v ? v.toLowerCase() : null);

/** Detects the document kind and runs every rule of that kind. Accepts the parsed JSON, its text or its bytes. */
export async function verifyDocument(
  primitives: Primitives,
  input: unknown,
  opts: VerifyOptions = {},
): Promise<VerifyReport> {
  const c = new Checks();
  const trust = trustOf(opts);
  const refused = (kind: DocumentKind): VerifyReport => ({
    valid: false,
    trust,
    complete: false,
    sandbox: false,
    checks: c.list,
    existed_no_later_than: null,
    witnessed_by: [],
    kind,
    signer: null,
    unsigned: [],
  });
  const read = readDocument(input);
  if ('error' in read) {
    c.add('document', 'json', false, `the document is ${read.error}`);
    return refused('unknown');
  }
  const kind = documentKind(read.doc);
  try {
    return await runRules(rememberVerdicts(primitives), c, read.doc as Obj, kind, opts, trust);
  } catch (e) {
    // Every rule is written not to throw; should one still, the result says so rather than the verifier failing.
    c.add('document', 'error', false, `the verifier could not finish: ${(e as Error)?.message ?? String(e)}`);
    return refused(kind);
  }
}

async function runRules(
  p: Primitives,
  c: Checks,
  d: Obj,
  kind: DocumentKind,
  opts: VerifyOptions,
  trust: Trust,
): Promise<VerifyReport> {
  const doc = isPlainObject(d) ? d : {};
  const x: Ctx = {
    p,
    c,
    keys: publishedKeys(opts.keys),
    heads: [],
    headRequired: !!opts.policy || (opts.tsaAnchors?.certificates.length ?? 0) > 0,
    incomplete: false,
    sandbox: false,
  };
  const keysDomain = isPlainObject(opts.keys) ? lower(opts.keys.domain) : null;
  let domain: string | null = null;
  let used: UsedKey[] = [{ part: 'record', record: doc }];
  let signerKey: unknown = doc.public_key;
  let unsigned: string[] = [];
  if (kind === 'trace_bundle') {
    unsigned = verifyBundle(x, doc);
    domain = lower(isPlainObject(doc.header) ? doc.header.tenant_domain : undefined);
    const seal = isPlainObject(doc.seal) ? doc.seal : {};
    const items = Array.isArray(doc.items) ? doc.items : [];
    used = [
      ...items.flatMap((it, i) => (isPlainObject(it) ? [{ part: bundleItemPart(i), record: it }] : [])),
      { part: 'seal', record: seal },
    ];
    signerKey = seal.public_key;
  } else if (kind === 'audit_event') {
    // The event states no domain: the key list names it, and the org log origin must agree with it.
    unsigned = verifyAuditEventDoc(x, doc, keysDomain);
    domain = keysDomain;
    used = [{ part: 'record', record: { key_id: doc.key_id, public_key: doc.signing_public_key } }];
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
    x.incomplete = true;
    c.add('document', 'format', false, 'neither an event, AI or document proof, an audit event nor a trace bundle');
  }
  const publishedFor = kind === 'unknown' ? null : pinKeys(x, domain, used, opts);
  await checkHeads(x, opts);
  const key = hexBytes(signerKey, 32);
  const signer: ReportSigner | null =
    key && kind !== 'unknown'
      ? {
          key_id: keyIdOf(p.sha256, key),
          public_key: signerKey as string,
          published_for: publishedFor,
          log_origin: x.checkpoint?.origin ?? null,
        }
      : null;
  // The record's time and witnesses are stated only when its head chain holds in full: a broken link vouches for nothing.
  const head = x.head?.status === 'checked' && x.head.ok ? x.head : null;
  return {
    valid: c.list.every((k) => k.ok),
    trust,
    complete: !x.incomplete,
    sandbox: x.sandbox,
    checks: c.list,
    existed_no_later_than: head?.existed_no_later_than ?? null,
    witnessed_by: head?.witnessed_by ?? [],
    kind,
    signer,
    unsigned,
    ...(x.checkpoint ? { checkpoint: x.checkpoint } : {}),
    ...(x.head ? { head: x.head } : {}),
  };
}
