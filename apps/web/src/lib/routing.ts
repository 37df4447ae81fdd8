import { hasRoutePermission, type PermissionSet, type RoutePermission } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * Who may open a route (docs/spec/02-screens.md): anyone; only someone signed out (login, registration: a signed-in
 * user goes to the dashboard); any signed-in user; or a signed-in user with a named permission
 * (otherwise they go to the dashboard).
 */
export type RouteAccess = 'public' | 'guest' | 'auth' | RoutePermission;

/** Layout names a route may ask for; any other name shows a warning (docs/spec/02-screens.md). */
export type LayoutName = 'base' | 'print' | 'bare' | (string & {});

export interface PortalRoute {
  /** React Router path, e.g. `/order/:id/`. */
  path: string;
  /** Route name, e.g. `order/OrderList` (docs/spec/02-screens.md menu names). */
  name: string;
  access: RouteAccess;
  component: LazyExoticComponent<ComponentType>;
  layout?: LayoutName;
  /** Params that must be digits only; anything else goes to /404 (docs/spec/02-screens.md). */
  numericParams?: string[];
  /** Routes rendered in the screen's dialog slot (the screen renders <Outlet />). */
  children?: PortalRoute[];
  /**
   * Starts the screen's queries as soon as the route matches and the user may open it, so the data is on
   * its way while the frame and the screen's code load and render (params are checked as numericParams).
   */
  prefetch?: (params: Record<string, string | undefined>, client: QueryClient) => void;
}

/** Whether a user (null: nobody signed in) may open a route: the guard redirects otherwise, a prefetch skips. */
export function mayOpen(access: RouteAccess, user: { permissions: unknown } | null | undefined): boolean {
  if (access === 'public') return true;
  if (access === 'guest') return !user;
  if (!user) return false;
  return access === 'auth' || hasRoutePermission(user.permissions as PermissionSet, access as RoutePermission);
}

/** What a reference in the portal's text may point at: an order, a return, a support appeal. */
export type RefKind = 'order' | 'return' | 'appeal';

/**
 * Where a user opens a referenced record, or null when they may not (the route guard would turn them away):
 * an order on the desk for staff, on the dealer's order page with order-fetch; a return and an
 * appeal on their detail pages.
 */
export function refPath(kind: RefKind, id: number, user: { permissions: unknown } | null | undefined): string | null {
  if (kind === 'order') {
    // Staff open it on the desk (decision 193), a dealer on their order page.
    if (mayOpen('comment-create', user)) return `/desk/order/${id}/`;
    return mayOpen('order-fetch', user) ? `/order/${id}/` : null;
  }
  if (kind === 'return') return mayOpen('returns-fetch', user) ? `/returns/${id}/` : null;
  return mayOpen('auth', user) ? `/support/${id}/` : null;
}
