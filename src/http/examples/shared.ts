// Owns the values the examples of several route groups share: the issuer block of the example tenant and the head
// leaf of the log checkpoint that covers its records.

/** The issuer block of the example tenant acme.example (its domain not verified). */
export const issuer = {
  name: 'acme.example',
  issuer_name: 'acme.example',
  primary_domain: 'acme.example',
  domain_verified: false,
};

/** The head leaf of the tenant log checkpoint of size 10, with its inclusion proof in the head. */
export const logHead = {
  leaf_index: 4,
  tree_size: 5,
  leaf_hash: '7448dddb430e76986407e99cc39336cf6c4f6e565a800455103d535a999a9407',
  audit_path: ['a251251dfb78dc2df553aff9b1d595100054496867b9bc649303b9e13e3c0ae5'],
  root_hash: 'd4a3aa524770a4e13a60bf3409ceb711c09003f03f35c0364632e796660c7cea',
  checkpoint:
    'ledger.example.com/head\n5\n1KOqUkdwpOE6YL80Cc63EcCQA/A/NcA2RjLnlmYMfOo=\n\n— ledger.example.com/head Ub/0pUVUsLOzNIqDRmddj3sbgC8IvFuv2eVnMM9OMJ3unCVbKiio5Xgno/qKijwXHVhPiuC1/sNDhB5E3nRniffQcwI=\n',
  timestamps: [],
};
