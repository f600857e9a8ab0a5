// Owns the README.txt of an evidence pack (docs/verification.md#22-evidence-packs): a plain-text guide for an auditor who
// is not a developer, naming each file of this pack and giving the exact commands that check it, with its own values.

/** One record of the pack: the directory of its files and where its receipt places it. */
export type ReadmePart = { dir: string; origin: string; leafIndex: number; treeSize: number; kid: string | null };
/** One time-stamp token: its file, the head it dates (the head tlog-proof that holds it) and that head's digest. */
export type PackToken = {
  file: string;
  der: Uint8Array;
  headFile: string;
  digest: string;
  genTime: string;
  tsa: string;
};

export type ReadmeFacts = {
  kind: string;
  id: string;
  domain: string;
  url: string;
  parts: ReadmePart[];
  tokens: PackToken[];
  platformKid: string;
};

const WHAT: Record<string, string> = {
  event: 'a ledger event',
  ai: 'an AI attestation',
  document: 'a document anchor',
  trace: 'a sealed trace',
  audit: 'an audit event',
};
const ROUTE: Record<string, (id: string) => string> = {
  event: (id) => `/v1/proof/event/${id}`,
  ai: (id) => `/v1/proof/ai/${id}`,
  document: (id) => `/v1/proof/document/${id}`,
  trace: (id) => `/v1/proof/trace/${id} (public traces) or /v1/traces/${id}/proof`,
  audit: (id) => `/v1/audit/events/${id}`,
};

const ENTRY: Record<string, string> = {
  event: 'the hex "signed_payload" of proof.json, decoded',
  ai: 'the hex "signed_payload" of proof.json, decoded',
  document: 'the hex "signed_payload" of proof.json, decoded',
  trace: 'the hex "signed_payload" of that item (or of the seal) in proof.json, decoded',
  audit: 'the canonical JSON of the event\'s signed fields ("signed_data" of GET /v1/audit/events/{id}/verify)',
};

const b64url = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');

function fileList(f: ReadmeFacts): string {
  const bundle = f.kind === 'trace';
  const ind = bundle ? '  ' : '';
  const rows: Array<[string, string]> = [
    ['README.txt', 'this guide'],
    ['proof.json', `the proof, exactly as ${f.url}${ROUTE[f.kind]!(f.id)} answers it`],
  ];
  if (bundle)
    rows.push(
      ['items/<n>/', 'for item n of "items" in proof.json (counted from 0), these four files:'],
      ['seal/', 'for the seal of the trace, the same four files:'],
    );
  rows.push(
    [`${ind}receipt.cose`, "COSE Receipt: the record is in its organization's transparency log"],
    [`${ind}head-receipt.cose`, "COSE Receipt: that log's checkpoint is in the appliance's head log"],
    [`${ind}proof.tlog-proof`, 'the same inclusion as receipt.cose, as a C2SP tlog-proof (text)'],
    [`${ind}head.tlog-proof`, "the same as head-receipt.cose, as a C2SP tlog-proof, with the witnesses' cosignatures"],
    ['keys.json', `the public signing keys of ${f.domain} (as ${f.url}/keys/${f.domain})`],
    [
      'platform-key.json',
      `the appliance's platform key, which signs the head (as ${f.url}/.well-known/svc-platform-key)`,
    ],
    ['witness-policy.txt', `the witnesses heads are published under (as ${f.url}/.well-known/svc-witness-policy)`],
  );
  if (f.tokens.length) rows.push(['tsa/<n>.tsr', 'RFC 3161 time-stamp tokens over the head(s), one per file (DER)']);
  rows.push(['verify.html', 'a verifier you open in a web browser; it works offline']);
  const w = Math.max(...rows.map((r) => r[0].length));
  return rows.map(([n, d]) => `  ${n.padEnd(w)}  ${d}`).join('\n');
}

function timeSection(f: ReadmeFacts): string {
  if (!f.tokens.length)
    return '  This pack holds no time-stamp token: the appliance is not set up with a time-stamping authority.\n';
  const lines = f.tokens.map(
    (t) =>
      `  ${t.file}: by ${t.tsa}, time ${t.genTime}, dates the head in ${t.headFile}\n` +
      `    openssl ts -verify -token_in -in ${t.file} -digest ${t.digest} -CAfile tsa-roots.pem`,
  );
  return `  You need the root certificate of the time-stamping authority (TSA), from the TSA itself (not from
  this pack), saved as tsa-roots.pem. Then, in the folder where you unzipped the pack, run for each token:

${lines.join('\n')}

  Each must print "Verification: OK". The digest is the SHA-256 of the head's text: the first three
  lines of the checkpoint at the end of the head tlog-proof (after its empty line). To recompute it
  instead of copying it, for example for ${f.tokens[0]!.file}:

    awk 'f&&n<3{print;n++} /^$/&&!f{f=1}' ${f.tokens[0]!.headFile} > head.txt
    openssl dgst -sha256 head.txt
    openssl ts -verify -token_in -in ${f.tokens[0]!.file} -data head.txt -CAfile tsa-roots.pem

  To see the time a token states: openssl ts -reply -token_in -in ${f.tokens[0]!.file} -text
`;
}

function receiptSection(f: ReadmeFacts): string {
  const parts = f.parts.map((p) => {
    const where = p.dir ? `  ${p.dir}receipt.cose` : '  receipt.cose';
    return (
      `${where}: leaf ${p.leafIndex} of ${p.treeSize} in the log "${p.origin}"` +
      (p.kid ? `, kid ${p.kid} (${f.url}/.well-known/scitt-keys/${b64url(p.kid)})` : '')
    );
  });
  return `  Any verifier of IETF COSE Receipts (verifiable data structure RFC9162_SHA256) can check the
  receipts. A receipt is a COSE_Sign1 with a detached payload: it proves that an entry is a leaf of a
  log whose root the key named by its kid signed.
${parts.join('\n')}
  The entry of receipt.cose is the record's signed bytes: ${ENTRY[f.kind]}. Its kid is the RFC 9679 thumbprint
  of the ${f.domain} key in keys.json that signed the log checkpoint.
  head-receipt.cose proves that checkpoint (its entry: the head leaf "svc-head-leaf/v1", the SHA-256
  of the origin in hex, the size and the base64 root, one per line) is in the head log; it is
  signed by the platform key (platform-key.json), kid ${f.platformKid}
  (${f.url}/.well-known/scitt-keys/${b64url(f.platformKid)}).
  Every key that signs receipts is also published as a COSE Key Set at ${f.url}/.well-known/scitt-keys.
`;
}

/** The README.txt of a pack. */
export function packReadme(f: ReadmeFacts): string {
  return `EVIDENCE PACK: ${WHAT[f.kind]} ${f.id}
${'='.repeat(15 + WHAT[f.kind]!.length + f.id.length)}

This pack proves, without trusting whoever runs the appliance at ${f.url}, that ${
    f.kind === 'trace' ? 'every item of the trace and its seal were' : 'the record was'
  }
signed by ${f.domain} and written into an append-only transparency log, that the log's checkpoint is
in the appliance's head log (cosigned by independent witnesses when the appliance has them), and,
when the head carries time-stamp tokens, that it existed no later than their time. Everything
below works offline.

THE FILES

${fileList(f)}

WHAT YOU CAN TRUST

  The files of a pack vouch for each other. To be sure the keys are those of ${f.domain} and of the
  appliance, compare keys.json, platform-key.json and witness-policy.txt with copies you obtained
  yourself (for example from ${f.url} at another time, or from ${f.domain}), and use the time-stamping
  authority's root certificate from that authority. Time-stamps are only believed with such a root.

HOW TO CHECK IT

1. WITH verify.html (nothing to install)

  Unzip the pack and open verify.html in a web browser (double-click it). It needs no network and
  sends nothing anywhere. Give it the .zip file (or proof.json). Optionally give it a witness policy
  and the root certificate of the time-stamping authority (see "What you can trust" below). It shows
  VALID or INVALID and the name of every check it made.

2. WITH svc verify (the appliance's command line; also the proof-ledger executable)

    svc verify proof.json --keys keys.json --platform-key platform-key.json --policy witness-policy.txt --tsa-ca tsa-roots.pem

  (with the executable: proof-ledger svc verify ...; the client libraries' verifiers take the same
  options: npx proof-ledger-verify proof.json ..., python3 -m proof_ledger verify proof.json ...).
  It prints VERIFIED and the time the record existed by, and exits 0; otherwise it names the check
  that failed and exits 1. Leave out --tsa-ca if you have no TSA root (no time is then claimed).

3. THE TIME-STAMPS, WITH OPENSSL

${timeSection(f)}
4. THE RECEIPTS, WITH ANY COSE RECEIPTS VERIFIER

${receiptSection(f)}
5. THE TLOG-PROOFS, WITH C2SP TOOLS

  proof.tlog-proof and head.tlog-proof follow c2sp.org/tlog-proof@v1: "index", the audit path, then
  the signed checkpoint. The log checkpoint is signed by the key whose "note_verifier_key" is in
  keys.json; the head by the key of platform-key.json ("note_verifier_key"), and witness-policy.txt
  is the C2SP tlog-policy a head tlog-proof verifies under.
`;
}
