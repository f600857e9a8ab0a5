// Owns the list of area route plugins mounted on the app, each handed the guard plugin.
import { tenantRoutes } from '../tenants/routes';
import { ledgerRoutes } from '../ledger/routes';
import { webRoutes } from '../web/routes';
import { aiRoutes } from '../ai/routes';
import { documentRoutes } from '../documents/routes';
import { traceRoutes } from '../traces/routes';
import { auditRoutes } from '../audit/routes';
import { streamRoutes } from '../streams/routes';
import { exportRoutes } from '../exports/routes';
import { portalRoutes } from '../portal/routes';
import { portalPageRoutes } from '../web/portal/routes';
import { docsRoutes } from '../web/docs/routes';
import { logRoutes } from '../tlog/routes';
import { witnessRoutes } from '../witness/routes';
import { tileRoutes } from '../tlog/tile-routes';
import { headRoutes } from '../tlog/head-routes';
import { adminRoutes } from '../admin/routes';
import { operatorRoutes } from '../admin/operator-routes';
import type { ActionsBy } from '../operator-actions/port';
import { evidenceRoutes } from '../tlog/evidence-routes';
import { scittRoutes } from '../scitt/routes';
import { evidencePackRoutes } from '../evidence/routes';
import { verifierHtml } from '../web/verifier/page';
import { guards } from './guards';

/** `actionsBy`: the operator actions the administration routes run (src/operator-actions/actions.ts, from the server). */
export const allRoutes = (actionsBy: ActionsBy) => [
  tenantRoutes(guards),
  ledgerRoutes(guards),
  webRoutes,
  aiRoutes(guards),
  documentRoutes(guards),
  traceRoutes(guards),
  auditRoutes(guards, actionsBy),
  streamRoutes(guards, actionsBy),
  exportRoutes(guards),
  portalRoutes(guards),
  portalPageRoutes,
  logRoutes(guards),
  witnessRoutes(guards),
  tileRoutes(guards),
  headRoutes(guards),
  adminRoutes(guards, actionsBy),
  operatorRoutes(guards, actionsBy),
  evidenceRoutes(guards),
  evidencePackRoutes(guards, verifierHtml),
  scittRoutes(guards),
  docsRoutes,
];
