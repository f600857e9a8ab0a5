// Owns the list of area route plugins mounted on the app.
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
import { headRoutes } from '../tlog/head-routes';
import { limitPublic } from './limits';

export const allRoutes = () => [tenantRoutes, ledgerRoutes, webRoutes, aiRoutes, documentRoutes, traceRoutes, auditRoutes, streamRoutes, exportRoutes, portalRoutes, portalPageRoutes, logRoutes, witnessRoutes(limitPublic), headRoutes(limitPublic), docsRoutes];
