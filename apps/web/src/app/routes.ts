import { authRoutes } from '../features/auth/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { errorRoutes } from '../features/errors/routes';
import { basketRoutes } from '../features/baskets/routes';
import { companyRoutes } from '../features/companies/routes';
import { orderRoutes } from '../features/orders/routes';
import type { PortalRoute } from '../lib/routing';

/** Every screen of the portal; each feature owns its routes. The 404 catch-all stays last. */
export const ROUTES: PortalRoute[] = [
  ...authRoutes,
  ...dashboardRoutes,
  ...basketRoutes,
  ...companyRoutes,
  ...orderRoutes,
  ...errorRoutes,
];
