// Owns the operator token sub-databases: rows by SHA-256 of the plaintext, and the index by token id.
import { subDb } from '../store/env';

export type OperatorTokenRow = {
  token_id: string;
  name: string;
  created_at: string;
  revoked_at: string | null;
};
/** Key: SHA-256 hex of the plaintext. The plaintext itself is never stored. */
export const operatorTokens = () => subDb<OperatorTokenRow, string>('operator_tokens');
/** Key: token_id -> plaintext hash. */
export const operatorTokenIds = () => subDb<string, string>('operator_token_ids');
