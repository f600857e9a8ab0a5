// Owns new signing keys made ahead of need (docs/operations.md#keys): the server keeps a few sealed key pairs ready,
// made while it is quiet, so that a burst of tenant creations or rotations does not wait for one key generation
// each on the request thread. A key is made on the spot when none is ready (the CLI and the console always do).
import { config } from '../config';
import { generateSigningKey } from '../crypto/ed25519';
import { log } from '../log';
import { seal } from '../crypto/keywrap';
import { masterKey } from '../store/master-key';
import { keyIdOf } from '../verify/records';
import { nodeSha256 } from '../verify/node-primitives';

/** A new Ed25519 key pair: its id, its public key, and its seed sealed under the master key (never the seed itself). */
export type SealedKey = { key_id: string; public_key: Buffer; sealed_seed: Buffer };

/** How many keys wait at most: a burst of creations larger than this makes the rest on the spot. */
export const READY_MAX = 64;
/** Keys are made only after this long without a key taken, so that making them never slows a burst that runs. */
const QUIET_MS = 20;
/** Keys made per turn of the event loop while refilling: about half a millisecond of work between requests. */
const PER_TURN = 8;

const ready: SealedKey[] = [];
let running = false;
let lastTaken = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

function makeKey(): SealedKey {
  const { publicKey, seed } = generateSigningKey();
  const key_id = keyIdOf(nodeSha256, publicKey);
  return { key_id, public_key: publicKey, sealed_seed: seal(masterKey(config().masterKeyFile), seed, key_id) };
}

/** How many keys are ready now. */
export const readyKeys = (): number => ready.length;

/** A new sealed key: one made ahead when the server has one ready, else one made now. Each is handed out once. */
export function newSealedKey(): SealedKey {
  const k = ready.pop();
  if (!k) return makeKey();
  lastTaken = Date.now();
  refillLater(QUIET_MS);
  return k;
}

function refillLater(ms: number): void {
  if (!running || timer) return;
  timer = setTimeout(refill, ms);
  timer.unref?.();
}

function refill(): void {
  timer = null;
  if (!running) return;
  const quietFor = Date.now() - lastTaken;
  if (quietFor < QUIET_MS) return refillLater(QUIET_MS - quietFor);
  try {
    for (let i = 0; i < PER_TURN && ready.length < READY_MAX; i++) ready.push(makeKey());
  } catch (e) {
    // Outside any request (a timer): a failure here must not stop the server. The next key taken makes its own,
    // and fails its request with the same error if the cause (the master key file) is still there; the pool stays
    // empty until the next start.
    log('error', 'making signing keys ahead failed', { error: String((e as Error).message) });
    return;
  }
  if (ready.length < READY_MAX) refillLater(0);
}

/** Server start (the primary's workers): fills the pool in the background and keeps it filled. */
export function startKeyPool(): void {
  running = true;
  refillLater(0);
}

/** Server stop: no more keys are made; those ready are dropped (they were never stored). */
export function stopKeyPool(): void {
  running = false;
  if (timer) clearTimeout(timer);
  timer = null;
  ready.length = 0;
}
