// Owns the node:crypto primitives the pure checks run on in the server, the CLI and the console.
import { sha256Raw } from '../crypto/hash';
import { verifyBytes } from '../crypto/ed25519';
import type { Ed25519Verify, Primitives, Sha256 } from './primitives';

export const nodeSha256: Sha256 = (data) => sha256Raw(data);
/** OpenSSL's Ed25519 verify: strict RFC 8032 (S < L), never throws. */
export const nodeVerify: Ed25519Verify = (publicKey, message, signature) => verifyBytes(publicKey, message, signature);
export const nodePrimitives: Primitives = { sha256: nodeSha256, verify: nodeVerify };
