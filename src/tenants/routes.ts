// Owns the public key endpoints (DECISIONS 7): GET /keys/{domain} and the platform key.
import { Elysia } from 'elysia';
import { limitPublic } from '../http/limits';
import { domainKeysDoc } from './service';
import { platformKeyDoc } from '../signing/platform';
import { withNoteVerifierKeys } from '../tlog/service';

export const tenantRoutes = new Elysia()
  .get('/keys/:domain', ({ params, request }) => {
    limitPublic(request);
    return withNoteVerifierKeys(domainKeysDoc(params.domain));
  })
  .get('/.well-known/svc-platform-key', ({ request }) => {
    limitPublic(request);
    return platformKeyDoc();
  });
