// Owns the examples of the ai routes in the OpenAPI document, answers of a real appliance.
import { ofSchema, type Example } from './example';
import { AI_LEAF, DOCUMENT_LEAF, issuer, tenantLog } from './shared';

/** The model the example attestation names, as the client sends it and every answer repeats it. */
const model = {
  model_provider: 'openai',
  model_name: 'gpt-4o',
  model_version: '2024-08-06',
};
/** The hashes of the example attestation's input, output and signed payload. */
const hashes = {
  input_hash: '526ebefa31bffd3418ed7db9ac480d51f1972c615e70a75555222d9768bf6901',
  output_hash: '016825e169718e1108c13c50f0c9dc167959f128f16128abecb5ea3b2c5660b3',
  payload_hash: '72daf6c8fec6ace31d1ce9231561d00f409267f33fa40015c2863cb28f18c9f3',
};

export const aiExamples: Example[] = [
  ofSchema('AttestationIn', {
    attestation_type: 'decision',
    input: { applicant: 'A-1009', score: 712 },
    output: { approved: true, limit_eur: 5000 },
    ...model,
    subject: { application_id: 'A-1009' },
  }),
  ofSchema('ContentHashIn', { content_hash: '016825e169718e1108c13c50f0c9dc167959f128f16128abecb5ea3b2c5660b3' }),
  ofSchema('AttestationCreated', {
    attestation_id: '01a21d4d-dafa-7793-b77d-0b58f7f16d89',
    created_at: '2026-11-27T13:59:31.322Z',
    ...hashes,
    status: 'accepted',
  }),
  ofSchema('Attestation', {
    attestation_id: '01a21d4d-dafa-7793-b77d-0b58f7f16d89',
    attestation_type: 'decision',
    created_at: '2026-11-27T13:59:31.322Z',
    ...hashes,
    ...model,
    subject: { application_id: 'A-1009' },
    trace_id: null,
    key_id: 'd7a2c9c2f9a5985e',
    public_key: 'ff5267b5373dc573d3751e28019dd3b8dd577a2bf83a419c44a6e927bc1d4d43',
    signature:
      'f75832a887b64c43e4a3abe98857a13489602ac43384d5c8bc1015734bf68df1b61e7eec249729449961d95553c90a863902bbe4800ef76019d27fa7706d3f09',
  }),
  ofSchema('AiVerify', {
    attestation_id: '01a21d4d-dafa-7793-b77d-0b58f7f16d89',
    match: true,
    matched_field: 'output_hash',
    signature_valid: true,
    signed_by: 'acme.example',
    signed_at: '2026-11-27T13:59:31.322Z',
  }),
  ofSchema('AiProof', {
    attestation_id: '01a21d4d-dafa-7793-b77d-0b58f7f16d89',
    record: {
      attestation_type: 'decision',
      ...hashes,
      ...model,
      created_at: '2026-11-27T13:59:31.322Z',
    },
    algorithm: 'ed25519',
    key_id: 'd7a2c9c2f9a5985e',
    public_key: 'ff5267b5373dc573d3751e28019dd3b8dd577a2bf83a419c44a6e927bc1d4d43',
    signature:
      'f75832a887b64c43e4a3abe98857a13489602ac43384d5c8bc1015734bf68df1b61e7eec249729449961d95553c90a863902bbe4800ef76019d27fa7706d3f09',
    signed_payload:
      '7b226174746573746174696f6e5f6964223a2230316132316434642d646166612d373739332d623737642d306235386637663136643839222c226174746573746174696f6e5f74797065223a226465636973696f6e222c22637265617465645f6174223a22323032362d31312d32375431333a35393a33312e3332325a222c22696e7075745f68617368223a2235323665626566613331626666643334313865643764623961633438306435316631393732633631356537306137353535353232326439373638626636393031222c226f75747075745f68617368223a2230313638323565313639373138653131303863313363353066306339646331363739353966313238663136313238616265636235656133623263353636306233222c227061796c6f61645f68617368223a2237326461663663386665633661636533316431636539323331353631643030663430393236376633336661343030313563323836336362323866313863396633222c2274656e616e745f6964223a2262303132313333372d386264612d343936642d383765382d613062373534643439303965222c2276223a317d',
    verification: { signature_valid: true, payload_hash_valid: true },
    organization: issuer,
    log: tenantLog(6, AI_LEAF, DOCUMENT_LEAF),
  }),
];
