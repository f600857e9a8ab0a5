// Owns the examples of the traces routes in the OpenAPI document, answers of a real appliance.
import { ofOperation, ofSchema, type Example } from './example';
import { issuer, logHead } from './shared';

const trace = {
  trace_id: '01a21d4d-db64-77fd-b223-1218fc006ac4',
  label: 'loan-application-A-1009',
  status: 'open',
  metadata: { channel: 'web' },
  public: false,
  created_at: '2026-11-27T13:59:31.428Z',
};
/** The trace once sealed. */
const sealed = {
  ...trace,
  status: 'sealed',
  item_count: 1,
  sealed_at: '2026-11-27T13:59:31.478Z',
  composite_hash: '7632b7cd833800fd41d3c6d87b609c31ac116d29d7b78378bc8abea0e684699f',
  seal_event_id: '01a21d4d-db96-7744-88e4-cb95d757771e',
};
/** The proof bundle of the sealed trace once the head covers the seal's checkpoint. */
const bundle = {
  bundle_version: 1,
  header: {
    label: 'loan-application-A-1009',
    tenant_domain: 'acme.example',
    domain_verified: false,
    trace_id: '01a21d4d-db64-77fd-b223-1218fc006ac4',
    created_at: '2026-11-27T13:59:31.428Z',
    sealed_at: '2026-11-27T13:59:31.478Z',
    item_count: 1,
    composite_hash: '7632b7cd833800fd41d3c6d87b609c31ac116d29d7b78378bc8abea0e684699f',
    metadata: { channel: 'web' },
  },
  items: [
    {
      sequence: 1,
      timestamp: '2026-11-27T13:59:31.459Z',
      type: 'event',
      id: '01a21d4d-db83-7278-8cb6-a0f21a2eeeae',
      payload: { approved: true },
      content_hash: '20ec2f38fc96bc7d416a9af537493ae0bae26c5ad4c5a0f2d94f56f9c3e04958',
      key_id: 'd7a2c9c2f9a5985e',
      public_key: 'ff5267b5373dc573d3751e28019dd3b8dd577a2bf83a419c44a6e927bc1d4d43',
      signature:
        '06c68d386e319ade99a334f486b1af5587a725167797fdb5eb26a4b223542f4f206db9db4d97301588aab7e4f79a2da826468170d25519b6a86d918986e61f0c',
      signed_payload:
        '7b226576656e745f6964223a2230316132316434642d646238332d373237382d386362362d613066323161326565656165222c226576656e745f74797065223a226c6f616e2e6465636973696f6e222c22696e6765737465645f6174223a22323032362d31312d32375431333a35393a33312e3435395a222c227061796c6f61645f68617368223a2232306563326633386663393662633764343136613961663533373439336165306261653236633561643463356130663264393466353666396333653034393538222c22726571756573745f68617368223a2234356132643939663832313261336331636561383232363231353563393061383338636563336238383632393536346539633736636433363566636665366166222c2274656e616e745f6964223a2262303132313333372d386264612d343936642d383765382d613062373534643439303965222c2276223a317d',
      verification: { content_hash_valid: true, signature_valid: true },
      log: {
        leaf_index: 8,
        tree_size: 10,
        leaf_hash: '77795b29503df81f4f66c88e6e8cf5710784032e02d76bb106fdc2373d1da9a0',
        audit_path: [
          '613f567fb5406b36118b199d2a9034ad319841ea74f4b27f0f54bc68d7cc75b9',
          'ab5d99f0bf4577fb345a9b720f21180d95f68b6d4b5d40674f41e2ef3cf273e9',
        ],
        root_hash: '1ba009d3574388993f6c29adf6efda271d65ce1e313281e22be0a4485ed6a83b',
        checkpoint:
          'ledger.example.com/acme.example\n10\nG6AJ01dDiJk/bCmt9u/aJx1lzh4xMoHiK+CkSF7WqDs=\n\n— ledger.example.com/acme.example KRjYCngnakRUrd7Uy0G4t6yEaZg+sirvGjrBhKxp3/mbXzfzAPe38+7PRgX4AALj0WBFu9J55+zP201Cnj6qvDBsNwQ=\n',
        head: logHead,
      },
    },
  ],
  seal: {
    sealed_at: '2026-11-27T13:59:31.478Z',
    seal_event_id: '01a21d4d-db96-7744-88e4-cb95d757771e',
    composite_hash: '7632b7cd833800fd41d3c6d87b609c31ac116d29d7b78378bc8abea0e684699f',
    key_id: 'd7a2c9c2f9a5985e',
    public_key: 'ff5267b5373dc573d3751e28019dd3b8dd577a2bf83a419c44a6e927bc1d4d43',
    signature:
      'd11a6b6f8c68dbb753084ca1fe3e8ba34a33c2e989efbf25241d99d1547084b9145224bcb9f4a2fb71632a3ab5b2319b8915419f8d4555c1892b18c0d4062e0c',
    signed_payload:
      '7b226576656e745f6964223a2230316132316434642d646239362d373734342d383865342d636239356437353737373165222c226576656e745f74797065223a2274726163652e7365616c6564222c22696e6765737465645f6174223a22323032362d31312d32375431333a35393a33312e3437385a222c227061796c6f61645f68617368223a2233656465613364663038393935373862613263636165393462343732353433356532323937353866613964643831626537643234346335353837353233393561222c22726571756573745f68617368223a2234393162663237363164336664666434613431643636616465353066653333636661333936633532653735326538306666656133333039663939653961303631222c2274656e616e745f6964223a2262303132313333372d386264612d343936642d383765382d613062373534643439303965222c2276223a317d',
    item_count: 1,
    count_confirmed: true,
    composite_hash_valid: true,
    all_signatures_valid: true,
    payload: {
      trace_id: '01a21d4d-db64-77fd-b223-1218fc006ac4',
      composite_hash: '7632b7cd833800fd41d3c6d87b609c31ac116d29d7b78378bc8abea0e684699f',
      item_count: 1,
      metadata: { channel: 'web' },
      sealed_at: '2026-11-27T13:59:31.478Z',
    },
    log: {
      leaf_index: 9,
      tree_size: 10,
      leaf_hash: '613f567fb5406b36118b199d2a9034ad319841ea74f4b27f0f54bc68d7cc75b9',
      audit_path: [
        '77795b29503df81f4f66c88e6e8cf5710784032e02d76bb106fdc2373d1da9a0',
        'ab5d99f0bf4577fb345a9b720f21180d95f68b6d4b5d40674f41e2ef3cf273e9',
      ],
      root_hash: '1ba009d3574388993f6c29adf6efda271d65ce1e313281e22be0a4485ed6a83b',
      checkpoint:
        'ledger.example.com/acme.example\n10\nG6AJ01dDiJk/bCmt9u/aJx1lzh4xMoHiK+CkSF7WqDs=\n\n— ledger.example.com/acme.example KRjYCngnakRUrd7Uy0G4t6yEaZg+sirvGjrBhKxp3/mbXzfzAPe38+7PRgX4AALj0WBFu9J55+zP201Cnj6qvDBsNwQ=\n',
      head: logHead,
    },
  },
  footer: {
    verification_url: 'https://ledger.example.com/proof/trace/01a21d4d-db64-77fd-b223-1218fc006ac4',
    public_key_url: 'https://ledger.example.com/keys/acme.example',
  },
};

export const tracesExamples: Example[] = [
  ofSchema('TraceIn', { label: 'loan-application-A-1009', metadata: { channel: 'web' } }),
  ofSchema('PublicIn', { enabled: true }),
  ofSchema('Trace', trace),
  ofSchema('Sealing', {
    trace_id: '01a21d4d-db64-77fd-b223-1218fc006ac4',
    status: 'sealing',
    message:
      'Sealing started; poll GET /v1/traces/01a21d4d-db64-77fd-b223-1218fc006ac4 until status is sealed, then fetch /v1/traces/01a21d4d-db64-77fd-b223-1218fc006ac4/proof',
  }),
  ofOperation('GET /v1/traces/{trace_id}', 200, sealed),
  ofSchema('Bundle', bundle),
  ofOperation('POST /v1/traces/{trace_id}/public', 200, { ...sealed, public: true }),
  // The public proof of a trace made public: the bundle and its issuer.
  ofOperation('GET /v1/proof/trace/{trace_id}', 200, { ...bundle, organization: issuer }),
];
