// Owns the examples of the logs routes in the OpenAPI document, answers of a real appliance.
import { ofOperation, ofSchema, type Example } from './example';

export const logsExamples: Example[] = [
  ofSchema('Checkpoint', {
    origin: 'ledger.example.com/acme.example',
    tree_size: 10,
    root_hash: '1ba009d3574388993f6c29adf6efda271d65ce1e313281e22be0a4485ed6a83b',
    checkpoint:
      'ledger.example.com/acme.example\n10\nG6AJ01dDiJk/bCmt9u/aJx1lzh4xMoHiK+CkSF7WqDs=\n\n— ledger.example.com/acme.example KRjYCngnakRUrd7Uy0G4t6yEaZg+sirvGjrBhKxp3/mbXzfzAPe38+7PRgX4AALj0WBFu9J55+zP201Cnj6qvDBsNwQ=\n',
    key_id: 'd7a2c9c2f9a5985e',
    issued_at: '2026-11-27T13:59:32.410Z',
  }),
  ofSchema('Inclusion', {
    leaf_index: 2,
    tree_size: 10,
    leaf_hash: '157c122a868cb7e4d9e9f8f15240e8e2b059236f4c7907e9fe4ac3fb9251562a',
    audit_path: [
      'caefd48f480521d8b542278edfeae29c9b89f41cd25d5597d476d29a19032bb5',
      '7bcb9522b63a98fd8be617686ed095a628fde37b1e828a3bac235b44ec037d63',
      '485a9795ce78b4a8eb37fed91fb612f34128c2f9f53e16cecd6d91e8cc954ea9',
      '77521dd5ecab53ebb27e9c9a357f5d4d4accb0c119807ccdc7a3b2a41e1adb03',
    ],
    root_hash: '1ba009d3574388993f6c29adf6efda271d65ce1e313281e22be0a4485ed6a83b',
  }),
  ofSchema('Consistency', {
    first: 3,
    second: 10,
    consistency_path: [
      '157c122a868cb7e4d9e9f8f15240e8e2b059236f4c7907e9fe4ac3fb9251562a',
      'caefd48f480521d8b542278edfeae29c9b89f41cd25d5597d476d29a19032bb5',
      '7bcb9522b63a98fd8be617686ed095a628fde37b1e828a3bac235b44ec037d63',
      '485a9795ce78b4a8eb37fed91fb612f34128c2f9f53e16cecd6d91e8cc954ea9',
      '77521dd5ecab53ebb27e9c9a357f5d4d4accb0c119807ccdc7a3b2a41e1adb03',
    ],
    first_root: '407b2fe4fce016d803d9b5c94e3204e631b7e13a60bba34218bf848cd402ca54',
    second_root: '1ba009d3574388993f6c29adf6efda271d65ce1e313281e22be0a4485ed6a83b',
  }),
  ofSchema('HeadCheckpoint', {
    origin: 'ledger.example.com/head',
    tree_size: 7,
    root_hash: '69a20fcfb8fbc0b2e0c359798c2228c1e3e428469ffa29a334ffb0cd82cb3e70',
    checkpoint:
      'ledger.example.com/head\n7\naaIPz7j7wLLgw1l5jCIowePkKEaf+imjNP+wzYLLPnA=\n\n— ledger.example.com/head Ub/0paE9zc6gzYoJJOM2uBem2FlQGpJLG/QEzJn9kZKeNmh8NZ+kq6qawBFND17Pp+YFXuxf7fXUkwfUH1Y+eel3hAg=\n',
    cosignatures: [],
    timestamps: [],
    issued_at: '2026-11-27T13:59:39.473Z',
  }),
  ofOperation('GET /v1/audit/orgs/{id}/log/inclusion', 200, {
    leaf_index: 0,
    tree_size: 1,
    leaf_hash: 'df2cba61a285a161c905ae722aeae8940123682f3b9dc07ed50751ddd9822c7f',
    audit_path: [],
    root_hash: 'df2cba61a285a161c905ae722aeae8940123682f3b9dc07ed50751ddd9822c7f',
  }),
  ofSchema('LogIntegrity', {
    tenant_id: 'b0121337-8bda-496d-87e8-a0b754d4909e',
    log_verified: true,
    first_bad_leaf: null,
    tail_verified: true,
    checkpoint: { tree_size: 10, root_hash: '1ba009d3574388993f6c29adf6efda271d65ce1e313281e22be0a4485ed6a83b' },
    tree_size: 10,
    checkpoints_checked: 2,
    problems: [],
  }),
  ofOperation('GET /.well-known/svc-witness-key', 200, {
    name: 'ledger.example.com/witness',
    vkey: 'ledger.example.com/witness+227835f0+BI03yEEO/xDqfllQei48NkDtf/s6wrbfUSZOr0uVHPCm',
    key_id: '227835f0',
  }),
  ofOperation(
    'GET /tlog/tenant/{domain}/checkpoint',
    200,
    'ledger.example.com/acme.example\n10\nG6AJ01dDiJk/bCmt9u/aJx1lzh4xMoHiK+CkSF7WqDs=\n\n— ledger.example.com/acme.example KRjYCngnakRUrd7Uy0G4t6yEaZg+sirvGjrBhKxp3/mbXzfzAPe38+7PRgX4AALj0WBFu9J55+zP201Cnj6qvDBsNwQ=\n',
    { media: 'text/plain' },
  ),
  ofOperation(
    'GET /tlog/head/checkpoint',
    200,
    'ledger.example.com/head\n7\naaIPz7j7wLLgw1l5jCIowePkKEaf+imjNP+wzYLLPnA=\n\n— ledger.example.com/head Ub/0paE9zc6gzYoJJOM2uBem2FlQGpJLG/QEzJn9kZKeNmh8NZ+kq6qawBFND17Pp+YFXuxf7fXUkwfUH1Y+eel3hAg=\n',
    { media: 'text/plain' },
  ),
  ofOperation(
    'POST /witness/add-checkpoint',
    200,
    '— ledger.example.com/witness Ing18AAAAABrCYzONhFzzzf4j9yKx3nZoEmlyRuEnW1vfRPiIb7yirosR0fLCAl/J6XwcKNEsMubnmHKno6zQDgB0nYVzGR9myTfDA==\n',
    { media: 'text/plain' },
  ),
  ofOperation(
    'POST /witness/add-checkpoint',
    'body',
    'old 0\n\ngit.example.org/transparency\n4\nCIz9NBenT14g39I3b+G65xdmjJ5Uz8n/5eLdmB/z0J8=\n\n\u2014 git.example.org/transparency V1Q6Q58Ph1EReS/3owvUB6NDZ6VTpsBEzrGrfy5llis84PdnpB+cAaZMvwxIJvw9sa+K8JY7eo4KxRsABCltzTQ9CQE=\n',
    {
      summary: 'old size 0 (no proof lines), an empty line, the signed checkpoint',
    },
  ),
  ofOperation('POST /witness/add-checkpoint', 409, '4\n', {
    media: 'text/x.tlog.size',
    summary: 'The size this witness last cosigned, when the request says another old size',
  }),
];
