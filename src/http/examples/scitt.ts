// Owns the examples of the SCITT routes and the operator's issuer routes in the OpenAPI document: COSE bodies in CBOR
// extended diagnostic notation (RFC 8610 appendix G; `<<...>>` is an embedded CBOR item, `...` bytes left out), the
// issuers as the operator API answers them.
import { ofOperation, ofSchema, type Example } from './example';

const cose = { media: 'application/cose' };
const PROTECTED =
  '<<{1: -8, 3: "application/spdx+json", 15: {1: "https://build.acme.example", 2: "pkg:npm/left-pad@1.3.0"}}>>';
const PAYLOAD = `h'7b227370647856657273696f6e223a22535044582d322e33222c...'`;
const SIGNATURE = `h'3b1f6c0e...c20d'`;
const RECEIPT = (iss: string) =>
  `<<18([<<{1: -8, 4: h'be5de2f4...5f49', 15: {1: "${iss}"}, 395: 1}>>, {396: {-1: [<<[12, 11, [h'9c3e...', h'41d0...']]>>]}}, null, h'5a77...0e09'])>>`;

const PEM =
  '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----\n';
const ISSUER = {
  tenant_id: '0b6e4a4e-5f8e-4c7e-9a51-3f2d1c0b9a87',
  iss: 'https://build.acme.example',
  key_id: '8f0b7c1e5a4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0f9e8d7c6b5a49',
  alg: 'EdDSA',
  public_key_pem: PEM,
  added_at: '2026-11-27T09:00:00.000Z',
  revoked_at: null,
};

export const scittExamples: Example[] = [
  ofOperation('POST /entries', 'body', `18([${PROTECTED}, {}, ${PAYLOAD}, ${SIGNATURE}])`, {
    ...cose,
    summary: 'A Signed Statement (EdDSA, attached SPDX payload), in diagnostic notation',
  }),
  ofOperation(
    'GET /entries/{id}/statement',
    200,
    `18([${PROTECTED}, {394: [${RECEIPT('ledger.example.com/acme.example')}, ${RECEIPT('ledger.example.com/head')}]}, ${PAYLOAD}, ${SIGNATURE}])`,
    { ...cose, summary: 'A Transparent Statement with its log and head receipts, in diagnostic notation' },
  ),
  ofSchema('ScittIssuerIn', { iss: 'https://build.acme.example', public_key_pem: PEM }),
  ofSchema('ScittIssuerRevokeIn', { iss: 'https://build.acme.example' }),
  ofSchema('ScittIssuer', ISSUER),
  ofSchema('ScittIssuerList', { issuers: [ISSUER] }),
];
