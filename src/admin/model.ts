// Owns the request and reply schemas of the administration API: a tenant's own administration (/v1/admin/, scope
// admin) and the platform operator's (/v1/operator/, operator token), as docs/api.md describes them.
import { Type as t } from '@sinclair/typebox';
import { Hex, Nullable, Obj, Ts, Uuid, open } from '../route-kit/schemas';

const Scopes = t.Array(t.Union(['read', 'write', 'audit:read', 'audit:write', 'admin'].map((s) => t.Literal(s))), {
  minItems: 1,
});
const AllowIps = t.Array(t.String({ description: 'CIDR or a single address' }), {
  description: 'Client addresses the key is accepted from; empty = any',
});
const Page = { next_cursor: Nullable(t.String({ description: 'Pass as cursor for the next page; null at the end' })) };
export const PageQuery = {
  cursor: t.Optional(t.String({ description: 'next_cursor of the previous page' })),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 1000, description: 'default 100' })),
};

export const AdminKey = open({
  key_id: Uuid,
  name: t.String(),
  scopes: t.Array(t.String()),
  allow_ips: t.Array(t.String()),
  created_at: Ts,
  last_used_at: Nullable(Ts),
  revoked_at: Nullable(Ts),
});
export const AdminKeyList = open({ keys: t.Array(AdminKey) });
export const AdminKeyIn = t.Object({
  name: t.String({ minLength: 1, maxLength: 255 }),
  scopes: Scopes,
  allow_ips: t.Optional(AllowIps),
});
export const AdminKeyCreated = open({
  key_id: Uuid,
  api_key: t.String({ description: 'The key itself: shown in this answer only, stored as SHA-256' }),
  tenant_id: Uuid,
  name: t.String(),
  scopes: t.Array(t.String()),
  allow_ips: t.Array(t.String()),
});
export const AdminKeyRevoked = open({ key_id: Uuid, revoked_at: Ts });
export const SigningKeyRotated = open({
  key_id: t.String({ description: 'First 16 hex characters of SHA-256 of the new public key' }),
  public_key: Hex,
});

export const OperatorLogEntry = open({
  leaf_index: t.Integer({ minimum: 0 }),
  entry: open({
    action: t.String(),
    at: Ts,
    by: t.String({ description: 'key:<key_id>, token:<token_id> or the OS user who ran the command' }),
    target: t.Record(t.String(), t.String()),
    details: Obj,
  }),
});
export const OperatorLogPage = open({ entries: t.Array(OperatorLogEntry), ...Page });

export const TenantIn = t.Object({
  name: t.String({ minLength: 1, maxLength: 255 }),
  domain: t.String({ description: 'Primary domain, lower case; head, operator and witness are reserved' }),
  plan: t.Optional(t.Union([t.Literal('free'), t.Literal('builder'), t.Literal('enterprise')])),
  issuer_name: t.Optional(t.String({ maxLength: 255 })),
  sandbox: t.Optional(
    t.Boolean({
      description:
        'true: a sandbox tenant for tests; its records say "sandbox": true in their signed bytes, count against no quota and never enter the head',
    }),
  ),
});
export const TenantCreated = open({
  tenant_id: Uuid,
  name: t.String(),
  primary_domain: t.String(),
  plan: t.String(),
  key_id: t.String(),
  public_key: Hex,
  sandbox: t.Boolean(),
});
export const Tenant = open({
  tenant_id: Uuid,
  name: t.String(),
  issuer_name: t.String(),
  primary_domain: t.String(),
  domain_verified: t.Boolean(),
  domain_verified_at: Nullable(Ts),
  plan: t.String(),
  past_due: t.Boolean(),
  created_at: Ts,
  active_key_id: t.String(),
  sandbox: t.Boolean({ description: 'a sandbox tenant (docs/api.md#sandbox-tenants)' }),
  keys: t.Array(
    open({ key_id: t.String(), public_key: Hex, valid_from: Ts, valid_until: Nullable(Ts) }, 'A signing key'),
  ),
  usage: t.Record(t.String(), open({ used: t.Integer(), limit: Nullable(t.Integer()) })),
});
export const TenantPage = open({ tenants: t.Array(Tenant), ...Page });
export const PlanIn = t.Object({ plan: t.String({ description: 'free, builder or enterprise' }) });
export const PastDueIn = t.Object({ on: t.Boolean() });
export const VerifyDomainIn = t.Object({
  force: t.Optional(
    t.Boolean({ description: "true records the operator's attestation instead of looking up the DNS TXT record" }),
  ),
});
export const RetentionRunIn = t.Object({
  as_of: t.Optional(t.String({ format: 'date-time', description: 'Run as of this time (default now)' })),
});
export const RetentionReport = open({
  ledger_sealed: t.Integer(),
  ledger_unsealed: t.Integer(),
  audit_evacuated: t.Integer(),
  audit_purged: t.Integer(),
});
export const BackupIn = t.Object({
  to: t.String({ description: 'Absolute path on the appliance of a new or empty directory' }),
  include_master_key: t.Optional(t.Boolean({ description: 'Copy the master key into the backup (default false)' })),
});
export const BackupDone = open({
  dir: t.String(),
  files: t.Integer(),
  bytes: t.Integer(),
  records: t.Integer(),
  manifest: t.String(),
  includes_master_key: t.Boolean(),
});
export const WitnessLogIn = t.Object({
  origin: t.String({ description: "The log's checkpoint origin" }),
  vkey: t.String({ description: "The log's Ed25519 signed-note verifier key" }),
});
export const WitnessedLog = open({
  origin: t.String(),
  vkey: t.String(),
  size: t.Integer(),
  root_hash: Nullable(t.String()),
  added_at: Ts,
  cosigned_at: Nullable(Ts),
});
export const WitnessLogs = open({
  witness: Nullable(open({ name: t.String(), vkey: t.String(), key_id: t.String() })),
  logs: t.Array(WitnessedLog),
});
