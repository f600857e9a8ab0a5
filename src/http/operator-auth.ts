// Owns the authentication of platform operator tokens on /v1/operator/ (docs/api.md#the-operator-api): the bearer
// token must be a live operator token; an API key is refused there as an operator token is everywhere else.
import { ApiError } from '../errors';
import { findOperatorToken, isWellFormedOperatorToken } from '../operator-tokens/service';
import { requestState } from './context';
import { bearerCredential } from './auth';
import type { OperatorPrincipal } from '../route-kit/guards';

/** The token of `Authorization: Bearer <token>`; 401 when absent or of another scheme. */
function presentedToken(headers: Headers): string {
  const auth = headers.get('authorization');
  if (auth === null) throw new ApiError('missing_operator_token');
  return bearerCredential(auth);
}

/** missing_operator_token, invalid_authorization_scheme, invalid_operator_token, operator_token_revoked; once per request. */
export function authorizeOperator(request: Request): OperatorPrincipal {
  const state = requestState(request);
  if (state.operator) return state.operator;
  const token = presentedToken(request.headers);
  if (!isWellFormedOperatorToken(token))
    throw new ApiError(
      'invalid_operator_token',
      token.startsWith('svc_live_')
        ? 'An API key is not accepted under /v1/operator/: send an operator token (svc admin-token create)'
        : 'Operator token not recognised',
    );
  const row = findOperatorToken(token);
  if (!row) throw new ApiError('invalid_operator_token');
  if (row.revoked_at) throw new ApiError('operator_token_revoked');
  state.operator = { token_id: row.token_id, name: row.name };
  return state.operator;
}
