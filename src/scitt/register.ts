// Owns the registration of a Signed Statement (POST /entries, docs/scitt.md#registering-a-statement): its form, the
// tenant's registration policy (a registered issuer whose key verifies the signature), the quota, then the hand-over
// to the writer; answered once the entry is durable.
import { ApiError } from '../errors';
import { sha256Hex } from '../crypto/hash';
import { uuidv7 } from '../crypto/ids';
import { ALG_NAMES, issuerSignatureVerified } from '../crypto/issuer-keys';
import { submit } from '../store/writer';
import type { TenantRow } from '../tenants/service';
import type { ApiKeyRow } from '../api-keys/service';
import { assertQuotaLeft, chargedMonth, chargeWrite, settleWrite, type Charged } from '../usage/service';
import type { IdemClaim } from '../route-kit/idempotent';
import {
  readSignedStatement,
  registeredForm,
  statementToBeSigned,
  type SignedStatement,
} from '../verify/signed-statement';
import { activeIssuer } from './issuers';
import { byRegisteredForm } from './repo';
import { STATEMENT_REGISTER, type StatementItem, type StatementResult } from './append';

/** The largest statement registered (docs/scitt.md): the body limit of POST /entries. */
export const STATEMENT_MAX_BYTES = 1024 * 1024;

const rejected = (detail: string) => new ApiError('statement_rejected', detail);

/** The statement's form, or 400 invalid_statement, unsupported_algorithm or missing_claims saying why not. */
export function readStatement(body: Uint8Array): SignedStatement {
  if (body.length === 0) throw new ApiError('invalid_statement', 'The body is empty: send a COSE_Sign1');
  const r = readSignedStatement(body);
  if (!r.ok) throw new ApiError(r.code, r.detail);
  return r.statement;
}

/**
 * The tenant's registration policy: `iss` is one of its issuers (not revoked) and the statement's signature verifies
 * by that issuer's key with the statement's alg. Returns the key id that verified it; 400 statement_rejected otherwise.
 */
async function applyPolicy(tenantId: string, s: SignedStatement): Promise<string> {
  const issuer = activeIssuer(tenantId, s.iss);
  if (!issuer) throw rejected(`${JSON.stringify(s.iss)} is not a registered issuer of this tenant (or it was revoked)`);
  if (issuer.alg !== s.alg)
    throw rejected(
      `the statement is signed with ${ALG_NAMES[s.alg]}; the key of its issuer is ${ALG_NAMES[issuer.alg]}`,
    );
  if (!(await issuerSignatureVerified(s.alg, issuer.spki, statementToBeSigned(s), s.signature)))
    throw rejected(`the signature does not verify with the key ${issuer.key_id} of issuer ${JSON.stringify(s.iss)}`);
  return issuer.key_id;
}

/**
 * POST /entries after authentication and 402: the entry of the statement's registered form in the tenant's log,
 * {entry_id}, with its leaf_index when the entry is new. The same registered form again is the same entry (nothing is
 * written, no unit counted); a new one counts one event of the monthly quota.
 */
export async function registerStatement(
  tenant: TenantRow,
  key: ApiKeyRow,
  contentType: string | null,
  body: Uint8Array,
  claim: IdemClaim | null = null,
): Promise<{ entry_id: string; leaf_index?: number }> {
  if (!/^application\/cose(\s*;|$)/i.test((contentType ?? '').trim()))
    throw new ApiError('unsupported_media_type', 'Send the Signed Statement as Content-Type: application/cose');
  assertQuotaLeft(tenant, 'events_per_month'); // docs/api.md: the quota is asked before the body is validated
  const s = readStatement(body);
  const form = registeredForm(s);
  const digest = sha256Hex(form);
  // The very statement registered before (same protected header, payload and signature) passed the policy then: it is
  // answered its entry, also once its issuer is revoked.
  const known = byRegisteredForm().get([tenant.tenant_id, digest]);
  if (known) return { entry_id: known };
  const issuerKeyId = await applyPolicy(tenant.tenant_id, s);
  const entry_id = uuidv7();
  const item: StatementItem = {
    entry_id,
    tenant_id: tenant.tenant_id,
    api_key_id: key.key_id,
    registered_at: new Date().toISOString(),
    iss: s.iss,
    sub: s.sub,
    issuer_key_id: issuerKeyId,
    statement: Buffer.from(form).toString('base64'),
    statement_sha256: digest,
    ...(claim ? { replay: { claim, answer: { status: 201, body: { entry_id } } } } : {}),
  };
  // The unit travels with the entry and is stored in its transaction.
  const usage = chargeWrite(tenant, 'events_per_month');
  let r: StatementResult | null = null;
  try {
    r = await submit<StatementItem & Charged, StatementResult>(STATEMENT_REGISTER, {
      ...item,
      usage: chargedMonth(usage),
    });
  } finally {
    settleWrite(usage, !!r?.created);
  }
  if (!r.entry_id)
    throw rejected(`issuer ${JSON.stringify(s.iss)} was revoked while the statement was being registered`);
  return { entry_id: r.entry_id, leaf_index: r.leaf_index };
}
