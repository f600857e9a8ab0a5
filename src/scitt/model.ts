// Owns the SCITT area's rows and the shapes its operator API documents (docs/scitt.md): registered statements and the
// tenants' issuers.
import { Type as t } from '@sinclair/typebox';
import { Nullable, Ts, Uuid, open } from '../route-kit/schemas';
import type { IssuerAlg } from '../crypto/issuer-keys';

/** A registered statement. Its leaf data is `statement`, the registered form (docs/scitt.md#the-registered-form). */
export type StatementRow = {
  v: 1;
  entry_id: string;
  tenant_id: string;
  api_key_id: string;
  registered_at: string;
  /** The CWT claims of its protected header, as registered. */
  iss: string;
  sub: string;
  /** The issuer key that verified it at registration (RFC 9679 thumbprint, hex). */
  issuer_key_id: string;
  /** The registered form: the statement with an empty unprotected header, deterministic CBOR. */
  statement: Buffer;
  /** SHA-256 hex of `statement`: the tenant's index key of this registered form. */
  statement_sha256: string;
  /** Position in the tenant's transparency log, fixed in the transaction that appends the row. */
  leaf_index: number | null;
};

/** A key a tenant registered for an issuer (`svc issuer add`); revoked keys stay, for the statements they verified. */
export type IssuerRow = {
  tenant_id: string;
  iss: string;
  key_id: string;
  alg: IssuerAlg;
  /** SubjectPublicKeyInfo DER. */
  spki: Buffer;
  added_at: string;
  revoked_at: string | null;
};

const Iss = t.String({ minLength: 1, maxLength: 1024, description: 'The iss (1) CWT claim its statements carry' });

export const ScittIssuerIn = t.Object({
  iss: Iss,
  public_key_pem: t.String({ description: 'The issuer key as a PEM public key (Ed25519 or P-256)' }),
});
export const ScittIssuerRevokeIn = t.Object({ iss: Iss });
export const ScittIssuer = open({
  tenant_id: Uuid,
  iss: t.String(),
  key_id: t.String({ description: 'RFC 9679 COSE Key thumbprint (SHA-256) of the key, hex' }),
  alg: t.Union([t.Literal('EdDSA'), t.Literal('ES256')]),
  public_key_pem: t.String(),
  added_at: Ts,
  revoked_at: Nullable(Ts),
});
export const ScittIssuerList = open({ issuers: t.Array(ScittIssuer) });
