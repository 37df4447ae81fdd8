import { authRoutes } from '../features/auth/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { catalogRoutes } from '../features/catalog/routes';
import { errorRoutes } from '../features/errors/routes';
import type { PortalRoute } from '../lib/routing';

/** Every screen of the portal; each feature owns its routes. The 404 catch-all stays last. */
export const ROUTES: PortalRoute[] = [...authRoutes, ...dashboardRoutes, ...catalogRoutes, ...errorRoutes];
