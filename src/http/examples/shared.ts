// Owns the values the examples of several route groups share: the issuer block of the example tenant, the platform's
// head key, the head leaf of the log checkpoint that covers its records and the log blocks of its AI attestation and
// document.

/** The issuer block of the example tenant acme.example (its domain not verified). */
export const issuer = {
  name: 'acme.example',
  issuer_name: 'acme.example',
  primary_domain: 'acme.example',
  domain_verified: false,
};

/** The platform key as the signed-note vkey of the head log, as every head block and the platform key name it. */
export const HEAD_KEY = 'ledger.example.com/head+51bff4a5+AaGEkGk5Zk69xY18sM+M23ZGQJtUMP/eoyVQ2N7ieIBu';

/** The head leaf of the tenant log checkpoint of size 10, with its inclusion proof in the head. */
export const logHead = {
  leaf_index: 4,
  tree_size: 5,
  leaf_hash: '7448dddb430e76986407e99cc39336cf6c4f6e565a800455103d535a999a9407',
  audit_path: ['a251251dfb78dc2df553aff9b1d595100054496867b9bc649303b9e13e3c0ae5'],
  root_hash: 'd4a3aa524770a4e13a60bf3409ceb711c09003f03f35c0364632e796660c7cea',
  checkpoint:
    'ledger.example.com/head\n5\n1KOqUkdwpOE6YL80Cc63EcCQA/A/NcA2RjLnlmYMfOo=\n\n— ledger.example.com/head Ub/0pUVUsLOzNIqDRmddj3sbgC8IvFuv2eVnMM9OMJ3unCVbKiio5Xgno/qKijwXHVhPiuC1/sNDhB5E3nRniffQcwI=\n',
  note_verifier_key: HEAD_KEY,
  timestamps: [],
};

/**
 * The log block of one record of the example tenant, proved in the tenant log checkpoint of size 10. Leaves 6 (the
 * AI attestation) and 7 (the document) are siblings: each one's audit path starts with the other's leaf hash.
 */
export const tenantLog = (leaf_index: number, leaf_hash: string, sibling: string) => ({
  leaf_index,
  tree_size: 10,
  leaf_hash,
  audit_path: [
    sibling,
    '934f52b24263454096c4ff954bf2a0c2523c06038e85b230d104ab9533888a3c',
    '8a95fe475db3356c9f2bdb11f174d4acecbd0d52a80562b928f459bd5706b01c',
    '77521dd5ecab53ebb27e9c9a357f5d4d4accb0c119807ccdc7a3b2a41e1adb03',
  ],
  root_hash: '1ba009d3574388993f6c29adf6efda271d65ce1e313281e22be0a4485ed6a83b',
  checkpoint:
    'ledger.example.com/acme.example\n10\nG6AJ01dDiJk/bCmt9u/aJx1lzh4xMoHiK+CkSF7WqDs=\n\n— ledger.example.com/acme.example KRjYCngnakRUrd7Uy0G4t6yEaZg+sirvGjrBhKxp3/mbXzfzAPe38+7PRgX4AALj0WBFu9J55+zP201Cnj6qvDBsNwQ=\n',
  head: logHead,
});
/** The leaf hashes of the example AI attestation (leaf 6) and document (leaf 7) in the tenant log. */
export const AI_LEAF = 'c707d9c973ec4f7fc2d497276c6f72af27e4011a041d3bf4071b0117f433e86b';
export const DOCUMENT_LEAF = '67185a6b01c2c966d4959ec06c6106319670ef33bfef79be6e57ed0834c4d180';
