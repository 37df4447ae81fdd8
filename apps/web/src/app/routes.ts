import { authRoutes } from '../features/auth/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { catalogRoutes } from '../features/catalog/routes';
import { errorRoutes } from '../features/errors/routes';
import { contentPageRoutes, contentRoutes } from '../features/content/routes';
import { usersRoutes } from '../features/users/routes';
import { orderReturnRoute, returnsRoutes } from '../features/returns/routes';
import { wishesRoutes } from '../features/wishes/routes';
import { formsRoutes } from '../features/forms/routes';
import { noticesRoutes } from '../features/notices/routes';
import { mailingRoutes } from '../features/mailing/routes';
import { basketRoutes } from '../features/baskets/routes';
import { companyRoutes } from '../features/companies/routes';
import { orderRoutes } from '../features/orders/routes';
import { exchangeRoutes } from '../features/exchange/routes';
import { auditRoutes } from '../features/audit/routes';
import { contentAdminRoutes } from '../features/content-admin/routes';
import { accountRoutes } from '../features/account/routes';
import { keysRoutes } from '../features/keys/routes';
import { machinesRoutes } from '../features/machines/routes';
import type { PortalRoute } from '../lib/routing';

/** The order detail's dialogs: its own correction, and the returns feature's return (docs/spec/02-screens.md). */
const orders: PortalRoute[] = orderRoutes.map((r) =>
  r.name === 'order/OrderDetail' ? { ...r, children: [...(r.children ?? []), orderReturnRoute] } : r,
);

/** Every screen of the portal; each feature owns its routes. The 404 catch-all stays last. */
export const ROUTES: PortalRoute[] = [
  ...authRoutes,
  ...dashboardRoutes,
  ...catalogRoutes,
  ...basketRoutes,
  ...companyRoutes,
  ...orders,
  ...accountRoutes,
  ...contentRoutes,
  ...usersRoutes,
  ...returnsRoutes,
  ...wishesRoutes,
  ...formsRoutes,
  ...noticesRoutes,
  ...keysRoutes,
  ...machinesRoutes,
  ...mailingRoutes,
  ...exchangeRoutes,
  ...auditRoutes,
  ...contentAdminRoutes,
  ...errorRoutes,
  // The generic content page '/{path}' stays the last route before the 404 catch-all.
  ...contentPageRoutes,
];
