// Owns the examples of the documents routes in the OpenAPI document, answers of a real appliance.
import { ofOperation, ofSchema, type Example } from './example';
import { AI_LEAF, DOCUMENT_LEAF, issuer, tenantLog } from './shared';

/** The answer of both verify routes when the submitted hash is the anchored one. */
const matched = {
  event_id: '01a21d4d-db30-7398-9029-2e7485b61335',
  match_result: true,
  document_ref: 'contracts/2026/acme-msa-v3.pdf',
  anchored_hash: '1ff72ac7b6453007274a620a822f715aaca60d3d48d3960031d7c806ddd0d9f2',
  submitted_hash: '1ff72ac7b6453007274a620a822f715aaca60d3d48d3960031d7c806ddd0d9f2',
  anchored_at: '2026-11-27T13:59:31.376Z',
  organization: issuer,
};

export const documentsExamples: Example[] = [
  ofSchema('AnchorIn', {
    document_hash: '1ff72ac7b6453007274a620a822f715aaca60d3d48d3960031d7c806ddd0d9f2',
    document_ref: 'contracts/2026/acme-msa-v3.pdf',
    metadata: { signed_by: 'legal@acme.example' },
  }),
  ofSchema('DocHashIn', { document_hash: '1ff72ac7b6453007274a620a822f715aaca60d3d48d3960031d7c806ddd0d9f2' }),
  ofOperation('POST /v1/document/{event_id}/verify', 'body', {
    document_hash: '1ff72ac7b6453007274a620a822f715aaca60d3d48d3960031d7c806ddd0d9f2',
  }),
  ofSchema('Anchored', {
    event_id: '01a21d4d-db30-7398-9029-2e7485b61335',
    created_at: '2026-11-27T13:59:31.376Z',
    document_hash: '1ff72ac7b6453007274a620a822f715aaca60d3d48d3960031d7c806ddd0d9f2',
    status: 'accepted',
  }),
  ofSchema('Document', {
    event_id: '01a21d4d-db30-7398-9029-2e7485b61335',
    document_hash: '1ff72ac7b6453007274a620a822f715aaca60d3d48d3960031d7c806ddd0d9f2',
    document_ref: 'contracts/2026/acme-msa-v3.pdf',
    metadata: { signed_by: 'legal@acme.example' },
    created_at: '2026-11-27T13:59:31.376Z',
    has_original_bytes: false,
    trace_id: null,
    key_id: 'd7a2c9c2f9a5985e',
    public_key: 'ff5267b5373dc573d3751e28019dd3b8dd577a2bf83a419c44a6e927bc1d4d43',
    signature:
      'fe6cfbbdc133f2ebac8e05397aa5b4cdfbd750fb657e759e6fce17965da95e519fd8bbc1f0801ca715bf39917a5f790320da1d7d7f914293b9b07985e9d5f103',
  }),
  ofOperation('POST /v1/proof/document/{event_id}/verify', 200, { ...matched, signature_valid: true }),
  ofSchema('DocumentProof', {
    event_id: '01a21d4d-db30-7398-9029-2e7485b61335',
    document_hash: '1ff72ac7b6453007274a620a822f715aaca60d3d48d3960031d7c806ddd0d9f2',
    document_ref: 'contracts/2026/acme-msa-v3.pdf',
    created_at: '2026-11-27T13:59:31.376Z',
    algorithm: 'ed25519',
    key_id: 'd7a2c9c2f9a5985e',
    public_key: 'ff5267b5373dc573d3751e28019dd3b8dd577a2bf83a419c44a6e927bc1d4d43',
    signature:
      'fe6cfbbdc133f2ebac8e05397aa5b4cdfbd750fb657e759e6fce17965da95e519fd8bbc1f0801ca715bf39917a5f790320da1d7d7f914293b9b07985e9d5f103',
    signed_payload:
      '7b22637265617465645f6174223a22323032362d31312d32375431333a35393a33312e3337365a222c22646f63756d656e745f68617368223a2231666637326163376236343533303037323734613632306138323266373135616163613630643364343864333936303033316437633830366464643064396632222c22646f63756d656e745f726566223a22636f6e7472616374732f323032362f61636d652d6d73612d76332e706466222c226576656e745f6964223a2230316132316434642d646233302d373339382d393032392d326537343835623631333335222c226d657461646174615f68617368223a2262613564346436393037323762633265613961613065343564303539396434623863343633623231326564316236373935313665326134303861363565663763222c2274656e616e745f6964223a2262303132313333372d386264612d343936642d383765382d613062373534643439303965222c2276223a317d',
    signature_valid: true,
    organization: issuer,
    log: tenantLog(7, DOCUMENT_LEAF, AI_LEAF),
  }),
  ofOperation('POST /v1/document/{event_id}/verify', 200, matched),
];
