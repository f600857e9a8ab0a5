// Owns the examples of the ledger routes in the OpenAPI document, answers of a real appliance.
import { ofSchema, type Example } from './example';
import { issuer } from './shared';

export const ledgerExamples: Example[] = [
  ofSchema('EventInDoc', {
    event_type: 'invoice.paid',
    payload: { invoice: 'INV-2041', amount_cents: 129900, currency: 'EUR' },
    event_time: '2026-03-02T09:14:07Z',
  }),
  ofSchema('VerifyIn', { payload: { invoice: 'INV-2041', amount_cents: 129900, currency: 'EUR' } }),
  ofSchema('EventCreated', {
    event_id: '01a21d4d-d0fe-75e0-97d2-e8b81cd18f63',
    ingested_at: '2026-11-27T13:59:28.766Z',
  }),
  ofSchema('EventPage', {
    events: [
      {
        event_id: '01a21d4d-d0fe-75e0-97d2-e8b81cd18f63',
        event_type: 'invoice.paid',
        payload_hash: '44341299cdcc4bfc09f3d9a74784b215878246e6b2c057e467c440c26060c20d',
        event_hash: '20589a6d4942e3b71edaa9f0ce520fa7602f96af6f0803e2ff7e3adf58ad39af',
        retention_policy: 'regulatory',
        ingested_at: '2026-11-27T13:59:28.766Z',
        event_time: '2026-03-02T09:14:07Z',
        idempotency_key: 'k1',
      },
      {
        event_id: '01a21d4d-d0f5-71b4-ba7a-d1e28e8c180f',
        event_type: 'invoice.created',
        payload_hash: '80c6717d656533deb0c90aa6312ce60ffae6fa5a39bdc227a2c9389505bd5b1e',
        event_hash: '80c6717d656533deb0c90aa6312ce60ffae6fa5a39bdc227a2c9389505bd5b1e',
        retention_policy: 'regulatory',
        ingested_at: '2026-11-27T13:59:28.757Z',
      },
    ],
    page: 1,
    limit: 2,
    total: 6,
    has_more: true,
  }),
  ofSchema('EventOut', {
    event_id: '01a21d4d-d0fe-75e0-97d2-e8b81cd18f63',
    tenant_id: 'b0121337-8bda-496d-87e8-a0b754d4909e',
    event_type: 'invoice.paid',
    payload: { invoice: 'INV-2041', amount_cents: 129900, currency: 'EUR' },
    event_time: '2026-03-02T09:14:07Z',
    retention_policy: 'regulatory',
    expires_at: '2033-11-25T13:59:28.766Z',
    api_key_id: '26e7e88c-2192-4de3-8ea2-95652eede75f',
    ingested_at: '2026-11-27T13:59:28.766Z',
    payload_hash: '44341299cdcc4bfc09f3d9a74784b215878246e6b2c057e467c440c26060c20d',
    request_hash: '8b3655cb1277fa7279ca0afba81707b6b098edce13eca00cbed652e9a5d94304',
    event_hash: '20589a6d4942e3b71edaa9f0ce520fa7602f96af6f0803e2ff7e3adf58ad39af',
    idempotency_key: 'k1',
    organization: issuer,
  }),
  ofSchema('HashVerify', {
    event_id: '01a21d4d-d0fe-75e0-97d2-e8b81cd18f63',
    match_result: true,
    matched_field: 'payload_hash',
    anchored_hash: '44341299cdcc4bfc09f3d9a74784b215878246e6b2c057e467c440c26060c20d',
    submitted_hash: '44341299cdcc4bfc09f3d9a74784b215878246e6b2c057e467c440c26060c20d',
    anchored_at: '2026-11-27T13:59:28.766Z',
    method: 'payload',
    organization: issuer,
  }),
  ofSchema('EventProof', {
    event_id: '01a21d4d-d0fe-75e0-97d2-e8b81cd18f63',
    algorithm: 'ed25519',
    key_id: 'd7a2c9c2f9a5985e',
    public_key: 'ff5267b5373dc573d3751e28019dd3b8dd577a2bf83a419c44a6e927bc1d4d43',
    signature:
      '92a6ab0340aed7aa9f75ea0e10144f0900b07c91ae3abd3d138d4314054fef96f5a77a80191a3abb845482cdc0135d7857247ecef63f0a12367ca074a1bd5f09',
    signed_payload:
      '7b226576656e745f6964223a2230316132316434642d643066652d373565302d393764322d653862383163643138663633222c226576656e745f74797065223a22696e766f6963652e70616964222c22696e6765737465645f6174223a22323032362d31312d32375431333a35393a32382e3736365a222c227061796c6f61645f68617368223a2234343334313239396364636334626663303966336439613734373834623231353837383234366536623263303537653436376334343063323630363063323064222c22726571756573745f68617368223a2238623336353563623132373766613732373963613061666261383137303762366230393865646365313365636130306362656436353265396135643934333034222c2274656e616e745f6964223a2262303132313333372d386264612d343936642d383765382d613062373534643439303965222c2276223a317d',
    payload_hash: '44341299cdcc4bfc09f3d9a74784b215878246e6b2c057e467c440c26060c20d',
    ingested_at: '2026-11-27T13:59:28.766Z',
    signature_valid: true,
    organization: issuer,
    log: {
      leaf_index: 5,
      tree_size: 6,
      leaf_hash: 'ffeb201270693e5a7e6452b8f3e80ae136473d019cbb1596e0f8390bf9cb65f1',
      audit_path: [
        'e17fa204a7ccaedabce85ddf68d929007f1757739f9bfdc684ae0cb4a2f5c872',
        '8a95fe475db3356c9f2bdb11f174d4acecbd0d52a80562b928f459bd5706b01c',
      ],
      root_hash: '2052566544827b9e0033813495d3d28b31751980a703b2411dfb775bbf7f5358',
      checkpoint:
        'ledger.example.com/acme.example\n6\nIFJWZUSCe54AM4E0ldPSizF1GYCnA7JBHft3W79/U1g=\n\n— ledger.example.com/acme.example KRjYCmOuDIxNZLHLHbIXkj2oBKCS36zC+gfSYHEn33LP2fIqsU/hGzdU3p6w59c9VB+DsJVI/vntcfulLVXjukuoLw4=\n',
      head: {
        leaf_index: 3,
        tree_size: 4,
        leaf_hash: '8d6290b82e60c4738e13130be387613a399f825791aa0b695ea91c25284faed2',
        audit_path: [
          '6fb28ca6c809d8980df18dafe9e30ec12858ad571f406113ab58c2486343bb1d',
          'f0e6448166a5b451cd7605ab2fa4659485917f1d8a7c13f01b6386cd334501ea',
        ],
        root_hash: 'a251251dfb78dc2df553aff9b1d595100054496867b9bc649303b9e13e3c0ae5',
        checkpoint:
          'ledger.example.com/head\n4\nolElHft43C31U6/5sdWVEABUSWhnubxkkwO54T48CuU=\n\n— ledger.example.com/head Ub/0pWDnf10iOVGMsVGH4tKYxQOd2GA7xWMxbV2Ic5vAJhkO2VGtUdgRiIfnCQc1Qn47FyNSMCYc3jEo9PJ3c1RQFAw=\n',
        timestamps: [],
      },
    },
  }),
  ofSchema('KeyRecord', {
    domain: 'acme.example',
    public_key: '_1JntTc9xXPTdR4oAZ3TuN1Xeiv4OkGcRKbpJ7wdTUM',
    algorithm: 'ed25519',
    key_id: 'd7a2c9c2f9a5985e',
    platform_signature:
      'e6197ceb5b79e0c37cccfcedba8c273f1e173591c6806d7feecff5cfa0813f9ad6743591420e287d86f1b30fc2fe466c911a3f994cafdf5555689ec5a032b40c',
    domain_verified: false,
    issuer_name: 'acme.example',
    keys: [
      {
        key_id: 'd7a2c9c2f9a5985e',
        public_key: '_1JntTc9xXPTdR4oAZ3TuN1Xeiv4OkGcRKbpJ7wdTUM',
        algorithm: 'ed25519',
        valid_from: '2026-11-27T13:59:26.633Z',
        valid_until: null,
        platform_signature:
          'e6197ceb5b79e0c37cccfcedba8c273f1e173591c6806d7feecff5cfa0813f9ad6743591420e287d86f1b30fc2fe466c911a3f994cafdf5555689ec5a032b40c',
        note_verifier_key: 'ledger.example.com/acme.example+2918d80a+Af9SZ7U3PcVz03UeKAGd07jdV3or+DpBnESm6Se8HU1D',
      },
    ],
  }),
  ofSchema('PlatformKey', {
    algorithm: 'ed25519',
    public_key: 'oYSQaTlmTr3FjXywz4zbdkZAm1Qw_96jJVDY3uJ4gG4',
    key_id: '77aa0cd5388c6614',
    created_at: '2026-11-27T13:59:24.648Z',
    note_verifier_key: 'ledger.example.com/head+51bff4a5+AaGEkGk5Zk69xY18sM+M23ZGQJtUMP/eoyVQ2N7ieIBu',
  }),
];
