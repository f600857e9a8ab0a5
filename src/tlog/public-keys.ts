// Owns the log's part of the published key forms: each key's signed-note verifier key under the tenant log's origin.
import { publicUrl } from '../config';
import { recordTable } from '../records/table';
import { verifierKey } from '../verify/note';
import { originOf, publicHostOf } from './append';
import { sha, tenantLog } from './logs';
import { platformLog } from './platform';

/**
 * GET /keys/{domain}: each key gains `note_verifier_key`, the signed-note vkey under the tenant log's origin
 * (the origin it will get when the log does not exist yet). `doc.domain` is the tenant's primary domain.
 */
export function withNoteVerifierKeys<D extends { domain: string; keys: Array<{ public_key: string }> }>(doc: D): D {
  const log = tenantLog(recordTable().tenants.idOf(doc.domain));
  const origin = log?.origin ?? originOf(publicHostOf(publicUrl()), doc.domain, null);
  return {
    ...doc,
    keys: doc.keys.map((k) => ({
      ...k,
      note_verifier_key: verifierKey(sha, origin, Buffer.from(k.public_key, 'base64url')),
    })),
  };
}

/**
 * GET /.well-known/svc-platform-key: `note_verifier_key`, the platform key's signed-note vkey under the head log's
 * origin (docs/transparency-logs.md#platform-logs-the-head-log-and-the-operator-log), which witnesses and verifiers pin to check head checkpoints.
 */
export function withHeadVerifierKey<D extends { public_key: string }>(doc: D): D & { note_verifier_key: string } {
  const origin = platformLog('head')?.origin ?? originOf(publicHostOf(publicUrl()), 'head', null);
  return { ...doc, note_verifier_key: verifierKey(sha, origin, Buffer.from(doc.public_key, 'base64url')) };
}
