// Owns the guard plugin the server composes: the checks of src/route-kit/guards.ts bound to authentication, rate limits
// and the per-request state of this layer.
import { guardPlugin } from '../route-kit/guards';
import { sessionOf } from '../portal/service';
import { authorize, requirePaid } from './auth';
import { authorizeOperator } from './operator-auth';
import { limitPublic, limitSession } from './limits';
import { requestState } from './context';

export const guards = guardPlugin({
  authorize,
  authorizeOperator,
  requirePaid,
  limitPublic,
  viewer(request) {
    const s = sessionOf(request.headers);
    limitSession(request, s.link_id);
    return s;
  },
  rawBody: (request) => requestState(request).rawBody ?? '',
});
