// Owns the public key endpoints (docs/verification.md#8-where-the-keys-come-from): GET /keys/{domain} and the platform key.
import { Elysia } from 'elysia';
import { Type as t } from '@sinclair/typebox';
import type { Guards } from '../route-kit/guards';
import { doc } from '../route-kit/doc';
import { Nullable, Ts, open } from '../route-kit/schemas';
import { domainKeysDoc } from './service';
import { platformKeyDoc } from '../signing/platform';
import { recordTable } from '../records/table';

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

export const tenantRoutes = (guards: Guards) =>
  new Elysia()
    .use(guards)
    .get('/keys/:domain', ({ params }) => recordTable().logs.withNoteVerifierKeys(domainKeysDoc(params.domain)), {
      publicRate: true,
      detail: doc({
        summary: "A tenant's public signing keys, signed by the platform key",
        tag: 'keys',
        ok: { 200: KeyRecord },
        errors: ['not_found'],
      }),
    })
    .get('/.well-known/svc-platform-key', () => recordTable().logs.withHeadVerifierKey(platformKeyDoc()), {
      publicRate: true,
      detail: doc({
        summary: "The appliance's platform key, with its signed-note vkey under the head log's origin",
        tag: 'keys',
        ok: { 200: PlatformKey },
      }),
    });
