// Owns the public key endpoints (DECISIONS 7): GET /keys/{domain} and the platform key.
import { Elysia } from 'elysia';
import { limitPublic } from '../http/limits';
import { domainKeysDoc, platformKeyDoc } from './service';
import { recordTable } from '../records/table';

export const tenantRoutes = new Elysia()
  .get('/keys/:domain', ({ params, request }) => {
    limitPublic(request);
    return recordTable().logs.withNoteVerifierKeys(domainKeysDoc(params.domain));
  })
  .get('/.well-known/svc-platform-key', ({ request }) => {
    limitPublic(request);
    return recordTable().logs.withHeadVerifierKey(platformKeyDoc());
  });
