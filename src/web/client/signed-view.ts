// Owns showing a record's signed bytes: the hex signed_payload decoded as JSON for display (the rules judge the bytes).
import { decodeSignedJson, hexBytes } from '../../verify/records';

/** The signed object for display; null when signed_payload is not hex of a JSON object. */
export function decodedSigned(signedHex: unknown): Record<string, unknown> | null {
  const b = hexBytes(signedHex);
  return b ? decodeSignedJson(b).signed : null;
}
