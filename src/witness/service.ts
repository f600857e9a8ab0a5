// Owns the appliance as a witness (docs/operations.md#the-appliance-as-a-witness, C2SP tlog-witness v1.0.0): its key, the logs the operator
// added, and add-checkpoint, which cosigns a log's checkpoint only as an append-only extension of the last one.
import type { KeyObject } from 'node:crypto';
import { config, publicUrl } from '../config';
import { ApiError } from '../errors';
import { log } from '../log';
import { generateSigningKey, privateKeyObject, signBytes } from '../crypto/ed25519';
import { open as unseal, seal } from '../crypto/keywrap';
import { masterKey } from '../store/master-key';
import { transact, type AlsoInTxn } from '../store/env';
import { equalBytes, toHex } from '../verify/primitives';
import { nodePrimitives, nodeSha256 } from '../verify/node-primitives';
import { parseNote, parseVerifierKey, verifyNote } from '../verify/note';
import { emptyRoot, verifyConsistency } from '../verify/merkle';
import { cosignatureLine, cosignedMessage, cosignerKeyId, cosignerVerifierKey } from '../verify/cosignature';
import { parseAddCheckpoint, readCheckpoint } from './protocol';
import {
  advanceLogRow,
  getKeyRow,
  getLogRow,
  insertLogRowInTxn,
  listLogRows,
  putKeyRowOnce,
  type WitnessKeyRow,
  type WitnessLogRow,
} from './repo';

/** The sealed seed is bound to this appliance's witness key (AES-GCM additional data). */
const SEAL_AAD = 'witness';

/**
 * Creates the witness key at first start, named `<public host>/witness` after the public URL of that start
 * (the name is part of the key's identity, so it is kept with the key like a log's origin). Call it once the
 * listening port is known.
 */
export async function ensureWitnessKey(): Promise<void> {
  if (getKeyRow()) return;
  const { publicKey, seed } = generateSigningKey();
  await putKeyRowOnce({
    name: `${new URL(publicUrl()).host}/witness`,
    public_key: publicKey,
    sealed_seed: seal(masterKey(config().masterKeyFile), seed, SEAL_AAD),
    created_at: new Date().toISOString(),
  });
}

function keyRow(): WitnessKeyRow {
  const row = getKeyRow();
  if (!row) throw new ApiError('not_found', 'The witness key has not been created yet (it is made at first start)');
  return row;
}

/** GET /.well-known/svc-witness-key: {name, vkey, key_id}; from the public half only. */
export function witnessKeyDoc() {
  const row = keyRow();
  return {
    name: row.name,
    vkey: cosignerVerifierKey(nodeSha256, row.name, row.public_key),
    key_id: toHex(cosignerKeyId(nodeSha256, row.name, row.public_key)),
  };
}

/** The witness key as the CLI shows it, or null before the first start. */
export const describeWitnessKey = () => (getKeyRow() ? witnessKeyDoc() : null);

type Cosigner = { name: string; keyId: Uint8Array; sign: (message: Uint8Array) => Uint8Array };
let cached: { publicKey: Buffer; cosigner: Cosigner } | null = null;
/** The signing side of the witness key, unsealed once per process; the private half stays inside this module. */
function cosigner(): Cosigner {
  const row = keyRow();
  if (cached?.publicKey.equals(row.public_key)) return cached.cosigner;
  const key: KeyObject = privateKeyObject(unseal(masterKey(config().masterKeyFile), row.sealed_seed, SEAL_AAD));
  cached = {
    publicKey: row.public_key,
    cosigner: {
      name: row.name,
      keyId: cosignerKeyId(nodeSha256, row.name, row.public_key),
      sign: (m) => signBytes(key, m),
    },
  };
  return cached.cosigner;
}

/** C2SP signed-note: key names and origins are non-empty text without whitespace-only or control characters. */
const ORIGIN = /^[^\p{Cc}]{1,255}$/u;

/** A witnessed log as listed by the CLI. */
export function describeLog(r: WitnessLogRow) {
  return {
    origin: r.origin,
    vkey: r.vkey,
    size: r.size,
    root_hash: r.root ? r.root.toString('hex') : null,
    added_at: r.added_at,
    cosigned_at: r.cosigned_at,
  };
}

/**
 * Starts witnessing the log `origin` signed by the Ed25519 note key `vkey`; `also` runs in the same transaction.
 * Throws bad_request on bad input or a known origin.
 */
export async function addLog(origin: string, vkey: string, also?: AlsoInTxn<ReturnType<typeof describeLog>>) {
  if (!ORIGIN.test(origin) || origin.trim() !== origin)
    throw new ApiError('bad_request', 'origin must be 1-255 characters, no control characters or surrounding spaces');
  if (!parseVerifierKey(nodeSha256, vkey))
    throw new ApiError(
      'bad_request',
      'vkey must be an Ed25519 signed-note verifier key <name>+<hex key id>+<base64(0x01 || key)> whose key id matches',
    );
  const row: WitnessLogRow = {
    origin,
    vkey,
    size: 0,
    root: null,
    added_at: new Date().toISOString(),
    cosigned_at: null,
  };
  const out = describeLog(row);
  const added = await transact(() => {
    if (!insertLogRowInTxn(row)) return false;
    also?.(out);
    return true;
  });
  if (!added) throw new ApiError('bad_request', `the log ${origin} is already witnessed`);
  return out;
}

export const listLogs = () => listLogRows().map(describeLog);

export type AddCheckpointResult = { status: 200; cosignatures: string } | { status: 409; size: number };

/**
 * POST /witness/add-checkpoint (C2SP tlog-witness v1.0.0). Answers the cosignature line(s) (200) or the size
 * last cosigned when the client's old size is not it (409); throws ApiError for the other answers:
 * 400 bad_request (malformed, old size above the checkpoint's), 404 unknown_log, 403
 * invalid_checkpoint_signature, 422 invalid_consistency_proof.
 */
export async function addCheckpoint(body: string): Promise<AddCheckpointResult> {
  const req = parseAddCheckpoint(body);
  if (!req)
    throw new ApiError(
      'bad_request',
      'expected "old <size>", consistency proof lines (base64, at most 63), an empty line and a checkpoint',
    );
  const eol = req.note.indexOf('\n');
  if (eol < 0) throw new ApiError('bad_request', 'the checkpoint has no origin line');
  const origin = req.note.slice(0, eol);
  const logRow = getLogRow(origin);
  if (!logRow) throw new ApiError('unknown_log', `this witness does not follow the log ${origin}`);
  const note = parseNote(req.note);
  if (!note) throw new ApiError('bad_request', 'the checkpoint is not a well-formed signed note');
  const key = parseVerifierKey(nodeSha256, logRow.vkey)!;
  // C2SP: signatures by unknown keys are ignored; one valid signature by the log's key is needed.
  if (!verifyNote(nodePrimitives, req.note, key.name, key.publicKey))
    throw new ApiError('invalid_checkpoint_signature', `no valid signature by ${key.name}`);
  const cp = readCheckpoint(note.body);
  if (!cp)
    throw new ApiError(
      'bad_request',
      'the note is not a checkpoint (origin, tree size, base64 root hash, extension lines)',
    );
  if (req.oldSize > cp.treeSize)
    throw new ApiError('bad_request', `old size ${req.oldSize} is above the checkpoint's size ${cp.treeSize}`);
  // docs/operations.md#the-appliance-as-a-witness: an empty tree has one root; a size-0 checkpoint with another is impossible.
  if (cp.treeSize === 0 && !equalBytes(cp.root, emptyRoot(nodeSha256)))
    throw new ApiError('bad_request', 'a checkpoint of size 0 must carry the root of the empty tree (SHA-256 of "")');
  if (req.oldSize !== logRow.size) return { status: 409, size: logRow.size };
  const root = Buffer.from(cp.root);
  if (req.oldSize === cp.treeSize && logRow.root && !logRow.root.equals(root)) {
    // The same size with another root: a fork. Kept in the log as evidence of the log's misbehaviour.
    log('warn', 'witness: conflicting checkpoint', { origin, size: cp.treeSize });
    return { status: 409, size: logRow.size };
  }
  if (!consistent(req.oldSize, cp.treeSize, req.proof, logRow.root, cp.root)) {
    log('warn', 'witness: consistency proof does not verify', { origin, old_size: req.oldSize, size: cp.treeSize });
    throw new ApiError(
      'invalid_consistency_proof',
      `the proof does not show ${origin} growing from ${req.oldSize} to ${cp.treeSize} leaves`,
    );
  }
  // C2SP: the check of the old size and the update are one atomic step, durable before the answer.
  const moved = await advanceLogRow(origin, logRow, { size: cp.treeSize, root }, new Date().toISOString());
  if (!moved.ok) return { status: 409, size: moved.size };
  const w = cosigner();
  const time = Math.floor(Date.now() / 1000);
  return {
    status: 200,
    cosignatures: cosignatureLine({
      name: w.name,
      keyId: w.keyId,
      time: BigInt(time),
      signature: w.sign(cosignedMessage(note.body, time)),
    }),
  };
}

/** RFC 6962 consistency from the cosigned state; from size 0 (or to the same size) the proof must be empty. */
function consistent(
  oldSize: number,
  size: number,
  proof: Uint8Array[],
  oldRoot: Buffer | null,
  root: Uint8Array,
): boolean {
  if (oldSize === 0 || oldSize === size) return proof.length === 0;
  return oldRoot !== null && verifyConsistency(nodeSha256, oldSize, size, proof, oldRoot, root);
}

export { pushCheckpoint } from './client';
