// Owns the list of area route plugins mounted on the app.
import { tenantRoutes } from '../tenants/routes';

export const allRoutes = () => [tenantRoutes];
