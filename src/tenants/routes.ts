// Owns the public key endpoints (DECISIONS 7): GET /keys/{domain} and the platform key.
import { Elysia } from 'elysia';
import { chargePublicRate } from '../http/limits';
import { requestState } from '../http/context';
import { domainKeysDoc, platformKeyDoc } from './service';

export const tenantRoutes = new Elysia()
  .get('/keys/:domain', ({ params, request }) => {
    chargePublicRate(requestState(request).ip);
    return domainKeysDoc(params.domain);
  })
  .get('/.well-known/svc-platform-key', ({ request }) => {
    chargePublicRate(requestState(request).ip);
    return platformKeyDoc();
  });
