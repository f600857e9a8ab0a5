// Owns `svc verify`'s entry to the proof-document rules of src/verify, run on node:crypto (no server involved).
import { nodePrimitives } from './node-primitives';
import { verifyDocument, type VerifyOptions, type VerifyReport } from './verify-document';

export type { Check, ReportCheckpoint, VerifyOptions, VerifyReport } from './verify-document';

/** Detects the document kind and runs every offline check. Accepts the parsed JSON or its text. */
export const verifyProofDocument = (json: unknown, opts: VerifyOptions = {}): Promise<VerifyReport> =>
  verifyDocument(nodePrimitives, json, opts);
