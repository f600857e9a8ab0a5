// Owns the run of the appliance's one rule set (src/verify, bundled into this package) on @noble primitives under
// the caller's trust; the CLI prints the report itself, as `svc verify` does.
import { browserPrimitives } from '../../../src/verify/browser-primitives';
import { optionsOfTexts } from '../../../src/verify/trust-texts';
import { verifyDocument, type VerifyReport } from '../../../src/verify/verify-document';
import type { VerifyTrust } from './verify';

/** The rule set's own report (what `svc verify` prints), under the caller's trust; never rejects. */
export async function checkDocument(proof: unknown, trust: VerifyTrust = {}): Promise<VerifyReport> {
  const o = optionsOfTexts(browserPrimitives.sha256, trust);
  return 'refused' in o ? o.refused : await verifyDocument(browserPrimitives, proof, o.opts);
}
