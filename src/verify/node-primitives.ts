// Owns the node:crypto primitives the pure checks run on in the server, the CLI and the console.
import { sha256Raw } from '../crypto/hash';
import { verifyBytes } from '../crypto/ed25519';
import { strictEd25519 } from './ed25519-rules';
import type { Ed25519Verify, Primitives, Sha256 } from './primitives';

export const nodeSha256: Sha256 = (data) => sha256Raw(data);
/** docs/verification.md#ed25519: OpenSSL's cofactorless verification behind the key and S checks; never throws. */
export const nodeVerify: Ed25519Verify = strictEd25519(verifyBytes);
export const nodePrimitives: Primitives = { sha256: nodeSha256, verify: nodeVerify };
