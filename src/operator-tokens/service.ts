// Owns platform operator tokens (docs/api.md#the-operator-api): made by `svc admin-token create` only, shown
// once, stored as SHA-256, listed without plaintext or hash, revoked in force on the next request.
import { ApiError } from '../errors';
import { sha256Hex } from '../crypto/hash';
import { secretToken, uuidv4 } from '../crypto/ids';
import { transact, type AlsoInTxn } from '../store/env';
import { bumpEpochInTxn, epochCache } from '../store/epoch';
import { operatorTokenIds, operatorTokens, type OperatorTokenRow } from './repo';

export type { OperatorTokenRow };
export const TOKEN_PREFIX = 'svc_op_';
/** The prefix and 32 random bytes as base64url (43 characters), as API keys are made. */
const TOKEN_SHAPE = /^svc_op_[A-Za-z0-9_-]{43}$/;

/** True when `plaintext` has the shape of an issued operator token; anything else is refused before it is hashed. */
export const isWellFormedOperatorToken = (plaintext: string): boolean => TOKEN_SHAPE.test(plaintext);

export type CreatedToken = { token_id: string; token: string; name: string; created_at: string };
export type RevokedToken = { token_id: string; name: string; revoked_at: string };

/** A new token (`also` runs in the same transaction); its plaintext is in this return value only. */
export async function createOperatorToken(name: string, also?: AlsoInTxn<CreatedToken>): Promise<CreatedToken> {
  const n = (name ?? '').trim();
  if (!n || n.length > 255) throw new ApiError('invalid_name', 'name must be 1-255 characters');
  const token = secretToken(TOKEN_PREFIX);
  const hash = sha256Hex(token);
  const row: OperatorTokenRow = { token_id: uuidv4(), name: n, created_at: new Date().toISOString(), revoked_at: null };
  const out: CreatedToken = { token_id: row.token_id, token, name: n, created_at: row.created_at };
  await transact(() => {
    bumpEpochInTxn(EPOCH);
    operatorTokens().putSync(hash, row);
    operatorTokenIds().putSync(row.token_id, hash);
    also?.(out);
  });
  return out;
}

/** Every token, oldest first: never a plaintext nor a hash. */
export function listOperatorTokens(): OperatorTokenRow[] {
  return [...operatorTokenIds().getRange({})]
    .map(({ value }) => operatorTokens().get(value as string))
    .filter((r): r is OperatorTokenRow => !!r)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/**
 * Revokes a token (idempotent: the first revocation time stays; `also` runs in the same transaction); in force on the
 * server's next request.
 */
export async function revokeOperatorToken(tokenId: string, also?: AlsoInTxn<RevokedToken>): Promise<RevokedToken> {
  const hash = operatorTokenIds().get(tokenId);
  if (!hash) throw new ApiError('not_found', `no operator token ${tokenId}`);
  return transact(() => {
    const row = operatorTokens().get(hash)!;
    const revoked_at = row.revoked_at ?? new Date().toISOString();
    operatorTokens().putSync(hash, { ...row, revoked_at });
    bumpEpochInTxn(EPOCH);
    const out: RevokedToken = { token_id: tokenId, name: row.name, revoked_at };
    also?.(out);
    return out;
  });
}

// Token rows change here only, each change bumping the epoch, so that a revocation by the CLI is seen by the
// server's next request.
const EPOCH = 'operator_tokens';
const cachedToken = epochCache<OperatorTokenRow>(EPOCH, (hash) => operatorTokens().get(hash));

/** The token row of a presented plaintext (looked up by its hash), or undefined. */
export const findOperatorToken = (plaintext: string): OperatorTokenRow | undefined => cachedToken(sha256Hex(plaintext));
