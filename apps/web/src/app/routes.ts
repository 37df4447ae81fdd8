import { authRoutes } from '../features/auth/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { catalogRoutes } from '../features/catalog/routes';
import { errorRoutes } from '../features/errors/routes';
import { contentPageRoutes, contentRoutes } from '../features/content/routes';
import { usersRoutes } from '../features/users/routes';
import { returnsRoutes } from '../features/returns/routes';
import { wishesRoutes } from '../features/wishes/routes';
import { formsRoutes } from '../features/forms/routes';
import { noticesRoutes } from '../features/notices/routes';
import { mailingRoutes } from '../features/mailing/routes';
import { basketRoutes } from '../features/baskets/routes';
import { companyRoutes } from '../features/companies/routes';
import { orderRoutes } from '../features/orders/routes';
import type { PortalRoute } from '../lib/routing';

/** Every screen of the portal; each feature owns its routes. The 404 catch-all stays last. */
export const ROUTES: PortalRoute[] = [
  ...authRoutes,
  ...dashboardRoutes,
  ...catalogRoutes,
  ...basketRoutes,
  ...companyRoutes,
  ...orderRoutes,
  ...contentRoutes,
  ...usersRoutes,
  ...returnsRoutes,
  ...wishesRoutes,
  ...formsRoutes,
  ...noticesRoutes,
  ...mailingRoutes,
  ...errorRoutes,
  // The generic content page '/{path}' stays the last route before the 404 catch-all.
  ...contentPageRoutes,
];
