import Alert from '@mui/material/Alert';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loading } from '../components/States';
import { currentUserQuery } from '../lib/current-user';
import { mayOpen, type PortalRoute } from '../lib/routing';
import { Guard } from './guard';
import { BaseLayout } from './layout/BaseLayout';
import { PrintLayout } from './layout/PrintLayout';
import { ROUTES } from './routes';

const LAYOUTS: Record<string, () => React.ReactElement> = {
  base: () => <BaseLayout />,
  print: () => <PrintLayout />,
  bare: () => <PrintLayout />,
};

/**
 * What shows while the first route's loader runs (the current user is fetched): the layout's frame with a
 * spinner, so React Router has a HydrateFallback and the first paint is not blank (decision 067).
 */
const FALLBACKS: Record<string, () => React.ReactElement> = {
  base: () => (
    <BaseLayout>
      <Loading />
    </BaseLayout>
  ),
  print: () => <Loading />,
  bare: () => <Loading />,
};

function UnknownLayout({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <BaseLayout>
      <Alert severity="warning">{t('layout.failed', { name })}</Alert>
    </BaseLayout>
  );
}

/** The route's prefetch, run once the current user is known and only if the guard will let them in. */
function prefetchLoader(route: PortalRoute, client: QueryClient): RouteObject['loader'] {
  const prefetch = route.prefetch;
  if (!prefetch) return undefined;
  return async ({ params }) => {
    if ((route.numericParams ?? []).some((p) => !/^\d+$/.test(params[p] ?? ''))) return null;
    const user = await client.ensureQueryData(currentUserQuery).catch(() => null);
    const allowed = mayOpen(route.access, user);
    if (allowed) prefetch(params, client);
    return null;
  };
}

function toRouteObject(route: PortalRoute, client: QueryClient): RouteObject {
  const Screen = route.component;
  const loader = prefetchLoader(route, client);
  return {
    path: route.path,
    id: route.name,
    ...(loader ? { loader } : {}),
    element: (
      <Guard access={route.access} numericParams={route.numericParams}>
        <Screen />
      </Guard>
    ),
    ...(route.children ? { children: route.children.map((child) => toRouteObject(child, client)) } : {}),
  };
}

/** Routes grouped under their layout, so moving between screens keeps the frame mounted. */
export function buildRouteTree(routes: PortalRoute[], client: QueryClient): RouteObject[] {
  const groups = new Map<string, PortalRoute[]>();
  for (const route of routes) {
    const layout = route.layout ?? 'base';
    groups.set(layout, [...(groups.get(layout) ?? []), route]);
  }
  const tree: RouteObject[] = [];
  for (const [layout, members] of groups) {
    const make = LAYOUTS[layout];
    if (make) {
      tree.push({
        element: make(),
        hydrateFallbackElement: (FALLBACKS[layout] ?? FALLBACKS.print!)(),
        children: members.map((route) => toRouteObject(route, client)),
      });
    } else {
      for (const route of members) tree.push({ path: route.path, element: <UnknownLayout name={layout} /> });
    }
  }
  tree.push({ path: '*', element: <Navigate to="/404" replace /> });
  return tree;
}

export const createRouter = (client: QueryClient) => createBrowserRouter(buildRouteTree(ROUTES, client));
