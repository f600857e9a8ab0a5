// Owns evidence packs (docs/verification.md#22-evidence-packs): the JSON proof of a record or trace bundle with its
// COSE Receipts, C2SP tlog-proofs, keys, witness policy, time-stamp tokens, the single-file verifier and a README, in
// one ZIP. Every file is what its own route answers, taken from the areas and the logs: nothing is re-derived here.
import { ApiError } from '../errors';
import { publicUrl } from '../config';
import type { HeadBlock, LogBlock } from '../proof-format/documents';
import { platformKeyDoc } from '../signing/platform';
import { recordTable } from '../records/table';
import { domainKeysDoc, type TenantRow } from '../tenants/service';
import { eventLeaf, eventProof } from '../ledger/service';
import { aiLeaf, aiProof } from '../ai/service';
import { documentLeaf, documentProof } from '../documents/service';
import { publicTraceBundle, traceBundle } from '../traces/service';
import { auditLeaf, getAuditEvent } from '../audit/service';
import {
  checkpointReceipt,
  checkpointTlogProof,
  proofAnchor,
  publishedWitnessPolicy,
  recordReceipt,
  recordTlogProof,
  withHeadVerifierKey,
  withNoteVerifierKeys,
  type RecordLeaf,
} from '../tlog/index';
import { coseThumbprint } from '../verify/cose';
import { nodeSha256 } from '../verify/node-primitives';
import { fromBase64, toHex } from '../verify/primitives';
import { packReadme, type PackToken, type ReadmePart } from './readme';
import { zipFiles } from './zip';

export const EVIDENCE_KINDS = ['event', 'ai', 'document', 'trace', 'audit'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/** A pack: its ZIP bytes and the file name it is offered under. */
export type EvidencePack = { zip: Uint8Array; filename: string };

/** One record of a pack and where its receipts and tlog-proofs go (`` for a record, `items/<n>/` or `seal/` in a bundle). */
type Part = { dir: string; leaf: RecordLeaf };
type AnyProof = { log?: LogBlock; items?: Array<{ log?: LogBlock }>; seal?: { log?: LogBlock } };

/** What a pack is made of: the JSON proof as its route answers it, and the records it proves. */
type Source = {
  kind: EvidenceKind;
  id: string;
  tenantId: string;
  /** The proof as first read, and how it is read again. */
  first: AnyProof;
  proof(): AnyProof;
  parts(proof: AnyProof): Part[];
};

/** A sandbox record's log block has no head at all (docs/api.md#sandbox-tenants): its checkpoint completes it. */
const headless = (log: LogBlock | undefined): boolean => !!log && 'leaf_index' in log && log.head === undefined;
const complete = (log: LogBlock | undefined): boolean =>
  headless(log) || (!!log && 'leaf_index' in log && !!log.head && 'checkpoint' in log.head);
const logsOf = (p: AnyProof): Array<LogBlock | undefined> =>
  p.items ? [...p.items.map((i) => i.log), p.seal?.log] : [p.log];

const enc = (o: unknown) => JSON.stringify(o);

/**
 * Builds the pack of `src`. The receipts and tlog-proofs come first: each answers 409 leaf_pending (with Retry-After)
 * until its record's checkpoint, and then its head, is there. Once they exist the anchors never change again, so a
 * proof read before the head was published is read once more and then agrees with them.
 */
async function buildPack(src: Source, verifierHtml: VerifierHtml): Promise<EvidencePack> {
  let proof = src.first;
  const files: Array<[string, Uint8Array | string]> = [];
  const parts: ReadmePart[] = [];
  const firstLogs = logsOf(proof);
  for (const [i, { dir, leaf }] of src.parts(proof).entries()) {
    const receipt = recordReceipt(leaf);
    const tlogProof = recordTlogProof(leaf);
    const anchor = proofAnchor(leaf)!;
    // No head ever covers a sandbox log: its pack has no head files.
    const q = headless(firstLogs[i]) ? null : { origin: anchor.log.origin!, size: String(anchor.size) };
    files.push(
      [`${dir}receipt.cose`, receipt],
      ...(q ? [[`${dir}head-receipt.cose`, checkpointReceipt(q)] as [string, Uint8Array]] : []),
      [`${dir}proof.tlog-proof`, tlogProof],
      ...(q ? [[`${dir}head.tlog-proof`, checkpointTlogProof(q)] as [string, string]] : []),
    );
    const signer = recordTable().tenants.publishedKey(src.tenantId, anchor.cp.key_id);
    parts.push({
      dir,
      origin: anchor.log.origin!,
      leafIndex: anchor.leafIndex,
      treeSize: anchor.size,
      kid: signer ? toHex(coseThumbprint(nodeSha256, signer)) : null,
    });
  }
  if (!logsOf(proof).every(complete)) proof = src.proof();
  if (!logsOf(proof).every(complete))
    throw new ApiError('leaf_pending', 'The proof is not complete yet; retry in 1 s', { retry_after: 1 }).withHeaders({
      'Retry-After': '1',
    });

  const tokens: PackToken[] = [];
  const seen = new Set<string>();
  for (const [i, log] of logsOf(proof).entries()) {
    if (headless(log)) continue;
    const head = (log as { head: Extract<HeadBlock, { checkpoint: string }> }).head;
    const body = head.checkpoint.split('\n').slice(0, 3).join('\n');
    for (const t of head.timestamps) {
      if (seen.has(t.token)) continue;
      seen.add(t.token);
      tokens.push({
        file: `tsa/${tokens.length + 1}.tsr`,
        der: fromBase64(t.token)!,
        headFile: `${parts[i]!.dir}head.tlog-proof`,
        digest: toHex(nodeSha256(new TextEncoder().encode(`${body}\n`))),
        genTime: t.gen_time,
        tsa: t.tsa,
      });
    }
  }

  const domain = recordTable().tenants.domainOf(src.tenantId)!;
  const platform = withHeadVerifierKey(platformKeyDoc());
  const html = await verifierHtml();
  const readme = packReadme({
    kind: src.kind,
    id: src.id,
    domain,
    url: publicUrl(),
    parts,
    tokens,
    platformKid: toHex(coseThumbprint(nodeSha256, Buffer.from(platform.public_key, 'base64url'))),
  });
  const zip = zipFiles([
    ['README.txt', readme],
    ['proof.json', enc(proof)],
    ...files,
    ['keys.json', enc(withNoteVerifierKeys(domainKeysDoc(domain)))],
    ['platform-key.json', enc(platform)],
    ['witness-policy.txt', publishedWitnessPolicy()],
    ...tokens.map((t) => [t.file, t.der] as [string, Uint8Array]),
    // The same few hundred kilobytes in every pack: deflating them on each request cost most of a pack's time.
    ['verify.html', html, 'stored'],
  ]);
  return { zip, filename: `evidence-${src.kind}-${src.id}.zip` };
}

/** The log leaf of a bundle item, by its type, as the item's own public proof routes find it. */
function itemLeaf(item: { type: string; id: string }): RecordLeaf {
  if (item.type === 'ai_attestation') return aiLeaf(item.id);
  if (item.type === 'document') return documentLeaf(item.id);
  return eventLeaf(item.id);
}

type Bundle = { items: Array<{ type: string; id: string }>; seal: { seal_event_id: string } };
const bundleParts = (p: AnyProof): Part[] => {
  const b = p as unknown as Bundle;
  return [
    ...b.items.map((item, n) => ({ dir: `items/${n}/`, leaf: itemLeaf(item) })),
    { dir: 'seal/', leaf: eventLeaf(b.seal.seal_event_id) },
  ];
};

function recordSource(kind: 'event' | 'ai' | 'document', id: string): Source {
  const [leafOf, proofOf] =
    kind === 'event' ? [eventLeaf, eventProof] : kind === 'ai' ? [aiLeaf, aiProof] : [documentLeaf, documentProof];
  const leaf = leafOf(id);
  const proof = () => proofOf(id) as AnyProof;
  return { kind, id, tenantId: leaf.tenantId, first: proof(), proof, parts: () => [{ dir: '', leaf }] };
}

/** Where a pack's verify.html comes from: the single-file verifier (src/web/verifier/page.ts), handed in by the caller. */
export type VerifierHtml = () => Promise<string>;

/** GET /v1/proof/{event|ai|document}/{id}/evidence (no key): errors as the JSON proof's, then 409 leaf_pending. */
export const recordEvidence = (kind: 'event' | 'ai' | 'document', id: string, html: VerifierHtml) =>
  buildPack(recordSource(kind, id), html);

/** GET /v1/proof/trace/{id}/evidence: the public bundle of a trace its tenant made public. */
export function publicTraceEvidence(id: string, html: VerifierHtml): Promise<EvidencePack> {
  const first = publicTraceBundle(id);
  const tenantId = eventLeaf(first.seal.seal_event_id).tenantId;
  const proof = () => publicTraceBundle(id);
  return buildPack({ kind: 'trace', id: first.header.trace_id, tenantId, first, proof, parts: bundleParts }, html);
}

/** GET /v1/traces/{id}/evidence (scope read) and `svc evidence export --kind trace`: the tenant's own bundle. */
export function traceEvidence(tenant: TenantRow, id: string, html: VerifierHtml): Promise<EvidencePack> {
  const first = traceBundle(tenant, id);
  return buildPack(
    {
      kind: 'trace',
      id: first.header.trace_id,
      tenantId: tenant.tenant_id,
      first,
      proof: () => traceBundle(tenant, id),
      parts: bundleParts,
    },
    html,
  );
}

/** GET /v1/audit/events/{id}/evidence (scope audit:read): the event as GET /v1/audit/events/{id} answers it. */
export function auditEvidence(tenantId: string, id: string, html: VerifierHtml): Promise<EvidencePack> {
  const leaf = auditLeaf(tenantId, id);
  const proof = () => getAuditEvent(tenantId, id);
  return buildPack({ kind: 'audit', id, tenantId, first: proof(), proof, parts: () => [{ dir: '', leaf }] }, html);
}
