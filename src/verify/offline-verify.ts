// Owns `svc verify`'s entry to the proof-document rules of src/verify, run on node:crypto (no server involved): a proof
// file, or an evidence pack (the same checks as the single-file verifier, docs/verification.md#22-evidence-packs).
import { verifyFile } from './evidence-pack';
import { nodePrimitives } from './node-primitives';
import { verifyDocument, type VerifyOptions, type VerifyReport } from './verify-document';

export type { Check, ReportCheckpoint, VerifyOptions, VerifyReport } from './verify-document';

/** Detects the document kind and runs every offline check. Accepts the parsed JSON or its text. */
export const verifyProofDocument = (json: unknown, opts: VerifyOptions = {}): Promise<VerifyReport> =>
  verifyDocument(nodePrimitives, json, opts);

/** The bytes of a file as `svc verify` reads it: a proof document or an evidence pack (src/verify/evidence-pack.ts). */
export const verifyProofFile = (bytes: Uint8Array, opts: VerifyOptions = {}) => verifyFile(nodePrimitives, bytes, opts);
