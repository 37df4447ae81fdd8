import Alert from '@mui/material/Alert';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PortalRoute } from '../lib/routing';
import { Guard } from './guard';
import { BaseLayout } from './layout/BaseLayout';
import { PrintLayout } from './layout/PrintLayout';
import { ROUTES } from './routes';

const LAYOUTS: Record<string, () => React.ReactElement> = {
  base: () => <BaseLayout />,
  print: () => <PrintLayout />,
  bare: () => <PrintLayout />,
};

function UnknownLayout({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <BaseLayout>
      <Alert severity="warning">{t('layout.failed', { name })}</Alert>
    </BaseLayout>
  );
}

function toRouteObject(route: PortalRoute): RouteObject {
  const Screen = route.component;
  return {
    path: route.path,
    id: route.name,
    element: (
      <Guard access={route.access} numericParams={route.numericParams}>
        <Screen />
      </Guard>
    ),
    ...(route.children ? { children: route.children.map(toRouteObject) } : {}),
  };
}

/** Routes grouped under their layout, so moving between screens keeps the frame mounted. */
export function buildRouteTree(routes: PortalRoute[]): RouteObject[] {
  const groups = new Map<string, PortalRoute[]>();
  for (const route of routes) {
    const layout = route.layout ?? 'base';
    groups.set(layout, [...(groups.get(layout) ?? []), route]);
  }
  const tree: RouteObject[] = [];
  for (const [layout, members] of groups) {
    const make = LAYOUTS[layout];
    if (make) {
      tree.push({ element: make(), children: members.map(toRouteObject) });
    } else {
      for (const route of members) tree.push({ path: route.path, element: <UnknownLayout name={layout} /> });
    }
  }
  tree.push({ path: '*', element: <Navigate to="/404" replace /> });
  return tree;
}

export const createRouter = () => createBrowserRouter(buildRouteTree(ROUTES));
