// Owns the tenants area's reply shapes as the API documents them: a tenant's published signing keys and the platform key.
import { Type as t } from '@sinclair/typebox';
import { Nullable, Ts, open } from '../route-kit/schemas';

/** One signing key of a tenant, current or retired (valid_until set), signed by the platform key. */
export const PublishedKey = open({
  key_id: t.String(),
  public_key: t.String({ description: 'base64url' }),
  algorithm: t.Literal('ed25519'),
  valid_from: Ts,
  valid_until: Nullable(Ts),
  platform_signature: t.Optional(t.String({ description: 'hex' })),
  note_verifier_key: t.Optional(t.String()),
});
export const KeyRecord = open({
  domain: t.String(),
  public_key: t.String({ description: 'base64url' }),
  algorithm: t.Literal('ed25519'),
  key_id: t.String(),
  platform_signature: t.Optional(t.String({ description: 'hex' })),
  domain_verified: t.Optional(t.Boolean()),
  issuer_name: t.Optional(t.String()),
  keys: t.Array(PublishedKey),
});
export const PlatformKey = open({
  algorithm: t.Literal('ed25519'),
  public_key: t.String(),
  key_id: t.String(),
  created_at: Ts,
  note_verifier_key: t.String(),
});
