// Owns the wire format of C2SP tlog-witness v1.0.0 add-checkpoint: the request body, the 409 size body, and
// the checkpoint lines a witness reads (tlog-checkpoint, extension lines allowed). Pure.
import { fromBase64, toBase64 } from '../verify/primitives';
import { parseCheckpoint, type Checkpoint } from '../verify/note';

/** C2SP: a client MUST NOT send more than 63 consistency proof lines. */
export const MAX_PROOF_LINES = 63;
/** Content type of the 409 answer: the witness's latest cosigned size, in decimal, and a newline. */
export const SIZE_CONTENT_TYPE = 'text/x.tlog.size';
const SIZE = /^(0|[1-9][0-9]{0,15})$/;

export type AddCheckpointRequest = { oldSize: number; proof: Uint8Array[]; note: string };

/** A decimal tree size as the protocol writes it (no leading zeroes); null when malformed or beyond 2^53. */
export function parseSize(s: string): number | null {
  if (!SIZE.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : null;
}

/** `old <size>\n`, one base64 hash per line, an empty line, then the signed checkpoint note. */
export function formatAddCheckpoint(oldSize: number, proof: Uint8Array[], note: string): string {
  return `old ${oldSize}\n${proof.map((h) => `${toBase64(h)}\n`).join('')}\n${note}`;
}

/** Reads an add-checkpoint body; null when it is not framed as the protocol says (answered 400). */
export function parseAddCheckpoint(body: string): AddCheckpointRequest | null {
  const split = body.indexOf('\n\n');
  if (split < 0) return null;
  const [first, ...hashes] = body.slice(0, split).split('\n');
  const oldSize = first?.startsWith('old ') ? parseSize(first.slice(4)) : null;
  if (oldSize === null || hashes.length > MAX_PROOF_LINES) return null;
  const proof: Uint8Array[] = [];
  for (const line of hashes) {
    const h = fromBase64(line);
    if (h?.length !== 32) return null;
    proof.push(h);
  }
  return { oldSize, proof, note: body.slice(split + 2) };
}

/** The body of a 409 answer: `<size>\n`; null when malformed. */
export function parseSizeBody(text: string): number | null {
  return text.endsWith('\n') ? parseSize(text.slice(0, -1)) : null;
}

/**
 * The origin, size and root of a checkpoint note body: its first three lines as C2SP tlog-checkpoint writes
 * them, followed by any non-empty extension lines (which a cosignature covers but does not interpret).
 */
export function readCheckpoint(body: string): Checkpoint | null {
  const lines = body.split('\n');
  // `body` ends with a newline, so the last element is empty; every line before it must not be.
  if (lines.length < 4 || lines.at(-1) !== '' || lines.slice(0, -1).some((l) => l === '')) return null;
  return parseCheckpoint(`${lines.slice(0, 3).join('\n')}\n`);
}
