// Owns the public key endpoints (docs/verification.md#8-where-the-keys-come-from): GET /keys/{domain} and the platform key.
import { Elysia } from 'elysia';
import type { Guards } from '../route-kit/guards';
import { doc } from '../route-kit/doc';
import { KeyRecord, PlatformKey } from './model';
import { domainKeysDoc } from './service';
import { platformKeyDoc } from '../signing/platform';
import { recordTable } from '../records/table';

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
