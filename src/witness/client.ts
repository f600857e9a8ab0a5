// Owns the log side of C2SP tlog-witness v1.0.0: pushing a signed checkpoint to a witness with a consistency
// proof from the size it last cosigned, resynchronising on 409, and keeping only cosignatures that verify.
import { nodePrimitives, nodeSha256 } from '../verify/node-primitives';
import { parseNote } from '../verify/note';
import { checkCosignatures, parseCosignerKey } from '../verify/cosignature';
import { cosignatureTimeOk } from '../verify/time-rules';
import { formatAddCheckpoint, parseSizeBody, readCheckpoint } from './protocol';

export type PushCheckpoint = {
  /** The witness's submission prefix: the request goes to `<url>/add-checkpoint`. */
  url: string;
  /** The witness's cosigner vkey (`<name>+<hex key id>+<base64(0x04 || key)>`). */
  vkey: string;
  /** The signed checkpoint note to cosign. */
  note: string;
  /** The size the witness last cosigned as far as the caller knows (0 when it never did). */
  oldSize: number;
  /** RFC 6962 consistency proof of the caller's log from `from` to `to` leaves (only called with 0 < from < to). */
  proof: (from: number, to: number) => Uint8Array[] | Promise<Uint8Array[]>;
  /** Extra PEM roots for a witness served over HTTPS with a private CA. */
  ca?: string;
  timeoutMs?: number;
  /** The appliance's clock (Unix seconds) for the cosignature time bound; default now. */
  nowSeconds?: number;
};

/**
 * `cosigned`: the witness's valid cosignature lines (each ending in a newline) and their times; `size` is what the
 * witness now holds (the checkpoint's size once cosigned, else the size it answered or the caller's old size),
 * to pass as the next push's old size. `error` says why nothing was cosigned.
 */
export type PushResult =
  | { ok: true; cosignatures: string[]; times: number[]; size: number }
  | { ok: false; status: number; size: number; error: string };

/** 409 answers followed before giving up: one resynchronisation, and one more if the witness moved meanwhile. */
const MAX_RESYNCS = 2;

/** Pushes `note` to the witness and returns its verified cosignatures; never throws. */
export async function pushCheckpoint(o: PushCheckpoint): Promise<PushResult> {
  const witness = parseCosignerKey(nodeSha256, o.vkey.trim());
  const note = parseNote(o.note);
  const cp = note && readCheckpoint(note.body);
  if (!witness || !note || !cp)
    return {
      ok: false,
      status: 0,
      size: o.oldSize,
      error: !witness ? 'malformed witness vkey' : 'malformed checkpoint note',
    };
  let oldSize = o.oldSize;
  for (let attempt = 0; ; attempt++) {
    if (oldSize > cp.treeSize)
      return {
        ok: false,
        status: 409,
        size: oldSize,
        error: `the witness holds ${oldSize} leaves, more than this checkpoint's ${cp.treeSize}`,
      };
    let res: Response;
    let text: string;
    try {
      const proof = oldSize === 0 || oldSize === cp.treeSize ? [] : await o.proof(oldSize, cp.treeSize);
      res = await fetch(`${o.url.replace(/\/+$/, '')}/add-checkpoint`, {
        method: 'POST',
        body: formatAddCheckpoint(oldSize, proof, o.note),
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        signal: AbortSignal.timeout(o.timeoutMs ?? 15_000),
        ...(o.ca ? { tls: { ca: o.ca } } : {}),
      } as RequestInit);
      text = await res.text();
    } catch (e) {
      return { ok: false, status: 0, size: oldSize, error: `witness unreachable: ${(e as Error).message}` };
    }
    if (res.status === 409) {
      const known = parseSizeBody(text);
      if (known === null)
        return {
          ok: false,
          status: 409,
          size: oldSize,
          error: 'malformed 409 answer (expected the size and a newline)',
        };
      // The same old size refused again: the witness holds another tree of that size (a fork) or keeps moving.
      if (known === oldSize || attempt >= MAX_RESYNCS)
        return {
          ok: false,
          status: 409,
          size: known,
          error: `the witness refuses old size ${oldSize} (it holds ${known})`,
        };
      oldSize = known;
      continue;
    }
    if (res.status !== 200)
      return {
        ok: false,
        status: res.status,
        size: oldSize,
        error: `witness answered ${res.status}: ${text.slice(0, 200)}`,
      };
    // C2SP: lines of unknown keys are ignored; docs/verification.md#cosignatures: only cosignatures by this witness's
    // key that verify (the strict Ed25519 rule) and are dated within the bound of the appliance's clock are kept.
    const cosignatures: string[] = [];
    const times: number[] = [];
    const now = o.nowSeconds ?? Date.now() / 1000;
    let outOfBound: bigint | null = null;
    for (const line of text.split('\n').filter(Boolean)) {
      const c = checkCosignatures(nodePrimitives, `${note.body}\n${line}\n`, [witness])?.checks[0];
      if (!c?.ok || c.time === null) continue;
      if (!cosignatureTimeOk(c.time, now)) {
        outOfBound = c.time;
        continue;
      }
      cosignatures.push(`${line}\n`);
      times.push(Number(c.time));
    }
    if (!cosignatures.length)
      return {
        ok: false,
        status: 200,
        size: cp.treeSize,
        error:
          outOfBound === null
            ? 'no valid cosignature by the witness key in the answer'
            : `the witness dated its cosignature ${outOfBound} (Unix seconds), before 2020 or more than 10 minutes ahead of this appliance's clock: not kept`,
      };
    return { ok: true, cosignatures, times, size: cp.treeSize };
  }
}
